#!/bin/sh
# Random core.logic programs run by core.logic and by kanren's front end, answer for answer:
# prints each program whose printed answers differ (those with residual constraints left
# out: kanren simplifies them, a documented divergence; see docs/design.md), differences in
# order alone apart (compare.py). Each program gets 3 seconds on either side (`:timeout`); an
# exception prints `:error`. kanren's stderr and exit status, when not empty and 0, go to
# OUT/kanren.err. Never run by `cargo test` or CI.
#
#   CORE_LOGIC=/path/to/core.logic tests/oracle/differential.sh SEED N [OUT]
#
# PROGRAMS names the generator: random_programs.py (the default) or random_programs2.py (the
# wider one). OUT keeps the programs and both sides' outputs (a temporary folder otherwise).
# KANREN names the binary to run instead of building kanren-clj.
set -eu
seed=$1
count=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${KANREN:-}" ]; then
    cargo build --release -q -p kanren-clj
    KANREN=${CARGO_TARGET_DIR:-target}/release/kanren
fi
if [ -n "${3:-}" ]; then
    work=$3
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

python3 "$here/${PROGRAMS:-random_programs.py}" "$seed" "$count" >"$work/programs"
{
    echo "(ns differential (:refer-clojure :exclude [==]) (:use clojure.core.logic) (:require [clojure.core.logic.fd :as fd]))"
    while read -r p; do
        echo "(prn (deref (future (try (doall $p) (catch Throwable e :error))) 3000 :timeout))"
    done <"$work/programs"
    echo "(shutdown-agents) (System/exit 0)"
} >"$work/oracle.clj"
"$here/corelogic.sh" "$work/oracle.clj" >"$work/oracle.out" 2>"$work/oracle.err" || true

: >"$work/kanren.out"
: >"$work/kanren.err"
i=0
while read -r p; do
    i=$((i + 1))
    rc=0
    out=$(timeout 3 "$KANREN" -e "(try (doall $p) (catch Throwable e :error))" 2>"$work/err.tmp" </dev/null) || rc=$?
    if [ -s "$work/err.tmp" ] || [ $rc -ne 0 ]; then
        { echo "== program $i rc=$rc: $p"; head -c 2000 "$work/err.tmp"; } >>"$work/kanren.err"
    fi
    [ -n "$out" ] || out=":timeout"
    [ $rc -eq 124 ] && out=":timeout"
    echo "$out" | head -n 1 >>"$work/kanren.out"
done <"$work/programs"
python3 "$here/compare.py" "$work"
