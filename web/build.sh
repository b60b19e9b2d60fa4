#!/usr/bin/env bash
# Builds the kanren playground into target/web/ (index.html at its root): static files that
# work from any static host, with nothing fetched from elsewhere.
#
#   web/build.sh            build (installs what is missing: see below)
#   web/build.sh --serve    build, then serve target/web/ on http://localhost:8000/
#
# The WebAssembly is built by Debian's Rust for the web (rustc-web, cargo-web, rust-web-src,
# with lld-22): the machine's rustup toolchain has no wasm32 target, so Debian's `cargo`,
# `rustc` and `rustdoc` are called by full path, std is built from source (-Zbuild-std, which
# RUSTC_BOOTSTRAP=1 allows on a stable compiler) and the build has its own target directory,
# target/wasm. Then:
#   - wasm-bindgen, the CLI of the version web/Cargo.toml pins (cargo install when missing),
#     writes the JavaScript glue;
#   - wasm-opt (npm's binaryen, web/package.json) shrinks the module when it is there;
#   - esbuild (npm) bundles the page's scripts with the editor (CodeMirror);
#   - web/page/gallery.mjs writes the examples menu from web/gallery/.
# Missing Debian packages are installed when run as root (apt-get), else named.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/web
WASM=target/wasm/wasm32-unknown-unknown/web/kanren_web.wasm

step() { printf '\n== %s\n' "$*"; }

step "toolchain"
missing=()
for p in rustc-web cargo-web rust-web-src lld-22; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
command -v npm >/dev/null || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
    else
        echo "web/build.sh: install these Debian packages first: ${missing[*]}" >&2
        exit 1
    fi
fi
bindgen=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' web/Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen" ]; then
    cargo install wasm-bindgen-cli --version "$bindgen"
fi
(cd web && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi)

step "WebAssembly (Debian's rustc $(/usr/bin/rustc --version | cut -d' ' -f2))"
# A panic aborts at once, without formatting a message nobody would see: the worker reports
# the trap and the page restarts it (a tenth less WebAssembly than `panic = "abort"`).
RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc CARGO_TARGET_DIR=target/wasm \
    /usr/bin/cargo build -p kanren-web --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort -Zpanic-immediate-abort \
    --config 'profile.web.panic="immediate-abort"' --profile web \
    --config 'target.wasm32-unknown-unknown.rustflags=["-C", "link-arg=-zstack-size=8388608"]'

step "wasm-bindgen $bindgen"
rm -rf "$OUT"
mkdir -p "$OUT/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$OUT/pkg" "$WASM"

if [ -x web/node_modules/.bin/wasm-opt ]; then
    step "wasm-opt"
    web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals \
        "$OUT/pkg/kanren_web_bg.wasm" -o "$OUT/pkg/kanren_web_bg.wasm"
fi

step "page"
web/node_modules/.bin/esbuild web/page/app.js --bundle --minify --format=esm \
    --outfile="$OUT/app.js" --log-level=warning
cp web/page/index.html web/page/style.css web/page/worker.js "$OUT/"
node web/page/gallery.mjs web/gallery "$OUT/gallery.json"

raw=$(stat -c %s "$OUT/pkg/kanren_web_bg.wasm")
gz=$(gzip -9c "$OUT/pkg/kanren_web_bg.wasm" | wc -c)
echo "kanren_web_bg.wasm: $raw bytes, $gz gzipped"
echo "the site: $OUT/index.html"

if [ "${1:-}" = "--serve" ]; then
    step "serving $OUT on http://localhost:8000/"
    exec python3 -m http.server 8000 --directory "$OUT"
fi
