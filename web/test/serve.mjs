// What the browser test and the page's benchmark share: the built site served on a free
// localhost port, and Debian's Chromium launched headless through playwright-core.
import { createServer } from "node:http";
import { readFileSync, existsSync, statSync } from "node:fs";
import { join, extname } from "node:path";
import { chromium } from "playwright-core";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };

// Serves the files of `site`; resolves to {base: the page's address, close}.
export async function serve(site) {
  const server = createServer((req, res) => {
    const path = join(site, decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (!path.startsWith(site) || !existsSync(path) || statSync(path).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(path)] || "application/octet-stream" });
    res.end(readFileSync(path));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${server.address().port}/index.html`, close: () => server.close() };
}

// The browser (CHROMIUM, default /usr/bin/chromium), with the flags this machine's closed
// network needs.
export function browserPath() {
  return process.env.CHROMIUM || "/usr/bin/chromium";
}

export function launch() {
  return chromium.launch({
    executablePath: browserPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
