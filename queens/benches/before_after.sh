#!/usr/bin/env bash
# Compares two builds of the `queens` binary in one run: instruction counts (callgrind, exact)
# and whole-process wall time (the two binaries alternated, minimum and median of RUNS runs).
#
#   queens/benches/before_after.sh BEFORE_BINARY AFTER_BINARY [RUNS]
#
# Build the two binaries from the two commits with `cargo build --release -p queens` and copy
# them aside first. Needs valgrind (Debian's `valgrind`) for the instruction counts.
set -euo pipefail
before=$1 after=$2 runs=${3:-7}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| workload | instructions before | after | change |"
echo "| --- | ---: | ---: | ---: |"
for args in "8 --count" "10 --count" "8 --model relational --count" "8 --model relational --all"; do
  b=$(instructions "$before" $args); a=$(instructions "$after" $args)
  echo "| \`queens $args\` | $b | $a | $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%+.1f%%", (a - b) * 100 / b }') |"
done

ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
stats() { sort -n | awk '{ v[NR] = $1 } END { printf "%d / %d", v[1], v[int((NR + 1) / 2)] }'; }

echo
echo "| workload | before ms (min / median) | after ms (min / median) |"
echo "| --- | ---: | ---: |"
for args in "8 --count" "10 --count" "11 --count" "8 --model relational --count" "10 --model relational --count" "11 --model relational --count"; do
  tb=(); ta=()
  for _ in $(seq "$runs"); do
    tb+=("$(ms "$before" $args)"); ta+=("$(ms "$after" $args)")
  done
  echo "| \`queens $args\` | $(printf '%s\n' "${tb[@]}" | stats) | $(printf '%s\n' "${ta[@]}" | stats) |"
done
