// The engine's thread: the WebAssembly session lives here, so a long query never freezes the
// page. Messages in: {id, op: "eval", src, limitMs} | {id, op: "next", n, limitMs}
// | {id, op: "tree", src, maxNodes}. Messages out: {ready, ms} once loaded, then
// {id, reply} (the session's JSON reply, parsed) or {id, crashed} when the engine trapped (a
// panic, the JavaScript stack exhausted, memory exhausted): after a crash the page starts a
// new worker, since the engine's state can no longer be trusted.
import init, { Playground, failed_allocation } from "./pkg/kanren_web.js";

let session = null;
let exports = null;

async function start() {
  if (typeof WebAssembly !== "object") {
    postMessage({ fatal: "This browser has no WebAssembly: the playground needs it." });
    return;
  }
  const t0 = performance.now();
  try {
    exports = await init({ module_or_path: new URL("./pkg/kanren_web_bg.wasm", import.meta.url) });
    session = new Playground();
  } catch (e) {
    postMessage({ fatal: "The engine did not load: " + e });
    return;
  }
  postMessage({ ready: true, ms: performance.now() - t0, styles: Playground.styles() });
}

// Requests that arrive while the engine loads wait for it.
let loading = [];
start().then(() => {
  const waiting = loading;
  loading = null;
  for (const m of waiting) handle(m);
});

function handle(m) {
  if (!session) {
    postMessage({ id: m.id, crashed: "the engine is not loaded" });
    return;
  }
  const t0 = performance.now();
  try {
    let json;
    if (m.op === "eval") json = session.eval(m.src, m.limitMs || 0);
    else if (m.op === "next") json = session.next(m.n || 0, m.limitMs || 0);
    else if (m.op === "tree") json = session.tree(m.src, m.maxNodes || 300, m.limitMs || 0);
    else throw new Error("unknown request " + m.op);
    postMessage({ id: m.id, reply: JSON.parse(json), ms: performance.now() - t0 });
  } catch (e) {
    session = null;
    const memory = exports && exports.memory ? exports.memory.buffer.byteLength : 0;
    let failed = 0;
    try {
      failed = failed_allocation();
    } catch {}
    let why;
    if (e instanceof RangeError) why = "the JavaScript stack ran out: " + e.message;
    else if (failed > 0) why = `memory ran out: ${(failed / 2 ** 20).toFixed(0)} MB more could not be had, with ${(memory / 2 ** 30).toFixed(1)} GB in use`;
    else if (e instanceof WebAssembly.RuntimeError) why = "an internal error stopped it: " + e.message;
    else why = String(e);
    postMessage({ id: m.id, crashed: why });
  }
}

onmessage = (e) => {
  if (loading) loading.push(e.data);
  else handle(e.data);
};
