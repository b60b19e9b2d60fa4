#!/usr/bin/env python3
"""Runs core.logic's own test files, unmodified, through `kanren test` and prints their totals:
tests.clj, pldb/tests.clj and nominal/tests.clj of a core.logic checkout (1.1.1 is 326101f).

    tests/oracle/core_logic_tests.py [--kanren PATH] [--failures] CORE_LOGIC_CHECKOUT

Each file runs in its own `kanren` process (a five-minute limit) and its last line, `N passed,
M failed`, is printed with the file's time. With `--failures`, the names of the deftests with a
failing assertion follow each total. The assertions kanren fails on purpose, because
core.logic's answer is wrong or its test reads the JVM's internals, are named in
docs/design.md. Never run by `cargo test` or CI.
"""
import argparse, os, re, subprocess, sys, time

FILES = ["tests.clj", "pldb/tests.clj", "nominal/tests.clj"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout", help="a clone of github.com/clojure/core.logic")
    ap.add_argument("--kanren", default="target/release/kanren")
    ap.add_argument("--failures", action="store_true", help="list the failing deftests")
    args = ap.parse_args()
    base = os.path.join(args.checkout, "src/test/clojure/clojure/core/logic")
    status = 0
    for name in FILES:
        path = os.path.join(base, name)
        if not os.path.isfile(path):
            sys.exit(f"no {path}: give the root of a core.logic checkout")
        start = time.monotonic()
        try:
            run = subprocess.run([args.kanren, "test", path], capture_output=True,
                                 text=True, timeout=300)
            out = run.stdout + run.stderr
        except subprocess.TimeoutExpired:
            print(f"{name}: timed out after 300 s")
            status = 1
            continue
        secs = time.monotonic() - start
        totals = [l for l in out.splitlines() if re.match(r"^\d+ passed, \d+ failed", l)]
        print(f"{name}: {totals[-1] if totals else 'no totals (see kanren test output)'}"
              f" in {secs:.2f} s")
        if args.failures:
            failing = sorted(set(re.findall(r"^(?:FAIL|ERROR) in \(([^)]*)\)", out, re.M)))
            for test in failing:
                print(f"  {test}")
        if run.returncode != 0:
            status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
