#!/usr/bin/env python3
"""Compares OUT/oracle.out and OUT/kanren.out for OUT/programs (differential.sh)."""
import sys
from collections import Counter


def items(s):
    """Top-level elements of a printed list `( ... )`, or None."""
    s = s.strip()
    if not (s.startswith("(") and s.endswith(")")):
        return None
    s = s[1:-1]
    out, depth, cur, instr = [], 0, "", False
    for ch in s:
        if instr:
            cur += ch
            if ch == '"':
                instr = False
            continue
        if ch == '"':
            instr = True
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch in " ," and depth == 0:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return out


w = sys.argv[1]
progs = open(w + "/programs").read().splitlines()
orc = open(w + "/oracle.out").read().splitlines()
kan = open(w + "/kanren.out").read().splitlines()
if len(orc) != len(progs):
    print("WARNING: oracle printed %d lines for %d programs" % (len(orc), len(progs)))
n = order = skipped = 0
for i, p in enumerate(progs):
    o = orc[i] if i < len(orc) else "<missing>"
    k = kan[i] if i < len(kan) else "<missing>"
    if o == k:
        continue
    if ":-" in o or ":-" in k:
        skipped += 1
        continue
    io, ik = items(o), items(k)
    if io is not None and ik is not None and Counter(io) == Counter(ik):
        order += 1
        tag = "ORDER ONLY"
    else:
        n += 1
        tag = "DIFF"
    print("[%s] #%d program:    %s" % (tag, i + 1, p))
    print("    core.logic: " + o)
    print("    kanren:     " + k)
print("%d differ, %d differ in order only, %d skipped (residuals), of %d programs"
      % (n, order, skipped, len(progs)))
