// The gallery in the page against the same session natively: each example's time in the
// built page's worker (WebAssembly in headless Chromium) beside its time through
// `kanren_web::Session` in a native release build, and the ratio. Also the page's cold start:
// the engine loaded, and the first answer after the page opened.
//
//   web/build.sh && node benches/web/page.mjs [ROUNDS]
//
// Native times come from `cargo run --release -p kanren-web --example gallery_times`; page
// times are the worker's own (performance.now around eval and every answer), the least of
// ROUNDS runs (default 5) after one to warm up, in one worker.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(process.argv[1], "../../..");
// The server and the browser are the browser test's (web/test/serve.mjs, whose driver is the
// page's own npm package).
const { serve, launch } = await import(join(root, "web/test/serve.mjs"));
const site = join(root, "target/web");
const rounds = Number(process.argv[2] || 5);

const nativeOut = execFileSync("cargo", ["run", "-q", "--release", "-p", "kanren-web", "--example", "gallery_times", "--", join(root, "web/gallery"), String(rounds)], { cwd: root, encoding: "utf8" });
const native = Object.fromEntries(nativeOut.trim().split("\n").map((l) => l.split("\t")).map(([id, ms]) => [id, Number(ms)]));

const server = await serve(site);
const base = server.base;
const browser = await launch();
const page = await browser.newPage();

// Cold start, over five fresh loads: the engine ready, the first answer of a one-line query.
const cold = [];
for (let i = 0; i < 5; i++) {
  await page.goto("about:blank");
  await page.goto(`${base}#run=${encodeURIComponent("(run* [q] (membero q [1 2 3]))")}`);
  await page.waitForFunction(() => window.kanrenTimings && window.kanrenTimings.firstAnswerMs !== null, null, { timeout: 60000 });
  cold.push(await page.evaluate(() => window.kanrenTimings));
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const gallery = JSON.parse(readFileSync(join(site, "gallery.json"), "utf8"));
const times = await page.evaluate(async ({ gallery, rounds }) => {
  const w = new Worker("worker.js", { type: "module" });
  let id = 0;
  const waiting = new Map();
  await new Promise((ready) => {
    w.onmessage = (e) => {
      if (e.data.ready) ready();
      else if (waiting.has(e.data.id)) waiting.get(e.data.id)(e.data);
    };
  });
  const ask = (m) => new Promise((r) => { const i = ++id; waiting.set(i, r); w.postMessage({ id: i, ...m }); });
  const out = {};
  for (const g of gallery) {
    let best = Infinity;
    for (let k = 0; k <= rounds; k++) {
      const a = await ask({ op: "eval", src: g.source });
      let ms = a.ms;
      if (a.reply && a.reply.more) ms += (await ask({ op: "next", n: 0 })).ms;
      best = Math.min(best, ms);
    }
    out[g.id] = best;
  }
  w.terminate();
  return out;
}, { gallery, rounds });
await browser.close();
server.close();

const wasm = readFileSync(join(site, "pkg/kanren_web_bg.wasm"));
console.log(`kanren_web_bg.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
console.log(`cold start (median of 5 loads): engine ready ${median(cold.map((c) => c.engineMs)).toFixed(0)} ms, first answer ${median(cold.map((c) => c.firstAnswerMs)).toFixed(0)} ms after the page opened`);
console.log("| example | native ms | page ms | page / native |");
console.log("| --- | ---: | ---: | ---: |");
// A worker's clock ticks in tenths of a millisecond (browsers coarsen it where the page is not
// cross-origin isolated): ratios are given for examples of a millisecond or more.
const ratios = [];
for (const g of gallery) {
  const n = native[g.id];
  const p = times[g.id];
  const timed = n >= 1;
  if (timed) ratios.push(p / n);
  console.log(`| ${g.id} | ${n.toFixed(2)} | ${p.toFixed(1)} | ${timed ? (p / n).toFixed(2) : "(under 1 ms)"} |`);
}
const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
console.log(`examples of 1 ms or more: ${ratios.length}; geometric mean page / native ${geo.toFixed(2)}, highest ${Math.max(...ratios).toFixed(2)}`);
