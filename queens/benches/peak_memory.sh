#!/usr/bin/env bash
# Peak memory of FD counts, by labeling and board size: a depth-first count holds one path of
# the search tree, so its peak must not grow with the number of boards it counts. Whole
# process, one thread (`--jobs 1`), peak resident set from GNU time.
#
#   queens/benches/peak_memory.sh [MAX_N]      (MAX_N defaults to 12)
#
# Builds the release binary first. Needs GNU time (Debian's `time`) at /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/../.."
max=${1:-12}
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
cargo build --release -q -p queens
bin=${CARGO_TARGET_DIR:-target}/release/queens

peak() {
  /usr/bin/time -f "%M" "$bin" "$@" 2>&1 >/dev/null | tail -1
}

labelings=(core leftmost ff)
printf "| n |"
for l in "${labelings[@]}"; do printf " %s: peak RSS (MB) |" "$l"; done
printf "\n| ---: |"
for _ in "${labelings[@]}"; do printf " ---: |"; done
printf "\n"
for n in $(seq 8 "$max"); do
  printf "| %s |" "$n"
  for l in "${labelings[@]}"; do
    kb=$(peak "$n" --count --jobs 1 --labeling "$l")
    printf " %s |" "$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')"
  done
  printf "\n"
done
