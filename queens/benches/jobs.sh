#!/bin/sh
# Whole-process parallel counts of two `queens` binaries, alternated: the relational count at
# n = 11 and the FD count at n = 12, each at --jobs 1 and 2, three rounds.
#   OLD=path/to/old/queens NEW=target/release/queens sh queens/benches/jobs.sh
set -eu
: "${OLD:?set OLD to a queens binary}" "${NEW:?set NEW to a queens binary}"
for round in 1 2 3; do
  for b in "$OLD" "$NEW"; do
    for j in 1 2; do
      printf "round %s %s relational 11 --jobs %s: " "$round" "$b" "$j"
      /usr/bin/time -f "%e s %U user" "$b" 11 --model relational --count --jobs "$j" 2>&1 >/dev/null | tail -1
      printf "round %s %s fd 12 --jobs %s: " "$round" "$b" "$j"
      /usr/bin/time -f "%e s %U user" "$b" 12 --count --jobs "$j" 2>&1 >/dev/null | tail -1
    done
  done
done
