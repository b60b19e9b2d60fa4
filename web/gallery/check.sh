#!/usr/bin/env bash
# Checks the playground's examples gallery: every entry runs with the native `kanren`
# binary, without error, quickly, and ends with a query that has answers.
#
# Usage: web/gallery/check.sh [ENTRY.clj ...]     (default: every entry of the three groups)
#   KANREN    the binary (default: target/release/kanren under the repository root)
#   MAX_SECS  the time one run may take, in seconds (default: 2)
#
# An entry is web/gallery/{lessons,guide,posts}/NN-name.clj; a group's order is file-name
# order. Its first two lines are exactly
#   ;; title: <title>
#   ;; about: <one sentence>
# and its last top-level form is the query (run*/run N, or a call that returns one) whose
# answers the page shows. Forms before it may define things and print (println); output
# must be deterministic.
#
# What the binary prints (the kanren of main, checked by hand):
#   kanren FILE.clj   evaluates the top-level forms in order, in the namespace `user` with
#                     clojure.core.logic referred and the aliases `l` and `fd` (an `ns` form
#                     switches namespace as in Clojure). stdout gets only what the program
#                     prints (println, prn, print-board ...): the value of the last form is
#                     NOT printed, so a lazy query at the end is never run at all (neither its
#                     answers nor what it would print while searching, such as trace-lvars'
#                     lines). Exit status 0.
#   kanren -e SRC     the same evaluation of the forms of SRC, then prints the value of the
#                     last form as `pr` does (strings quoted, answers as core.logic prints
#                     them: _0, (1 . _0), (_0 :- (!= (_0 1)))) on ONE line ending in a newline,
#                     on stdout, after whatever the forms printed. So the last line of stdout
#                     is the last value; a query prints as a list, () when it has no answer.
#                     Positions in errors name the file `-e`.
#   On an error (both ways): what the forms before it printed stays on stdout; stderr gets one
#   line `error: <where FILE:line:col>: <message>` (for example `error: Syntax error compiling
#   at f.clj:1:1: Unable to resolve symbol: foo in this context`, `error: Execution error
#   (ClassCastException) at f.clj:2:1: +: expected a number, got keyword :a`), without a final
#   newline, and the exit status is 1. Bad usage exits with 2.
#   Note: a query that is not the last form is a lazy sequence nobody realizes, so it is never
#   run, and even an unresolved name inside its goals is not reported. This is why entries
#   wrap earlier queries in println, and why this script runs each entry both ways.
#
# For each entry this script checks: the header; `kanren FILE` exits 0 with nothing on stderr
# within MAX_SECS; `kanren -e "$(cat FILE)"` exits 0 with nothing on stderr within MAX_SECS,
# and its last line (the last value) is a non-empty list, `(...)` but not `()`; and a second
# `-e` run prints exactly the same (determinism). It prints one line per entry, with the time
# of the `-e` run and the start of the last value, and exits 1 if any entry fails.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
KANREN=${KANREN:-$root/target/release/kanren}
MAX_SECS=${MAX_SECS:-2}

case $KANREN in /*) ;; */*) KANREN=$root/$KANREN ;; esac
if [ ! -x "$KANREN" ] && ! command -v "$KANREN" >/dev/null 2>&1; then
    echo "check.sh: no kanren binary at $KANREN (build it with cargo build --release -p kanren-clj, or set KANREN)" >&2
    exit 2
fi

if [ $# -gt 0 ]; then
    entries=("$@")
else
    entries=()
    for group in lessons guide posts; do
        for f in "$here/$group"/*.clj; do [ -e "$f" ] && entries+=("$f"); done
    done
fi
if [ ${#entries[@]} -eq 0 ]; then
    echo "check.sh: no entries found" >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit=$((MAX_SECS * 5 + 5))   # a run that does not end is killed, and fails
failed=0

# run OUT -- CMD...: runs CMD with a time limit; stdout in OUT.out, stderr in OUT.err,
# exit status in the variable rc, wall time in seconds in secs.
run() {
    local out=$1; shift
    local t0 t1
    t0=$(date +%s.%N)
    timeout "$limit" "$@" >"$out.out" 2>"$out.err"
    rc=$?
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
}

slow() { awk -v s="$1" -v m="$MAX_SECS" 'BEGIN { exit !(s > m) }'; }

for f in "${entries[@]}"; do
    name=${f#"$here/"}
    problems=()

    line1=$(sed -n 1p "$f")
    line2=$(sed -n 2p "$f")
    [[ $line1 =~ ^\;\;\ title:\ [^[:space:]] ]] || problems+=("line 1 is not ';; title: ...'")
    [[ $line2 =~ ^\;\;\ about:\ [^[:space:]] ]] || problems+=("line 2 is not ';; about: ...'")

    run "$tmp/file" "$KANREN" "$f"
    if [ $rc -ne 0 ] || [ -s "$tmp/file.err" ]; then
        problems+=("kanren FILE exited $rc: $(head -c 300 "$tmp/file.err")")
    elif slow "$secs"; then
        problems+=("kanren FILE took ${secs}s")
    fi

    src=$(cat "$f")
    run "$tmp/e1" "$KANREN" -e "$src"
    esecs=$secs
    last=$(tail -n 1 "$tmp/e1.out")
    if [ $rc -ne 0 ] || [ -s "$tmp/e1.err" ]; then
        problems+=("kanren -e exited $rc: $(head -c 300 "$tmp/e1.err")")
    else
        slow "$esecs" && problems+=("kanren -e took ${esecs}s")
        if [ "$last" = "()" ]; then
            problems+=("the last query has no answers: ()")
        elif [[ $last != \(* ]]; then
            problems+=("the last value is not a list of answers: ${last:0:80}")
        fi
        run "$tmp/e2" "$KANREN" -e "$src"
        cmp -s "$tmp/e1.out" "$tmp/e2.out" || problems+=("two runs printed different output")
    fi

    if [ ${#problems[@]} -eq 0 ]; then
        printf 'ok    %-42s %5ss  %s\n' "$name" "$esecs" "${last:0:60}"
    else
        failed=1
        printf 'FAIL  %s\n' "$name"
        for p in "${problems[@]}"; do printf '        %s\n' "$p"; done
    fi
done

exit $failed
