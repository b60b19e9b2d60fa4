// The code editor: CodeMirror 6 with its Clojure mode, bracket matching and closing, undo
// history and search, bundled by web/build.sh (esbuild) into the site's editor.js.
import { basicSetup } from "codemirror";
import { EditorView, keymap } from "@codemirror/view";
import { EditorState, Prec } from "@codemirror/state";
import { StreamLanguage } from "@codemirror/language";
import { clojure } from "@codemirror/legacy-modes/mode/clojure";

// An editor in `parent` holding `doc`; `keys` maps key names ("Mod-Enter") to actions.
export function makeEditor(parent, doc, keys) {
  const bindings = Object.entries(keys).map(([key, run]) => ({
    key,
    run: () => {
      run();
      return true;
    },
  }));
  return new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        Prec.highest(keymap.of(bindings)),
        basicSetup,
        StreamLanguage.define(clojure),
        EditorView.lineWrapping,
      ],
    }),
  });
}

// The editor's text.
export function text(view) {
  return view.state.doc.toString();
}

// Replaces the editor's text.
export function setText(view, doc) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
}

// Puts the cursor at `line`:`column` (from 1) and shows it.
export function goTo(view, line, column) {
  const doc = view.state.doc;
  const l = doc.line(Math.max(1, Math.min(line, doc.lines)));
  const pos = Math.min(l.from + Math.max(0, column - 1), l.to);
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}
