#!/usr/bin/env bash
# kanren's relational N-queens against faster-miniKanren on Chez Scheme, the same
# safeo/nqueenso program (nqueens.scm here), whole process against whole process, alternated
# in one run. For each N, RUNS rounds of: kanren's interleaved stream (`--all`, core.logic's
# order, the order of faster-miniKanren's `run*` too), kanren's depth-first count (`--count
# --jobs 1`), faster-miniKanren's `run*`. Prints a Markdown table of the medians and the
# ratios kanren / faster-miniKanren, after checking that all three find the same number of
# boards.
#
#   FMK=/path/to/faster-miniKanren queens/benches/faster_minikanren/compare.sh [RUNS] [N ...]
#
# FMK is a checkout of github.com/michaelballantyne/faster-miniKanren. Installs Debian's
# chezscheme if `scheme` is missing (needs root). Not run by cargo test or CI.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
: "${FMK:?set FMK to a checkout of faster-miniKanren}"
runs=${1:-5}
shift || true
sizes=${*:-10 11}
command -v scheme >/dev/null || apt-get install -y chezscheme >/dev/null
cargo build --release -q -p queens
bin=${CARGO_TARGET_DIR:-target}/release/queens

# Runs the command; prints "SECONDS OUTPUT-LINES LAST-LINE".
timed() {
  local out
  out=$(mktemp)
  /usr/bin/time -f "%e" -o "$out.time" "$@" >"$out"
  echo "$(cat "$out.time") $(wc -l <"$out") $(tail -n 1 "$out")"
  rm -f "$out" "$out.time"
}
median() { tr ' ' '\n' | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "| n | kanren --all (interleaved) | kanren --count | faster-miniKanren run* | --all / fmk | --count / fmk |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for n in $sizes; do
  all="" count="" fmk=""
  for _ in $(seq "$runs"); do
    read -r t boards _ <<<"$(timed "$bin" "$n" --model relational --all --format list)"
    all="$all $t"
    read -r t _ counted <<<"$(timed "$bin" "$n" --model relational --count --jobs 1)"
    count="$count $t"
    read -r t _ found <<<"$(timed scheme --script "$here/nqueens.scm" "$FMK" "$n")"
    fmk="$fmk $t"
    if [ "$boards" != "$counted" ] || [ "$counted" != "$found" ]; then
      echo "n = $n: kanren --all listed $boards boards, --count said $counted, faster-miniKanren $found" >&2
      exit 1
    fi
  done
  a=$(echo $all | median) c=$(echo $count | median) f=$(echo $fmk | median)
  awk -v n="$n" -v a="$a" -v c="$c" -v f="$f" \
    'BEGIN { printf "| %s | %s s | %s s | %s s | %.3f | %.3f |\n", n, a, c, f, a / f, c / f }'
done
