// The playground in a real browser: Debian's Chromium, headless, driven by playwright-core,
// opens the built page (target/web/, served here on a free port) and checks that
//   - every gallery example, opened as a `#run=` link, prints what the native `kanren -e`
//     prints for the same source (its output, then the query's answers as a list);
//   - Stop ends an infinite `run*`, and the restarted engine runs the next program; Reset
//     forgets the definitions;
//   - the time limit ends an infinite query with a message, and a program that exhausts
//     memory ends the engine with one (and a new engine starts); endless output is cut;
//   - bad input (unbalanced source, an unknown name) shows an error with its line and column;
//   - a recursion 10 000 calls deep answers;
//   - the search-tree view draws a small conde query with the branch of each answer;
//   - a browser without WebAssembly gets a message, not a blank page.
// Usage: node web/test/browser.mjs [KANREN]   (KANREN: the native binary, default
// target/release/kanren; CHROMIUM: the browser, default /usr/bin/chromium)
import { readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { serve, launch, browserPath as chromiumPath } from "./serve.mjs";

const root = resolve(process.argv[1], "../../..");
const site = join(root, "target/web");
const kanren = process.argv[2] || join(root, "target/release/kanren");
const browserPath = chromiumPath();
for (const [what, p] of [["the built page", join(site, "index.html")], ["the native binary", kanren], ["chromium", browserPath]]) {
  if (!existsSync(p)) {
    console.error(`browser test: ${what} is missing (${p})`);
    process.exit(2);
  }
}

const server = await serve(site);
const base = server.base;
const browser = await launch();
const page = await browser.newPage();
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(String(e)));

let failures = 0;
function check(ok, what, detail) {
  if (ok) console.log(`ok   ${what}`);
  else {
    failures++;
    console.log(`FAIL ${what}${detail ? "\n" + detail : ""}`);
  }
}

// Opens `#key=src` in a fresh page load and waits until the page is idle again.
async function open(key, src, timeout = 60000) {
  await page.goto("about:blank");
  await page.goto(`${base}#${key}=${encodeURIComponent(src)}`);
  await page.waitForFunction(() => {
    const out = document.getElementById("output");
    return out.dataset.opened === "true" && out.dataset.busy === "false";
  }, null, { timeout });
}

// What the page printed, in the shape of `kanren -e`'s stdout: the program's output, then
// the value, or the answers as a list.
async function transcript() {
  return page.evaluate(() => {
    const out = document.getElementById("output");
    let s = [...out.querySelectorAll("pre.out")].map((p) => p.textContent).join("");
    const errors = [...out.querySelectorAll("pre.error")].map((p) => p.textContent);
    const value = out.querySelector("pre.value");
    const list = out.querySelector("ol.answers");
    if (value) s += value.textContent + "\n";
    else if (list) s += "(" + [...list.querySelectorAll("li.answer > code")].map((c) => c.textContent).join(" ") + ")\n";
    return { text: s, errors, done: !list || list.dataset.done === "true" };
  });
}

function native(src) {
  try {
    return { text: execFileSync(kanren, ["-e", src], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }), error: null };
  } catch (e) {
    return { text: e.stdout, error: String(e.stderr) };
  }
}

// 1. The gallery, each example against the native binary.
const gallery = JSON.parse(readFileSync(join(site, "gallery.json"), "utf8"));
const times = [];
for (const g of gallery) {
  const t0 = Date.now();
  await open("run", g.source);
  const ms = Date.now() - t0;
  const got = await transcript();
  const want = native(g.source);
  times.push([g.id, ms]);
  check(got.errors.length === 0 && want.error === null && got.done && got.text === want.text, `gallery ${g.id} (${ms} ms)`,
    `page:   ${JSON.stringify(got)}\nnative: ${JSON.stringify(want)}`);
}

// 2. Stop ends an infinite run*; the new engine runs the next program.
await page.goto("about:blank");
await page.goto(`${base}#src=${encodeURIComponent("(defn nevero [] (fresh [] (nevero)))\n(run* [q] (nevero))")}`);
await page.waitForFunction(() => document.getElementById("output").dataset.opened === "true");
await page.fill("#limit", "600");
await page.waitForFunction(() => !document.getElementById("run").disabled, null, { timeout: 60000 });
await page.click("#run");
await page.waitForTimeout(1500);
const running = await page.evaluate(() => document.getElementById("output").dataset.busy);
await page.click("#stop");
await page.waitForFunction(() => document.getElementById("output").dataset.busy === "false");
const stopped = await page.textContent("#output");
check(running === "true" && /Stopped/.test(stopped), "Stop ends an infinite run*", stopped);
await page.evaluate(() => (document.getElementById("repl-input").value = "(run* [q] (membero q [1 2]))"));
await page.press("#repl-input", "Enter");
await page.waitForFunction(() => document.querySelectorAll("li.answer").length > 0, null, { timeout: 30000 });
check(true, "the restarted engine answers");

// 2b. Reset forgets the definitions.
await page.evaluate(() => (document.getElementById("repl-input").value = "(def kept 1)"));
await page.press("#repl-input", "Enter");
await page.waitForFunction(() => /#'user\/kept/.test(document.getElementById("output").textContent), null, { timeout: 30000 });
await page.click("#reset");
await page.evaluate(() => (document.getElementById("repl-input").value = "kept"));
await page.press("#repl-input", "Enter");
await page.waitForFunction(() => /Unable to resolve symbol: kept/.test(document.getElementById("output").textContent), null, { timeout: 30000 });
check(true, "Reset forgets the definitions");

// 3. The time limit ends an infinite query with a message.
await open("src", "(defn nevero [] (fresh [] (nevero)))\n(run* [q] (nevero))");
await page.fill("#limit", "0.5");
await page.click("#run");
await page.waitForFunction(() => /time limit/.test(document.getElementById("output").textContent), null, { timeout: 30000 });
check(true, "the time limit ends an infinite query");

let t;
// 3b. A program that exhausts memory ends the engine with a message, and a new one starts.
// A string doubled until memory runs out (4 GB for a page's WebAssembly), under a time limit
// long enough not to end it first.
await open("src", "(loop [s \"x\"] (recur (str s s)))");
await page.fill("#limit", "120");
await page.click("#run");
await page.waitForFunction(() => document.getElementById("output").dataset.busy === "false" && document.getElementById("output").textContent.length > 0, null, { timeout: 120000 });
t = await transcript();
check(t.errors.length === 1 && /memory ran out/.test(t.errors[0]), "memory exhausted: a message, the engine restarted", JSON.stringify(t));

// 3c. A program that prints without end: its time limit ends it, and the page shows the first
// megabyte of its output, not a frozen tab.
await open("src", "(loop [i 0] (println \"line\" i) (recur (inc i)))");
await page.fill("#limit", "2");
const printing = Date.now();
await page.click("#run");
await page.waitForFunction(() => /time limit/.test(document.getElementById("output").textContent), null, { timeout: 60000 });
t = await transcript();
check(/more bytes of output not shown/.test(t.text) && Date.now() - printing < 20000, `endless output is cut (${Date.now() - printing} ms)`, t.text.slice(-200));

// 4. Bad input: errors with their line and column.
await open("run", "(defn f [x]\n  (+ x 1)\n(f 2)");
t = await transcript();
check(t.errors.length === 2 && /editor:1:1: EOF while reading/.test(t.errors[0]) && /editor:3:1/.test(t.errors[1]), "unbalanced source: an error at its line and column", JSON.stringify(t));
await open("run", "(run* [q]\n  (membero q (frobnicate 3)))");
t = await transcript();
check(t.errors.length === 1 && /frobnicate/.test(t.errors[0]) && /editor:2:/.test(t.errors[0]), "an unknown name: an error at its line", JSON.stringify(t));

// 5. Deep recursion.
await open("run", "(defn down [n] (if (zero? n) 0 (inc (down (dec n)))))\n(down 10000)");
t = await transcript();
check(t.text === "10000\n" && t.errors.length === 0, "a recursion 10 000 calls deep", JSON.stringify(t));

// 6. The search tree of a small conde query.
await open("src", "(run* [q] (conde [(== q 1)] [(== q 2) (== q 3)] [(== q 4)]))");
await page.click("#tree");
await page.waitForSelector("#tree-canvas svg", { timeout: 30000 });
const tree = await page.evaluate(() => ({
  answers: [...document.querySelectorAll("#tree-canvas g.node.answer title")].map((t) => t.textContent),
  failed: document.querySelectorAll("#tree-canvas g.node.failed").length,
  branches: document.querySelectorAll("#tree-canvas g.node.branch").length,
}));
check(tree.answers.length === 2 && tree.failed >= 1 && tree.branches === 3, "the search tree: three branches, two answers, a failed unification", JSON.stringify(tree));

// 7. A browser without WebAssembly gets a message in the page, not a blank one.
const bare = await browser.newPage();
await bare.addInitScript(() => {
  delete globalThis.WebAssembly;
});
await bare.goto(base);
const said = await bare.textContent("#output");
check(/needs WebAssembly/.test(said), "a browser without WebAssembly: a message in the page", said);
await bare.close();

check(pageErrors.length === 0, "no uncaught errors in the page", pageErrors.join("\n"));

// Timings: the engine's load, the first answer after the page opened.
await page.goto("about:blank");
await page.goto(`${base}#run=${encodeURIComponent("(run* [q] (membero q [1 2 3]))")}`);
await page.waitForFunction(() => window.kanrenTimings && window.kanrenTimings.firstAnswerMs !== null, null, { timeout: 60000 });
const timings = await page.evaluate(() => window.kanrenTimings);
console.log(`timings: engine loaded ${timings.engineMs.toFixed(0)} ms, first answer ${timings.firstAnswerMs.toFixed(0)} ms after the page opened`);

await browser.close();
server.close();
console.log(failures === 0 ? "browser test: all passed" : `browser test: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
