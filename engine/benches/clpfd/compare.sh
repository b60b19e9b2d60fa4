#!/usr/bin/env bash
# kanren's FD store against SWI-Prolog's clpfd on the same models (problems.pl here, and
# engine/examples/clpfd_bench.rs), alternated in one run; prints a Markdown table of the best
# of RUNS times per row (the search alone, posting included, process start excluded) and the
# ratio kanren / SWI. A run past TIMEOUT seconds is shown as "> TIMEOUT s".
#
#   engine/benches/clpfd/compare.sh [RUNS] [TIMEOUT]
#
# Installs Debian's swi-prolog-nox if swipl is missing (needs root). Not run by cargo test or CI.
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-3}
limit=${2:-60}
command -v swipl >/dev/null || apt-get install -y swi-prolog-nox >/dev/null
cargo build --release -p kanren --example clpfd_bench >/dev/null 2>&1
bin=${CARGO_TARGET_DIR:-target}/release/examples/clpfd_bench
pl=engine/benches/clpfd/problems.pl
# Prints "ANSWER MS" or "timeout".
kanren() { timeout "$limit" "$bin" "$@" 2>/dev/null || echo timeout; }
swi() {
  timeout "$limit" swipl -q -g "consult('$pl'), bench('$1', $2), halt" 2>/dev/null || echo timeout
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "timeout") print b; else if (b == "" || b == "timeout" || a + 0 < b + 0) print a; else print b }'; }
show() { if [ "$1" = "timeout" ] || [ -z "$1" ]; then echo "> $limit s"; else echo "$1"; fi; }
echo "| problem | answer | kanren ms | SWI-Prolog ms | kanren / SWI |"
echo "| --- | --- | ---: | ---: | ---: |"
row() { # name, kanren args, swi problem, swi arg
  local name=$1 kargs=$2 sp=$3 sa=$4 kbest="" sbest="" answer=""
  for _ in $(seq "$runs"); do
    k=$(kanren $kargs); s=$(swi "$sp" "$sa")
    [ "$k" = timeout ] || answer=$(echo "$k" | awk '{ NF -= 2; print }' | cut -c1-40)
    kbest=$(best "$(echo "$k" | awk '{ print ($1 == "timeout") ? "timeout" : $(NF-1) }')" "$kbest")
    sbest=$(best "$(echo "$s" | awk '{ print ($1 == "timeout") ? "timeout" : $(NF-1) }')" "$sbest")
  done
  ratio=$(awk -v a="$kbest" -v b="$sbest" 'BEGIN { if (a == "timeout" || b == "timeout" || a == "" || b == "") print "-"; else printf "%.3f", a / b }')
  echo "| $name | $answer | $(show "$kbest") | $(show "$sbest") | $ratio |"
}
row "SEND+MORE=MONEY (all)" "send" send 0
row "sudoku easy (all)" "sudoku easy" sudoku easy
row "sudoku hard (all)" "sudoku hard" sudoku hard
row "magic square 4 (first)" "magic" magic 0
for n in 8 9 10 11 12; do row "queens $n all_distinct (all)" "queens $n" queens $n; done
for n in 100 1000 10000; do row "queens $n first-fail (first)" "queens-ff $n" queens-ff $n; done
row "knapsack of 16 (optimum)" "knapsack" knapsack 0
