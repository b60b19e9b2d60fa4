// The playground page: the editor, the buttons, the output and REPL panes, the gallery, share
// links and the search-tree view. The engine runs in a Web Worker (worker.js): every request
// goes there, and Stop ends a request by ending the worker and starting a new one.
import { makeEditor, text, setText, goTo } from "./editor.js";
import { drawTree } from "./tree.js";

const $ = (id) => document.getElementById(id);
const WELCOME = `;; Welcome to kanren: core.logic in your browser, no JVM and no server.
;; Press Run (Ctrl-Enter). A query's answers come one at a time: Next, Next 10, All.
;; The examples menu above has lessons, the guide's programs and the N-queens posts.

(defn likes [person food]
  (conde [(== person :ann) (== food :pizza)]
         [(== person :ann) (== food :olives)]
         [(== person :bob) (== food :pizza)]))

(run* [who] (likes who :pizza))
`;

const editor = makeEditor($("editor"), WELCOME, { "Mod-Enter": () => run() });
const out = $("output");
const pageStart = performance.now();
// What the page measured: read by the browser test and shown in the status line.
window.kanrenTimings = { engineMs: null, firstAnswerMs: null };

// ---- the worker ----

let worker = null;
let nextId = 1;
let pending = null; // {id, resolve} of the request in flight
let more = false; // whether the last query has answers left to walk

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.fatal) {
      status(m.fatal, true);
      note(m.fatal, true);
      setButtons();
      return;
    }
    if (m.ready) {
      if (window.kanrenTimings.engineMs === null) window.kanrenTimings.engineMs = performance.now() - pageStart;
      $("picture-styles").textContent = m.styles;
      status(`Engine ready (${Math.round(m.ms)} ms to load).`);
      return;
    }
    if (pending && m.id === pending.id) {
      const p = pending;
      pending = null;
      if (m.crashed) restart(`The engine crashed (${m.crashed}). It has been restarted: definitions made before are gone, press Run to load the program again.`);
      p.resolve(m);
    }
  };
  worker.onerror = (e) => {
    e.preventDefault();
    const p = pending;
    pending = null;
    restart(`The engine's worker failed (${e.message || "unknown error"}). It has been restarted: press Run to load the program again.`);
    if (p) p.resolve({ crashed: e.message || "worker error" });
  };
}

function restart(message) {
  worker.terminate();
  more = false;
  note(message, true);
  startWorker();
  setButtons();
}

function request(msg) {
  if (pending) return Promise.resolve({ busy: true });
  const id = nextId++;
  return new Promise((resolve) => {
    pending = { id, resolve };
    setButtons();
    status("Running…");
    worker.postMessage({ id, limitMs: limitMs(), ...msg });
  }).then((m) => {
    setButtons();
    if (!m.crashed && !m.stopped) status(m.ms !== undefined ? `Done in ${m.ms.toFixed(1)} ms.` : "Done.");
    return m;
  });
}

function stop() {
  if (!pending) return;
  const p = pending;
  pending = null;
  worker.terminate();
  more = false;
  note("Stopped. The engine was restarted: definitions made before are gone, press Run to load the program again.", true);
  status("Stopped.");
  startWorker();
  p.resolve({ stopped: true });
}

function limitMs() {
  const s = parseFloat($("limit").value);
  return s > 0 ? s * 1000 : 0;
}

// ---- the output pane ----

function status(s, bad) {
  $("status").textContent = s;
  $("status").classList.toggle("error", !!bad);
}

function add(el) {
  out.appendChild(el);
  out.scrollTop = out.scrollHeight;
  return el;
}

function pre(cls, s) {
  const p = document.createElement("pre");
  p.className = cls;
  p.textContent = s;
  return add(p);
}

function note(s, bad) {
  pre(bad ? "note error" : "note", s);
}

let answersList = null;
let answerCount = 0;

// Shows a reply: what it printed, then its value, its answers or its error.
function show(reply) {
  if (reply.output) pre("out", reply.output);
  for (const err of reply.errors || []) {
    const e = pre("error", err.report);
    if (err.line) {
      e.title = "Show in the editor";
      e.onclick = () => goTo(editor, err.line, err.column);
    }
  }
  if (reply.value !== undefined) pre("value", reply.value);
  for (const a of reply.answers || []) {
    if (!answersList) {
      answersList = add(document.createElement("ol"));
      answersList.className = "answers";
    }
    const li = document.createElement("li");
    li.className = "answer";
    const code = document.createElement("code");
    code.textContent = a.text;
    li.appendChild(code);
    if (a.html) {
      const pic = document.createElement("div");
      pic.innerHTML = a.html;
      li.appendChild(pic);
    }
    answersList.appendChild(li);
    answerCount++;
    if (window.kanrenTimings.firstAnswerMs === null) window.kanrenTimings.firstAnswerMs = performance.now() - pageStart;
    out.scrollTop = out.scrollHeight;
  }
  more = !!reply.more;
  if (answersList && !more && !(reply.errors || []).length) {
    note(answerCount === 0 ? "No answers." : answerCount === 1 ? "1 answer, no more." : `${answerCount} answers, no more.`);
    answersList.dataset.done = "true";
  }
}

// Evaluates `src` in the session; a query's first answer is shown at once.
async function evaluate(src) {
  answersList = null;
  answerCount = 0;
  const m = await request({ op: "eval", src });
  if (!m.reply) return m;
  show(m.reply);
  if (m.reply.more) {
    answersList = add(document.createElement("ol"));
    answersList.className = "answers";
    return next(1);
  }
  return m;
}

async function next(n) {
  const m = await request({ op: "next", n });
  if (m.reply) show(m.reply);
  if (n === 0 && more) note(`${answerCount} answers so far: a reply brings at most 10 000; press All again for more.`);
  return m;
}

async function run() {
  out.textContent = "";
  return evaluate(text(editor));
}

function setButtons() {
  const busy = !!pending;
  $("run").disabled = busy;
  $("tree").disabled = busy;
  $("next").disabled = busy || !more;
  $("next10").disabled = busy || !more;
  $("all").disabled = busy || !more;
  $("stop").disabled = !busy;
  out.dataset.busy = busy ? "true" : "false";
}

$("run").onclick = () => run();
$("next").onclick = () => next(1);
$("next10").onclick = () => next(10);
$("all").onclick = () => next(0);
$("stop").onclick = () => stop();
// A new session is a new worker: the engine's namespaces live in its one thread, and a fresh
// WebAssembly instance forgets them all (the browser keeps the compiled module, so it is quick).
$("reset").onclick = () => {
  const p = pending;
  pending = null;
  worker.terminate();
  more = false;
  out.textContent = "";
  note("A new session: every definition is forgotten.");
  status("New session.");
  startWorker();
  setButtons();
  if (p) p.resolve({ stopped: true });
};

// ---- the REPL ----

const replHistory = [];
let historyAt = 0;
$("repl").onsubmit = async (e) => {
  e.preventDefault();
  const input = $("repl-input");
  const src = input.value.trim();
  if (!src || pending) return;
  replHistory.push(src);
  historyAt = replHistory.length;
  input.value = "";
  pre("input", "user=> " + src);
  await evaluate(src);
};
$("repl-input").onkeydown = (e) => {
  if (e.key === "ArrowUp" && historyAt > 0) {
    $("repl-input").value = replHistory[--historyAt];
    e.preventDefault();
  } else if (e.key === "ArrowDown" && historyAt < replHistory.length) {
    historyAt++;
    $("repl-input").value = replHistory[historyAt] || "";
    e.preventDefault();
  }
};

// ---- the gallery ----

let gallery = [];
async function loadGallery() {
  try {
    gallery = await (await fetch(new URL("./gallery.json", import.meta.url))).json();
  } catch (e) {
    note("The examples could not be loaded: " + e, true);
    return;
  }
  const select = $("gallery");
  const groups = {};
  for (const [i, g] of gallery.entries()) {
    if (!groups[g.group]) {
      groups[g.group] = document.createElement("optgroup");
      groups[g.group].label = g.groupTitle;
      select.appendChild(groups[g.group]);
    }
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = g.title;
    groups[g.group].appendChild(o);
  }
  select.onchange = () => {
    const g = gallery[Number(select.value)];
    if (!g) return;
    setText(editor, g.source);
    $("about").textContent = g.about;
    location.hash = "example=" + g.id;
  };
  return gallery;
}

// ---- share links: #src=<program> opens it, #run=<program> opens and runs it ----

$("share").onclick = async () => {
  const link = location.href.split("#")[0] + "#src=" + encodeURIComponent(text(editor));
  window.history.replaceState(null, "", link);
  try {
    await navigator.clipboard.writeText(link);
    status("Link copied: it holds the whole program.");
  } catch {
    status("The address bar holds the link to this program.");
  }
};

async function openFromHash() {
  const h = location.hash.slice(1);
  const eq = h.indexOf("=");
  if (eq < 0) return;
  const key = h.slice(0, eq);
  const value = decodeURIComponent(h.slice(eq + 1));
  if (key === "src" || key === "run") {
    setText(editor, value);
    if (key === "run") {
      const m = await run();
      // A shared lesson shows every answer (within the time limit).
      if (more && !m.stopped && !m.crashed) await next(0);
    }
  } else if (key === "example") {
    const i = gallery.findIndex((g) => g.id === value);
    if (i >= 0) {
      $("gallery").value = String(i);
      setText(editor, gallery[i].source);
      $("about").textContent = gallery[i].about;
    }
  }
  out.dataset.opened = "true";
}

// ---- the search tree ----

let treeDrawing = null;
$("tree").onclick = async () => {
  const m = await request({ op: "tree", src: text(editor), maxNodes: 300 });
  if (!m.reply) return;
  if (m.reply.output) pre("out", m.reply.output);
  if (m.reply.errors) {
    show({ errors: m.reply.errors });
    return;
  }
  $("tree-view").hidden = false;
  treeDrawing = drawTree($("tree-canvas"), m.reply.tree, {
    slider: $("tree-step"),
    info: $("tree-info"),
    back: $("tree-back"),
    forward: $("tree-forward"),
    play: $("tree-play"),
    answers: $("tree-answers"),
  });
};
$("tree-close").onclick = () => {
  $("tree-view").hidden = true;
  if (treeDrawing) treeDrawing.stop();
};

// ---- start ----

if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
  status("This browser cannot run the playground: it needs WebAssembly and Web Workers.", true);
  note("This browser cannot run the playground: it needs WebAssembly and Web Workers.", true);
  for (const b of document.querySelectorAll("button")) b.disabled = true;
} else {
  startWorker();
  setButtons();
  loadGallery().then(openFromHash);
}
window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#run=") || location.hash.startsWith("#src=")) openFromHash();
});
