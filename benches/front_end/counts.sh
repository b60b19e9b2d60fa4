#!/usr/bin/env bash
# What one run of a benchmark program costs on each side, counted by callgrind: its
# instructions, its calls of the allocator (mimalloc's `mi_malloc`, `mi_zalloc`,
# `mi_realloc` and their aligned forms) and its atomic instructions (callgrind's bus events:
# the locked read-modify-writes of reference counts, a lazy cell's compare-and-swap), through
# the front end and as the Rust port. Each figure is the difference between the benchmark's
# process running the program RUNS times on that side (`--calls`) and running it none,
# divided by RUNS: the process's own start and loading cancel.
#
#   benches/front_end/counts.sh [-n RUNS] NAME...
#
# NAME is a program of the front_end benchmark (`cargo bench -p kanren-tests --bench
# front_end -- --help`). RUNS defaults to 20; a program of microseconds needs 2 000 for its
# figures to be steady to a few instructions (the process's one-time costs move between
# processes). Needs valgrind and python3; CORE_LOGIC names the core.logic checkout (default
# /work/core.logic).
#
# With `-p`, each program's instructions a run are split instead by the part of the system
# that executes them (the front end's evaluator, its goals and answers, Clojure's library
# and values, the engine, the allocator, drops and clones, the rest: `parts.py` says how),
# on each side, with the front end's excess.
set -euo pipefail
runs=20
parts=
usage="usage: $0 [-p] [-n RUNS] NAME..."
while getopts "pn:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    p) parts=1 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "$0: -n takes a number of at least 1" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 2; }
[ -z "$parts" ] || command -v callgrind_annotate >/dev/null ||
  { echo "-p needs callgrind_annotate (valgrind's)" >&2; exit 2; }

cd "$(dirname "$0")/../.."
export CORE_LOGIC=${CORE_LOGIC:-/work/core.logic}
cargo bench -q -p kanren-tests --bench front_end --no-run
bin=$(ls -t target/release/deps/front_end-* | grep -v '\.d$' | head -1)

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The benchmark's process running program $1 $2 times on side $3 under callgrind (with its
# bus events when $4 is set), its profile written to $dir/SIDE-CALLS.out; fails when the
# benchmark does (its message in $dir/err).
profile() {
  valgrind --tool=callgrind ${4:+--collect-bus=yes} --callgrind-out-file="$dir/$3-$2.out" \
    "$bin" --calls "$2" --side "$3" "$1" >/dev/null 2>"$dir/err"
}

# Why the last run failed: the benchmark's own message (no such program, no Rust port).
failure() {
  grep -m1 '^front_end:' "$dir/err" || echo 'the benchmark failed'
}

# Instructions, allocator calls and atomic instructions of the whole process, one line.
totals() {
  local out=$dir/$3-$2.out
  if ! profile "$1" "$2" "$3" bus; then
    echo "- - -"
    return
  fi
  python3 - "$out" <<'PY'
import re, sys
ir = bus = allocs = 0
names, callee = {}, None
alloc = re.compile(r'^mi_(malloc|zalloc|realloc|malloc_aligned|zalloc_aligned|realloc_aligned)$')
for line in open(sys.argv[1]):
    if line.startswith('events:'):
        events = line.split()[1:]
    elif line.startswith(('summary:', 'totals:')):
        counts = dict(zip(events, map(int, line.split()[1:])))
        ir, bus = counts.get('Ir', 0), counts.get('Ge', 0)
    elif line.startswith('cfn='):
        m = re.match(r'\((\d+)\)\s*(.*)', line[4:].strip())
        if m and m.group(2):
            names[m.group(1)] = m.group(2)
        callee = names.get(m.group(1)) if m else line[4:].strip()
    elif line.startswith('fn='):
        m = re.match(r'\((\d+)\)\s*(.*)', line[3:].strip())
        if m and m.group(2):
            names[m.group(1)] = m.group(2)
    elif line.startswith('calls=') and callee and alloc.match(callee):
        allocs += int(line[6:].split()[0])
print(ir, allocs, bus)
PY
}

if [ -n "$parts" ]; then
  for name in "$@"; do
    # The port first: a program without one ends here, before its runs under callgrind.
    failed=
    for side in rust front; do
      for calls in 0 "$runs"; do
        [ -n "$failed" ] || profile "$name" "$calls" "$side" || failed=1
      done
    done
    echo "$name, instructions a run:"
    echo
    if [ -n "$failed" ]; then
      failure
    else
      python3 "benches/front_end/parts.py" "$runs" "$dir"/front-0.out "$dir/front-$runs.out" \
        "$dir"/rust-0.out "$dir/rust-$runs.out"
    fi
    echo
  done
  exit 0
fi

echo "| program | side | instructions | allocations | atomic instructions |"
echo "| --- | --- | ---: | ---: | ---: |"
for name in "$@"; do
  for side in front rust; do
    read -r i0 a0 b0 < <(totals "$name" 0 "$side")
    read -r i1 a1 b1 < <(totals "$name" "$runs" "$side")
    if [ "$i0" = - ] || [ "$i1" = - ]; then
      echo "| $name | $side | $(failure) | | |"
      continue
    fi
    echo "| $name | $side | $(( (i1 - i0) / runs )) | $(( (a1 - a0) / runs )) | $(( (b1 - b0) / runs )) |"
  done
done
