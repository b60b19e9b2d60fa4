#!/usr/bin/env bash
# Benchmarks of the core.logic front end (issue 10), whole processes, in one run:
#  1. cold start of `kanren -e '(run* [q] (== q 1))'`: wall time and peak RSS (GNU time),
#     the median of RUNS runs;
#  2. the second post's solve-nqueens run by kanren (clj/examples/nqueens_cl.clj; its function
#     bodies compiled on their first call, KANREN_INTERPRET=1 to interpret them) against the
#     relation written in Rust (`queens N --model relational --all`), all answers, n = 8 and 10.
# Usage: clj/bench/run.sh [RUNS]   (from the workspace root; builds the release binaries)
set -euo pipefail
RUNS=${1:-5}
cargo build --release -q -p kanren-clj -p queens
T=${CARGO_TARGET_DIR:-target}/release
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { # prints "seconds maxrss_kb" of the command, the median over RUNS
  local secs=() kbs=()
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e %M" -o /tmp/kanren-bench.$$ "$@" >/dev/null
    read -r s k < /tmp/kanren-bench.$$
    secs+=("$s"); kbs+=("$k")
  done
  rm -f /tmp/kanren-bench.$$
  echo "$(printf '%s\n' "${secs[@]}" | median) $(printf '%s\n' "${kbs[@]}" | median)"
}
echo "cold start  kanren -e '(run* [q] (== q 1))': $(measure "$T/kanren" -e '(run* [q] (== q 1))') (s, KB)"
# GNU time counts in 10 ms steps: the mean wall time of 200 starts.
start=$(date +%s%N)
for _ in $(seq 200); do "$T/kanren" -e '(run* [q] (== q 1))' >/dev/null; done
echo "cold start, mean of 200: $(( ($(date +%s%N) - start) / 200000 )) µs"
for n in 8 10; do
  echo "n=$n kanren solve-nqueens: $(measure "$T/kanren" --load clj/examples/nqueens_cl.clj -e "(count (solve-nqueens $n))") (s, KB)"
  echo "n=$n queens relational --all: $(measure "$T/queens" "$n" --model relational --all --format list) (s, KB)"
done
