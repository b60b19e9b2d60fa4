#!/usr/bin/env bash
# What one Clojure operation costs in the front end's compiled code: callgrind instructions
# an iteration of a compiled loop that evaluates FORM (`i` is the iteration's number), less
# the same loop evaluating `nil`, with the globals `v` (a vector of 9), `rows` (9 vectors of
# 9), `vars` (81 logic variables), `zeros` (a vector of 81 zeros), `x` (a logic variable),
# `d` (the domain 1..9) and the functions `g` (returns its argument) and `g2` (returns its
# second) defined first.
#
#   benches/front_end/ops.sh [-a] [-n ITERATIONS] [-b KANREN_BINARY]... [-p DIR]... [-r NS]... FORM...
#
# With two or more `-b`, each form is measured under each binary (before and after a change:
# build each with `cargo build --release -p kanren-clj` and copy `target/release/kanren`
# aside). With `-a`, each cell also gives the atomic instructions an iteration (reference
# counts taken and given back, compare-and-swaps: callgrind's bus events), as
# `instructions / atomic`. Default: `target/release/kanren`, 2 000 iterations. Needs
# valgrind.
#
# With `-r NS` (repeatable), the namespace NS is required and referred before the loop, so
# the forms can call its functions; `-p DIR` (repeatable) is a directory where `require`
# finds namespaces (`kanren --path`): bench.clj's sudoku helpers, for instance, with
# `-p "$CORE_LOGIC/src/main/clojure" -r clojure.core.logic.bench '(->rows vars)'`.
set -euo pipefail
n=2000
bins=()
paths=()
nss=()
atomics=
usage="usage: $0 [-a] [-n ITERATIONS] [-b KANREN_BINARY]... [-p DIR]... [-r NS]... FORM..."
while getopts "an:b:p:r:" opt; do
  case $opt in
    a) atomics=1 ;;
    n) n=$OPTARG ;;
    b) bins+=("$OPTARG") ;;
    p) paths+=(--path "$OPTARG") ;;
    r) nss+=("$OPTARG") ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "$0: -n takes a number of at least 1" >&2; exit 2; }
[ ${#bins[@]} -gt 0 ] || bins=("$(dirname "$0")/../../target/release/kanren")
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "no kanren binary at $b (cargo build --release -p kanren-clj)" >&2; exit 2; }
done

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The program: the globals, then a compiled loop of `iterations` evaluating `form`.
program() {
  cat <<EOF
(require '[clojure.core.logic.fd :as fd])
(def v (vec (range 9)))
(def rows (vec (for [r (range 9)] (vec (range (* 9 r) (* 9 (inc r)))))))
(def vars (doall (repeatedly 81 lvar)))
(def zeros (vec (repeat 81 0)))
(def x (lvar))
(def d (fd/domain 1 2 3 4 5 6 7 8 9))
(defn g [a] a)
(defn g2 [a b] b)
$(for ns in "${nss[@]}"; do echo "(require '$ns) (refer '$ns)"; done)
(defn op-loop [n] (loop [i 0] (when (< i n) $1 (recur (inc i)))))
(op-loop $2)
EOF
}

# Instructions and atomic instructions (0 without `-a`) of the whole process running `form`
# for `iterations` under `bin`, on one line.
instructions() {
  local bin=$1 form=$2 iterations=$3
  program "$form" "$iterations" >"$dir/op.clj"
  valgrind --tool=callgrind ${atomics:+--collect-bus=yes} --callgrind-out-file=/dev/null \
    "$bin" "${paths[@]}" "$dir/op.clj" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\) *\([0-9]*\).*/\1 \2/p'
}

# Instructions an iteration of `form` under `bin`, less the loop's own (and with `-a`, its
# atomic instructions, to a tenth).
per_iteration() {
  local bin=$1 form=$2
  local f0 f1 e0 e1 g0 g1 h0 h1
  read -r f0 g0 < <(instructions "$bin" "$form" 0)
  read -r f1 g1 < <(instructions "$bin" "$form" "$n")
  read -r e0 h0 < <(instructions "$bin" nil 0)
  read -r e1 h1 < <(instructions "$bin" nil "$n")
  local ins=$(( ((f1 - f0) - (e1 - e0)) / n ))
  if [ -n "$atomics" ]; then
    local tenths=$(( ((g1 - g0) - (h1 - h0)) * 10 / n )) sign=
    [ "$tenths" -lt 0 ] && { sign=-; tenths=$(( -tenths )); }
    echo "$ins / $sign$((tenths / 10)).$((tenths % 10))"
  else
    echo "$ins"
  fi
}

header="| form |"
rule="| --- |"
for b in "${bins[@]}"; do
  header="$header $(basename "$b") |"
  rule="$rule ---: |"
done
echo "$header"
echo "$rule"
for form in "$@"; do
  row="| \`$form\` |"
  for b in "${bins[@]}"; do
    row="$row $(per_iteration "$b" "$form") |"
  done
  echo "$row"
done
