// Writes the examples gallery as JSON (for the page's menu) from web/gallery/: every
// `GROUP/NN-name.clj`, in file-name order, its `;; title:` and `;; about:` lines read.
// Usage: node web/page/gallery.mjs GALLERY_DIR OUT.json
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GROUPS = [
  ["lessons", "Lessons: from run* to N-queens"],
  ["guide", "The guide's chapters"],
  ["posts", "The N-queens posts"],
];

const [dir, outFile] = process.argv.slice(2);
const entries = [];
for (const [group, groupTitle] of GROUPS) {
  for (const file of readdirSync(join(dir, group)).filter((f) => f.endsWith(".clj")).sort()) {
    const source = readFileSync(join(dir, group, file), "utf8");
    const header = (key) => {
      const m = source.match(new RegExp(`^;; ${key}: (.*)$`, "m"));
      if (!m) throw new Error(`${group}/${file}: no ';; ${key}:' line`);
      return m[1].trim();
    };
    entries.push({
      id: `${group}/${file.replace(/\.clj$/, "")}`,
      group,
      groupTitle,
      title: header("title"),
      about: header("about"),
      source,
    });
  }
}
writeFileSync(outFile, JSON.stringify(entries));
console.log(`gallery: ${entries.length} examples`);
