"""The instructions a run of a benchmark program by the part of the system that executes
them, on each side: `counts.sh -p` runs it on the callgrind profiles of the benchmark's
process running the program RUNS times and none, on the front end's side and the port's.

    python3 parts.py RUNS FRONT_NONE FRONT_RUNS RUST_NONE RUST_RUNS

Each function's own instructions go to the part its symbol names first, so code inlined
into a function counts where the function does:

- the evaluator: `kanren_clj::eval` (compiled code run, calls, frames, comprehensions);
- goals, plans and answers: `kanren_clj::library::logic` (core.logic's forms, planned
  bodies, the query's seq of answers);
- Clojure's library and values: the rest of `kanren_clj` (`clojure.core`'s functions, seqs,
  lazy seqs' thunks such as `<Option<F> as kanren_clj::value::Thunk>::run`, conversions
  between values and terms);
- the engine: `kanren::`;
- the allocator: mimalloc's functions;
- drops and clones: `drop_in_place`, an `Arc`'s `drop_slow`, a `Drop` or `Clone` impl of any
  type (the front end's values, frames and lists, the engine's terms and goals);
- the rest: the standard library's and other crates' generic code, the C library.
"""

import re
import subprocess
import sys

PARTS = [
    "the evaluator",
    "goals, plans and answers",
    "Clojure's library and values",
    "the engine",
    "the allocator",
    "drops and clones",
    "the rest",
]


def own(path):
    """Each function's own instructions in the profile at `path`."""
    out = subprocess.run(
        ["callgrind_annotate", "--show=Ir", "--threshold=100", "--auto=no", path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    fns = {}
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S+?):(.*)", line)
        if m and "PROGRAM TOTALS" not in line:
            fn = re.sub(r"\s*\[/.*", "", m.group(3))
            fns[fn] = fns.get(fn, 0) + int(m.group(1).replace(",", ""))
    return fns


def part(fn):
    """The part that the function named `fn` belongs to."""
    if re.search(r"(^|[^A-Za-z])_?mi_", fn):
        return "the allocator"
    if re.search(r"drop_in_place<|::drop_slow|as core::ops::drop::Drop>|Clone>::clone", fn):
        return "drops and clones"
    m = re.search(r"kanren_clj::(eval|library::logic)?|kanren::", fn)
    if not m:
        return "the rest"
    return {
        "kanren::": "the engine",
        "kanren_clj::eval": "the evaluator",
        "kanren_clj::library::logic": "goals, plans and answers",
    }.get(m.group(0), "Clojure's library and values")


def split(none, some, runs):
    """The instructions a run of each part: the profile `some` less `none`, over `runs`."""
    a, b = own(none), own(some)
    out = dict.fromkeys(PARTS, 0)
    for fn in set(a) | set(b):
        out[part(fn)] += b.get(fn, 0) - a.get(fn, 0)
    return {p: round(n / runs) for p, n in out.items()}


def main():
    runs = int(sys.argv[1])
    front = split(sys.argv[2], sys.argv[3], runs)
    rust = split(sys.argv[4], sys.argv[5], runs)
    print("| part | front end | Rust port | front end less port |")
    print("| --- | ---: | ---: | ---: |")
    for p in PARTS:
        print(f"| {p} | {front[p]} | {rust[p]} | {front[p] - rust[p]} |")
    f, r = sum(front.values()), sum(rust.values())
    print(f"| all | {f} | {r} | {f - r} |")


if __name__ == "__main__":
    main()
