#!/usr/bin/env bash
# Single-source transitive closure, left-recursive and tabled, in kanren and in SWI-Prolog on
# the same graphs, alternated in one run; prints kanren ms, SWI ms and their ratio.
#
#   engine/benches/tabling/compare.sh [RUNS]
#
# Installs Debian's swi-prolog-nox if swipl is missing (needs root). Not run by cargo test or CI.
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-5}
command -v swipl >/dev/null || apt-get install -y swi-prolog-nox >/dev/null
cargo build --release -p kanren --example tabled_closure >/dev/null 2>&1
bin=target/release/examples/tabled_closure
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/closure.pl" <<'PL'
:- table path/2.
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).
run :- statistics(cputime, T0), get_time(W0),
       aggregate_all(count, path(0, _), N),
       get_time(W1), _ = T0,
       Ms is (W1 - W0) * 1000, format("~w ~1f ms~n", [N, Ms]).
PL
echo "| graph | reached | kanren ms (min) | SWI-Prolog ms (min) | kanren / SWI |"
echo "| --- | ---: | ---: | ---: | ---: |"
for g in "chain 1000" "chain 10000" "random 1000" "random 10000"; do
  set -- $g
  $bin "$1" "$2" prolog > "$tmp/edges.pl"
  kbest=""; sbest=""; reached=""
  for _ in $(seq "$runs"); do
    out=$($bin "$1" "$2"); reached=${out%% *}; k=$(echo "$out" | awk '{print $2}')
    s=$(swipl -q -g "consult('$tmp/closure.pl'), consult('$tmp/edges.pl'), run, halt" | awk '{print $2}')
    kbest=$(awk -v a="$k" -v b="$kbest" 'BEGIN { print (b == "" || a < b) ? a : b }')
    sbest=$(awk -v a="$s" -v b="$sbest" 'BEGIN { print (b == "" || a < b) ? a : b }')
  done
  echo "| $g | $reached | $kbest | $sbest | $(awk -v a="$kbest" -v b="$sbest" 'BEGIN { printf "%.2f", a / b }') |"
done
