#!/usr/bin/env bash
# core.logic's bench.clj programs timed in three systems in one run, alternating, and printed
# as one table (milliseconds; ratios kanren / core.logic):
#   - core.logic 1.1.1 (326101f) on Debian's clojure, in-process after a warm-up (timing.clj);
#   - kanren, the Rust programs of programs/ (the `bench_clj_times` example, same warm-up);
#   - kanren's front end, the `kanren` binary reading bench.clj unchanged, then programs.clj
#     and timing.clj (the same Clojure as core.logic runs).
#
#   engine/benches/bench_clj/compare.sh [ROUNDS]     (from anywhere; ROUNDS defaults to 3)
#   engine/benches/bench_clj/compare.sh --oracle     (prints core.logic's answers: expected.txt)
#   engine/benches/bench_clj/compare.sh --posts [ROUNDS]
#
# --posts times the posts' programs instead (posts.clj after clj/examples/eight_queens.clj,
# nqueens_cl.clj and nqueens_macro.clj, then timing.clj) in core.logic and the `kanren` binary,
# and the `queens-run` macro at n = 7 as whole processes, JVM start included
# (nqueens_macro.clj then `(println (count (queens-run 7)))`, wall time of the least round).
# Their Rust ports, with the front end in the same process: benches/front_end/ (root package).
#
# Each program's time is the least over its timed runs and the rounds. CORE_LOGIC names a
# checkout of https://github.com/clojure/core.logic (default /work/core.logic; cloned at
# 326101f into /tmp when missing). Installs Debian's clojure with apt-get when it is missing
# (as root, or through sudo). Not run by cargo test or CI: a round takes several minutes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
rounds=${1:-3}

core_logic=${CORE_LOGIC:-/work/core.logic}
if [ ! -f "$core_logic/src/main/clojure/clojure/core/logic.clj" ]; then
    core_logic=/tmp/core.logic
    if [ ! -d "$core_logic" ]; then
        git clone -q https://github.com/clojure/core.logic "$core_logic"
        git -C "$core_logic" checkout -q 326101f
    fi
fi
if [ ! -f /usr/share/java/clojure.jar ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -q
    $sudo apt-get install -y -q clojure
fi
src=$core_logic/src/main/clojure
cp=/usr/share/java/clojure.jar
for jar in spec-alpha spec.alpha core-specs-alpha core.specs.alpha; do
    if [ -f "/usr/share/java/$jar.jar" ]; then cp="$cp:/usr/share/java/$jar.jar"; fi
done
corelogic() { java -cp "$cp:$src" clojure.main "$1"; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench_clj=$src/clojure/core/logic/bench.clj

if [ "${1:-}" = "--oracle" ]; then
    cat "$bench_clj" "$here/programs.clj" "$here/answers.clj" > "$tmp/answers.clj"
    corelogic "$tmp/answers.clj"
    exit 0
fi

cd "$root"
cargo build -q --release -p kanren-clj
target=${CARGO_TARGET_DIR:-$root/target}/release
least() { awk -v n="$1" '$1 == n && (m == "" || $2 < m) {m = $2} END {print m}' "$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "") print "-"; else printf "%.3f", a / b }'; }
ms() { awk -v a="$1" 'BEGIN { if (a == "") print "-"; else if (a < 1) printf "%.4f", a; else if (a < 100) printf "%.2f", a; else printf "%.0f", a }'; }
# Turns `== name` / `"Elapsed time: X msecs"` lines into `name ms` lines.
times() { awk '/^== /{n=$2} /Elapsed time:/{gsub(/"/,""); print n, $3}'; }

if [ "${1:-}" = "--posts" ]; then
    rounds=${2:-3}
    ex=$root/clj/examples
    cat "$ex/eight_queens.clj" "$ex/nqueens_cl.clj" "$ex/nqueens_macro.clj" "$here/posts.clj" \
        "$here/timing.clj" > "$tmp/posts.clj"
    { cat "$ex/nqueens_macro.clj"; echo "(println (count (queens-run 7)))"; } > "$tmp/run7.clj"
    # Wall milliseconds of a whole process, its output checked.
    whole() {
        local t0 t1 out
        t0=$(date +%s%N); out=$("$@"); t1=$(date +%s%N)
        [ "$out" = 40 ] || { echo "queens-run 7 printed $out, not 40" >&2; exit 1; }
        echo $(( (t1 - t0) / 1000000 ))
    }
    for r in $(seq "$rounds"); do
        echo "round $r/$rounds: core.logic" >&2
        corelogic "$tmp/posts.clj" | times >> "$tmp/core.logic"
        t=$(whole corelogic "$tmp/run7.clj")
        echo "queens-run-7-process $t" >> "$tmp/core.logic"
        echo "round $r/$rounds: kanren (front end)" >&2
        "$target/kanren" "$tmp/posts.clj" | times >> "$tmp/front"
        t=$(whole "$target/kanren" "$tmp/run7.clj")
        echo "queens-run-7-process $t" >> "$tmp/front"
    done
    echo "| program | core.logic ms | kanren ms (front end) | front end / core.logic |"
    echo "| --- | ---: | ---: | ---: |"
    for name in $(awk '{print $1}' "$tmp/core.logic" | awk '!seen[$0]++'); do
        c=$(least "$name" "$tmp/core.logic"); f=$(least "$name" "$tmp/front")
        echo "| $name | $(ms "$c") | $(ms "$f") | $(ratio "$f" "$c") |"
    done
    exit 0
fi

cargo build -q --release -p kanren --example bench_clj_times
cat "$bench_clj" "$here/programs.clj" "$here/timing.clj" > "$tmp/timing.clj"

for r in $(seq "$rounds"); do
    echo "round $r/$rounds: core.logic" >&2
    corelogic "$tmp/timing.clj" | times >> "$tmp/core.logic"
    echo "round $r/$rounds: kanren (Rust)" >&2
    "$target/examples/bench_clj_times" >> "$tmp/rust"
    echo "round $r/$rounds: kanren (front end)" >&2
    "$target/kanren" "$tmp/timing.clj" | times >> "$tmp/front"
done

echo "| program | core.logic ms | kanren ms (Rust) | kanren ms (front end) | Rust / core.logic | front end / core.logic |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for name in $(awk '{print $1}' "$tmp/rust" | awk '!seen[$0]++'); do
    c=$(least "$name" "$tmp/core.logic"); k=$(least "$name" "$tmp/rust"); f=$(least "$name" "$tmp/front")
    echo "| $name | $(ms "$c") | $(ms "$k") | $(ms "$f") | $(ratio "$k" "$c") | $(ratio "$f" "$c") |"
done
