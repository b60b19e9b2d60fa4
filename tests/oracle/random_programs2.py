#!/usr/bin/env python3
"""Random core.logic programs, one per line, for tests/oracle/differential.sh
(`PROGRAMS=random_programs2.py`).

    tests/oracle/random_programs2.py SEED N

Extends random_programs.py. Two families:

* structural: `(run N [q] (fresh [a b c] goals...))` or `run*`, over `==`, `!=`, `membero`,
  `appendo`, `conso`, `firsto`, `resto`, `emptyo`, `rembero`, `onceo`, `everyg`, `matche`,
  guarded `project` (only of a fresh variable bound to an integer just before), `conde`,
  `conda`, `condu`, `fresh` (shadowing a, b, c or q), `all`; terms are variables, small
  integers, keywords, nil, vectors, `(list ...)`, `lcons` cells and maps.
* finite domain: three variables x y z, each given a domain over 0..5 (`fd/interval` or
  `fd/domain`) first, then `fd/+`, `fd/-`, `fd/*`, `fd/<`, `fd/<=`, `fd/>`, `fd/>=`, `fd/!=`,
  `fd/==`, `fd/distinct`, mixed with `conde`, `onceo`, `==`/`!=` to integers, `membero` and a
  guarded `project`; the answer is `[x y z]` (ground). With `UNDOMAINED=1`, `z` sometimes
  gets no domain and the domains sometimes come after the constraints: core.logic then
  throws `Constrained variable ... without domain` (printed `:error`), and so must kanren.
"""
import os
import random
import re
import sys

VARS = ["q", "a", "b", "c"]


def term(rng, depth=0):
    r = rng.random()
    if r < 0.35:
        return rng.choice(VARS)
    if r < 0.55:
        return str(rng.randint(0, 3))
    if r < 0.63:
        return rng.choice([":x", ":y", "nil"])
    if depth < 2 and r < 0.75:
        items = " ".join(term(rng, depth + 1) for _ in range(rng.randint(0, 3)))
        return "[" + items + "]"
    if depth < 2 and r < 0.82:
        items = " ".join(term(rng, depth + 1) for _ in range(rng.randint(0, 2)))
        return "(list " + items + ")" if items else "(list)"
    if depth < 2 and r < 0.9:
        return "(lcons " + term(rng, depth + 1) + " " + rng.choice(VARS) + ")"
    if depth < 2:
        keys = rng.sample([":k", ":j", ":m"], rng.randint(1, 2))
        return "{" + " ".join(k + " " + term(rng, depth + 1) for k in keys) + "}"
    return str(rng.randint(0, 3))


def lst(rng):
    return rng.choice(["[1 2 3]", "[a b]", "(list 1 2)", "[]", "[1 a 2]", "q", "a",
                       "(lcons 1 b)", "[[1 2] a]"])


def clauses(rng, depth, most):
    return " ".join(
        "[" + " ".join(goal(rng, depth + 1) for _ in range(rng.randint(1, 2))) + "]"
        for _ in range(rng.randint(1, most))
    )


PATS = ["1", "2", ":x", "_", "x", "[x . y]", "[1 . y]", "[x y]", "[]", "[_ x]", "[x x]",
        "[[x . _] . y]", "a", "{:k x}"]


def matche(rng, depth):
    n = rng.randint(1, 2)
    args = [rng.choice(VARS + ["[a b]", "[1 2]", "(lcons 1 b)"]) for _ in range(n)]
    cls = []
    for _ in range(rng.randint(1, 3)):
        pats = [rng.choice(PATS) for _ in range(n)]
        body = []
        used = [v for v in ("x", "y") if any(re.search(r"(?<![:\w])" + v + r"\b", p) for p in pats)]
        for _ in range(rng.randint(0, 1)):
            t = rng.choice(used) if used and rng.random() < 0.6 else term(rng, 1)
            body.append("(== " + t + " " + term(rng, 1) + ")" if rng.random() < 0.7
                        else goal(rng, depth + 1))
        if not body and all(p == "_" for p in pats):
            body.append("succeed")  # core.logic cannot compile a clause of only `_`
        cls.append("([" + " ".join(pats) + "]" + (" " + " ".join(body) if body else "") + ")")
    return "(matche [" + " ".join(args) + "] " + " ".join(cls) + ")"


def project(rng):
    # project only a fresh variable bound to an integer just before
    vals = rng.sample([0, 1, 2, 3], rng.randint(1, 3))
    bind = ("(== p %d)" % vals[0]) if len(vals) == 1 else \
        "(conde " + " ".join("[(== p %d)]" % v for v in vals) + ")"
    t = term(rng, 1)
    body = rng.choice([
        "(== %s (+ p %d))" % (t, rng.randint(0, 2)),
        "(== %s (* p 2))" % t,
        "(if (even? p) (== %s :e) (== %s :o))" % (t, t),
        "(membero %s (range p))" % t,
        "(if (> p 1) succeed fail)",
        "(== %s [p (inc p)])" % t,
    ])
    return "(fresh [p] " + bind + " (project [p] " + body + "))"


def goal(rng, depth=0):
    r = rng.random()
    if depth >= 3 or r < 0.22:
        return "(== " + term(rng) + " " + term(rng) + ")"
    if r < 0.3:
        return "(!= " + term(rng) + " " + term(rng) + ")"
    if r < 0.36:
        return "(membero " + term(rng) + " " + lst(rng) + ")"
    if r < 0.4:
        outs = ["[1 2]", "q", "[a 3]", "(lcons 1 c)"]
        return "(appendo " + term(rng) + " " + term(rng) + " " + rng.choice(outs) + ")"
    if r < 0.44:
        return "(conso " + term(rng) + " " + term(rng) + " " + term(rng) + ")"
    if r < 0.47:
        return "(firsto " + term(rng) + " " + term(rng) + ")"
    if r < 0.5:
        return "(resto " + term(rng) + " " + term(rng) + ")"
    if r < 0.52:
        return "(emptyo " + term(rng) + ")"
    if r < 0.55:
        return "(rembero " + term(rng) + " " + lst(rng) + " " + term(rng) + ")"
    if r < 0.58:
        return "(onceo " + goal(rng, depth + 1) + ")"
    if r < 0.61:
        body = rng.choice(["(membero %% %s)" % lst(rng), "(!= %% %s)" % term(rng, 1),
                           "(== %% %s)" % term(rng, 1), "(conde [(== %% 1)] [(== %% :x)])"])
        coll = rng.choice(["[a b]", "[q a]", "[1 a]", "[]", "(list a b c)"])
        return "(everyg #" + body.replace("%%", "%") + " " + coll + ")"
    if r < 0.66:
        return matche(rng, depth)
    if r < 0.7:
        return project(rng)
    if r < 0.8:
        return "(conde " + clauses(rng, depth, 3) + ")"
    if r < 0.86:
        vs = rng.choice(["[a b]", "[a]", "[c]", "[q]", "[b c]"])
        body = " ".join(goal(rng, depth + 1) for _ in range(rng.randint(1, 2)))
        return "(fresh " + vs + " " + body + ")"
    if r < 0.9:
        return "(conda " + clauses(rng, depth, 2) + ")"
    if r < 0.94:
        return "(condu " + clauses(rng, depth, 2) + ")"
    return "(all " + " ".join(goal(rng, depth + 1) for _ in range(rng.randint(1, 2))) + ")"


def runner(rng):
    r = rng.random()
    if r < 0.3:
        return "run*"
    return "run %d" % rng.choice([1, 2, 3, 5, 8])


def structural(rng):
    goals = " ".join(goal(rng) for _ in range(rng.randint(1, 3)))
    return "(" + runner(rng) + " [q] (fresh [a b c] " + goals + "))"


FDV = ["x", "y", "z"]
NO_REPEAT = os.environ.get("NO_REPEAT") == "1"  # no variable twice in one FD constraint
FD_ONLY = os.environ.get("FD_ONLY") == "1"


def dom(rng):
    if rng.random() < 0.5:
        lo = rng.randint(0, 4)
        return "(fd/interval %d %d)" % (lo, rng.randint(lo, 5))
    vals = sorted(rng.sample(range(6), rng.randint(1, 4)))
    return "(fd/domain " + " ".join(map(str, vals)) + ")"


def fdarg(rng):
    return rng.choice(FDV) if rng.random() < 0.8 else str(rng.randint(0, 5))


def fdgoal(rng, depth=0):
    if NO_REPEAT:
        for _ in range(50):
            g = _fdgoal(rng, depth)
            toks = g.replace("(", " ").replace(")", " ").split()
            if not g.startswith("(fd/") or len([t for t in toks if t in FDV]) == len(set(t for t in toks if t in FDV)):
                return g
        return g
    return _fdgoal(rng, depth)


def _fdgoal(rng, depth=0):
    r = rng.random()
    if r < 0.12:
        return "(fd/+ %s %s %s)" % (fdarg(rng), fdarg(rng), fdarg(rng))
    if r < 0.2:
        return "(fd/- %s %s %s)" % (fdarg(rng), fdarg(rng), fdarg(rng))
    if r < 0.28:
        return "(fd/* %s %s %s)" % (fdarg(rng), fdarg(rng), fdarg(rng))
    if r < 0.38:
        return "(%s %s %s)" % (rng.choice(["fd/<", "fd/<=", "fd/>", "fd/>="]),
                               fdarg(rng), fdarg(rng))
    if r < 0.48:
        return "(fd/!= %s %s)" % (fdarg(rng), fdarg(rng))
    if r < 0.54:
        return "(fd/== %s %s)" % (fdarg(rng), fdarg(rng))
    if r < 0.6:
        vs = rng.sample(FDV, rng.randint(2, 3))
        return "(fd/distinct [" + " ".join(vs) + "])"
    if r < 0.66:
        return "(== %s %s)" % (rng.choice(FDV), rng.choice(FDV + [str(rng.randint(0, 5))]))
    if r < 0.7:
        return "(!= %s %s)" % (rng.choice(FDV), rng.choice(FDV + [str(rng.randint(0, 5))]))
    if r < 0.73:
        return "(membero %s [%s])" % (rng.choice(FDV), " ".join(
            str(v) for v in rng.sample(range(6), rng.randint(1, 3))))
    if depth < 2 and r < 0.85:
        return "(conde " + " ".join(
            "[" + " ".join(fdgoal(rng, depth + 1) for _ in range(rng.randint(1, 2))) + "]"
            for _ in range(rng.randint(2, 3))) + ")"
    if depth < 2 and r < 0.9:
        return "(onceo " + fdgoal(rng, depth + 1) + ")"
    if depth < 2 and r < 0.94:
        # project an FD variable only after it was bound to an integer
        v = rng.choice(FDV)
        return "(all (== %s %d) (project [%s] (fd/<= %s (+ %s 1))))" % (
            v, rng.randint(0, 5), v, rng.choice(FDV), v)
    if depth < 2 and r < 0.97:
        return "(conda [" + fdgoal(rng, depth + 1) + "] [" + fdgoal(rng, depth + 1) + "])"
    return "(fd/+ %s %s %s)" % (fdarg(rng), fdarg(rng), fdarg(rng))


UNDOMAINED = os.environ.get("UNDOMAINED") == "1"  # z sometimes without a domain, domains late


def fd_program(rng):
    if rng.random() < 0.5:
        doms = "(fd/in x y z " + dom(rng) + ")"
    else:
        vs = FDV[:2] if UNDOMAINED and rng.random() < 0.5 else FDV
        doms = " ".join("(fd/in %s %s)" % (v, dom(rng)) for v in vs)
    goals = " ".join(fdgoal(rng) for _ in range(rng.randint(1, 4)))
    if UNDOMAINED and rng.random() < 0.5:
        # The domains after the constraints: core.logic checks for a constrained variable
        # without a domain only when the answer is reified.
        goals, doms = doms, goals
    run = "run*" if rng.random() < 0.75 else "run %d" % rng.choice([1, 2, 3, 5])
    return "(" + run + " [q] (fresh [x y z] " + doms + " " + goals + " (== q [x y z])))"


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed * 7919 + 1000003)
    for _ in range(count):
        print(fd_program(rng) if FD_ONLY or rng.random() < 0.4 else structural(rng))


if __name__ == "__main__":
    main()
