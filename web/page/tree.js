// The search-tree view: the tree of goals a query tried (the engine's `search_tree`, as
// JSON: nodes with their parent, kind, label, the step at which the search visited them and
// whether they failed at once; answers as leaves), drawn as SVG, with a slider that replays
// the order in which the interleaving search visited the nodes. Clicking an answer shows the
// path it came by: which branch of each conde.

const SVG = "http://www.w3.org/2000/svg";
const CHAR = 7; // px per character of label
const ROW = 52; // px between depths
const GAP = 10; // px between neighbouring subtrees
const MAX_LABEL = 34;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function caption(n) {
  let s = n.label || n.kind;
  if (n.kind === "branch") s = `${n.index + 1}: ${s}`;
  if (n.kind === "answer") s = `answer ${n.index + 1}: ${s}`;
  return s.length > MAX_LABEL ? s.slice(0, MAX_LABEL - 1) + "…" : s;
}

// Draws `tree` into `box`; `ui` holds the slider and buttons. Returns {stop}.
export function drawTree(box, tree, ui) {
  box.textContent = "";
  const nodes = tree.nodes;
  const kids = nodes.map(() => []);
  const roots = [];
  for (const n of nodes) (n.parent === null ? roots : kids[n.parent]).push(n.id);

  // Widths bottom-up, then x positions top-down: each subtree gets the width of its widest
  // row of children, a parent centred over its children.
  const own = nodes.map((n) => caption(n).length * CHAR + 12);
  const width = new Array(nodes.length).fill(0);
  const depth = new Array(nodes.length).fill(0);
  const order = [];
  const stack = roots.slice().reverse();
  while (stack.length) {
    const i = stack.pop();
    order.push(i);
    for (const k of kids[i].slice().reverse()) {
      depth[k] = depth[i] + 1;
      stack.push(k);
    }
  }
  for (const i of order.slice().reverse()) {
    const sum = kids[i].reduce((a, k) => a + width[k], 0) + GAP * Math.max(0, kids[i].length - 1);
    width[i] = Math.max(own[i], sum);
  }
  const x = new Array(nodes.length).fill(0);
  const place = (list, left) => {
    for (const i of list) {
      x[i] = left + width[i] / 2;
      const sum = kids[i].reduce((a, k) => a + width[k], 0) + GAP * Math.max(0, kids[i].length - 1);
      place(kids[i], left + (width[i] - sum) / 2);
      left += width[i] + GAP;
    }
  };
  // An explicit stack would be needed for trees thousands deep; the engine's node limit keeps
  // them to a few hundred nodes.
  place(roots, 8);
  const total = roots.reduce((a, r) => a + width[r] + GAP, 8);
  const maxDepth = Math.max(0, ...depth);
  const svg = el("svg", { width: total + 8, height: (maxDepth + 1) * ROW + 20 }, box);

  const edges = [];
  const boxes = [];
  for (const n of nodes) {
    if (n.parent !== null) {
      const p = n.parent;
      edges[n.id] = el("path", {
        class: "edge",
        d: `M${x[p]},${depth[p] * ROW + 32} C${x[p]},${depth[n.id] * ROW + 6} ${x[n.id]},${depth[p] * ROW + 40} ${x[n.id]},${depth[n.id] * ROW + 10}`,
      }, svg);
    }
  }
  for (const n of nodes) {
    const g = el("g", { class: "node " + n.kind + (n.failed ? " failed" : "") }, svg);
    const w = own[n.id];
    el("rect", { x: x[n.id] - w / 2, y: depth[n.id] * ROW + 10, width: w, height: 22, rx: 5 }, g);
    const t = el("text", { x: x[n.id], y: depth[n.id] * ROW + 25, "text-anchor": "middle" }, g);
    t.textContent = caption(n);
    const title = el("title", {}, g);
    title.textContent = `${n.kind}${n.failed ? " (failed)" : ""}, step ${n.step + 1}: ${n.label}`;
    g.onclick = () => showPath(n.id);
    boxes[n.id] = g;
  }
  if (tree.truncated) {
    const note = el("text", { x: 8, y: (maxDepth + 1) * ROW + 14 }, svg);
    note.textContent = `The search was stopped at ${tree.max_nodes} nodes.`;
  }

  // Steps: nodes in the order the search visited them.
  const byStep = nodes.slice().sort((a, b) => a.step - b.step);
  const last = byStep.length - 1;
  ui.slider.max = String(Math.max(0, last));
  let timer = null;

  function show(k) {
    ui.slider.value = String(k);
    const step = byStep[k] ? byStep[k].step : -1;
    for (const n of nodes) {
      const future = n.step > step;
      boxes[n.id].classList.toggle("future", future);
      boxes[n.id].classList.toggle("current", n.step === step);
      if (edges[n.id]) edges[n.id].classList.toggle("future", future);
    }
    const n = byStep[k];
    const answers = nodes.filter((m) => m.kind === "answer" && m.step <= step).length;
    ui.info.textContent = n
      ? `step ${k + 1} of ${last + 1}: ${n.kind}${n.failed ? " (failed)" : ""} ${n.kind === "answer" ? n.label : caption(n)}; ${answers} answer${answers === 1 ? "" : "s"} so far`
      : "";
  }

  function showPath(id) {
    for (const b of boxes) b.classList.remove("onpath");
    for (let i = id; i !== null; i = nodes[i].parent) boxes[i].classList.add("onpath");
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    ui.play.textContent = "Play";
  }

  ui.slider.oninput = () => {
    stop();
    show(Number(ui.slider.value));
  };
  ui.back.onclick = () => {
    stop();
    show(Math.max(0, Number(ui.slider.value) - 1));
  };
  ui.forward.onclick = () => {
    stop();
    show(Math.min(last, Number(ui.slider.value) + 1));
  };
  ui.play.onclick = () => {
    if (timer) return stop();
    if (Number(ui.slider.value) >= last) show(0);
    ui.play.textContent = "Pause";
    timer = setInterval(() => {
      const k = Number(ui.slider.value);
      if (k >= last) stop();
      else show(k + 1);
    }, 350);
  };
  // Each answer with the branches it came by (the clause number at every conde on its path).
  if (ui.answers) {
    ui.answers.textContent = "";
    for (const n of nodes.filter((m) => m.kind === "answer")) {
      const branches = [];
      for (let i = n.parent; i !== null; i = nodes[i].parent) {
        if (nodes[i].kind === "branch") branches.unshift(nodes[i].index + 1);
      }
      const b = document.createElement("button");
      b.className = "tree-answer";
      b.textContent = `answer ${n.index + 1}: ${n.label}  ← branch${branches.length === 1 ? "" : "es"} ${branches.join(" › ") || "none"}`;
      b.onclick = () => {
        stop();
        show(byStep.indexOf(n));
        showPath(n.id);
      };
      ui.answers.appendChild(b);
    }
  }
  show(last);
  return { stop, showPath, nodes: nodes.length };
}
