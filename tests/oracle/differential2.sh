#!/bin/sh
# differential.sh with random_programs2.py (see there); keeps its files in OUT and compares
# with compare2.py (differences in order only reported apart; kanren panics reported).
#   CORE_LOGIC=/path/to/core.logic tests/oracle/differential2.sh SEED N [OUT]
set -eu
seed=$1
count=$2
here=$(cd "$(dirname "$0")" && pwd)
kanren=${KANREN:-${CARGO_TARGET_DIR:-target}/release/kanren}
work=${3:-$(mktemp -d)}
mkdir -p "$work"

python3 "$here/random_programs2.py" "$seed" "$count" >"$work/programs"
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
    out=$(timeout 3 "$kanren" -e "(try (doall $p) (catch Throwable e :error))" 2>"$work/err.tmp" </dev/null) || rc=$?
    if [ -s "$work/err.tmp" ] || [ $rc -ne 0 ]; then
        { echo "== program $i rc=$rc: $p"; head -c 2000 "$work/err.tmp"; } >>"$work/kanren.err"
    fi
    [ -n "$out" ] || out=":timeout"
    [ $rc -eq 124 ] && out=":timeout"
    echo "$out" | head -n 1 >>"$work/kanren.out"
done <"$work/programs"
python3 "$here/compare2.py" "$work"
