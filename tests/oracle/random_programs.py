#!/usr/bin/env python3
"""Random core.logic `run` programs, one per line, for tests/oracle/differential.sh.

    tests/oracle/random_programs.py SEED N

Each program is `(run 6 [q] (fresh [a b] goals...))` over `==`, `!=`, `membero`, `appendo`,
`conde`, `conda`, `condu`, `fresh` and `all`, with terms made of q, a, b, small integers,
keywords, nil, vectors and `lcons` cells: small enough to finish, varied enough to reach the
interleaving, the committed choices, the occurs check and the disequality store.
"""
import random
import sys

VARS = ["q", "a", "b"]


def term(rng, depth=0):
    r = rng.random()
    if r < 0.35:
        return rng.choice(VARS)
    if r < 0.6:
        return str(rng.randint(0, 3))
    if r < 0.7:
        return rng.choice([":x", ":y", "nil"])
    if depth < 2 and r < 0.85:
        items = " ".join(term(rng, depth + 1) for _ in range(rng.randint(0, 3)))
        return "[" + items + "]"
    if depth < 2:
        return "(lcons " + term(rng, depth + 1) + " " + rng.choice(VARS) + ")"
    return str(rng.randint(0, 3))


def clauses(rng, depth, most):
    return " ".join(
        "[" + " ".join(goal(rng, depth + 1) for _ in range(rng.randint(1, 2))) + "]"
        for _ in range(rng.randint(1, most))
    )


def goal(rng, depth=0):
    r = rng.random()
    if depth >= 3 or r < 0.3:
        return "(== " + term(rng) + " " + term(rng) + ")"
    if r < 0.4:
        return "(!= " + term(rng) + " " + term(rng) + ")"
    if r < 0.5:
        lists = ["[1 2 3]", "[a b]", "(list 1 2)", "[]"]
        return "(membero " + term(rng) + " " + rng.choice(lists) + ")"
    if r < 0.58:
        outs = ["[1 2]", "q", "[a 3]"]
        return "(appendo " + term(rng) + " " + term(rng) + " " + rng.choice(outs) + ")"
    if r < 0.75:
        return "(conde " + clauses(rng, depth, 3) + ")"
    if r < 0.82:
        body = " ".join(goal(rng, depth + 1) for _ in range(rng.randint(1, 2)))
        return "(fresh [a b] " + body + ")"
    if r < 0.88:
        return "(conda " + clauses(rng, depth, 2) + ")"
    if r < 0.93:
        return "(condu " + clauses(rng, depth, 2) + ")"
    return "(all " + " ".join(goal(rng, depth + 1) for _ in range(rng.randint(1, 2))) + ")"


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for _ in range(count):
        goals = " ".join(goal(rng) for _ in range(rng.randint(1, 3)))
        print("(run 6 [q] (fresh [a b] " + goals + "))")


if __name__ == "__main__":
    main()
