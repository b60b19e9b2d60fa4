#!/usr/bin/env python3
"""Runs a corpus of clojure.test files on the JVM (the oracle) and through `kanren test`,
and prints how many of the assertions that pass on the JVM pass on kanren.

    tests/oracle/corpus.py [--kanren PATH] [--list] FILE_OR_DIR...

Every `.clj` file under the given paths is one program: a namespace with `deftest`s. The JVM
side loads them all in one Clojure process (Debian's `clojure` package, as corelogic.sh uses;
CORE_LOGIC, when set, puts core.logic on the classpath too). Each file runs through kanren
in its own process with a ten-second limit. With `--list`, the files that lose assertions
are listed with kanren's first error, and so are the files that do not pass on the JVM
(left out of the figure). EXTRA_CP adds directories to the JVM's classpath and to kanren's
KANREN_PATH (where `require` finds namespaces that are not loaded). Never run by `cargo test` or CI.
"""
import argparse, os, re, subprocess, sys, tempfile

def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                out += [os.path.join(root, n) for n in sorted(names) if n.endswith(".clj")]
        else:
            out.append(p)
    return sorted(out)

JVM_RUNNER = r"""
(require 'clojure.test)
(doseq [f *command-line-args*]
  (let [before (set (all-ns))
        res (try
              (binding [clojure.test/*test-out* (java.io.StringWriter.)
                        *out* (java.io.StringWriter.)]
                (load-file f)
                (let [nss (remove before (all-ns))]
                  (apply merge-with + {:pass 0 :fail 0 :error 0}
                         (map #(select-keys (clojure.test/run-tests %) [:pass :fail :error]) nss))))
              (catch Throwable t {:pass 0 :fail 0 :error 1 :load (str (.getMessage t))}))]
    (println "RESULT" f (:pass res) (:fail res) (:error res))))
"""

def jvm(files):
    cp = "/usr/share/java/clojure.jar"
    for jar in ["spec-alpha", "spec.alpha", "core-specs-alpha", "core.specs.alpha"]:
        if os.path.exists(f"/usr/share/java/{jar}.jar"):
            cp += f":/usr/share/java/{jar}.jar"
    if os.environ.get("EXTRA_CP"):
        cp += ":" + os.environ["EXTRA_CP"]
    if os.environ.get("CORE_LOGIC"):
        cp += ":" + os.path.join(os.environ["CORE_LOGIC"], "src/main/clojure")
    with tempfile.NamedTemporaryFile("w", suffix=".clj", delete=False) as t:
        t.write(JVM_RUNNER)
    out = subprocess.run(["java", "-cp", cp, "clojure.main", t.name] + files,
                         capture_output=True, text=True).stdout
    res = {}
    for line in out.splitlines():
        if line.startswith("RESULT "):
            parts = line.split(" ")
            f, (p, fl, e) = " ".join(parts[1:-3]), parts[-3:]
            res[f] = (int(p), int(fl), int(e))
    return res

def kanren(binary, f):
    try:
        env = dict(os.environ)
        if os.environ.get("EXTRA_CP"):
            env["KANREN_PATH"] = os.environ["EXTRA_CP"]
        r = subprocess.run([binary, "test", f], capture_output=True, text=True, timeout=10,
                           env=env)
    except subprocess.TimeoutExpired:
        return 0, "timeout"
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    m = re.search(r"(\d+) passed, (\d+) failed", last)
    passed = int(m.group(1)) if m else 0
    err = (r.stderr.strip().splitlines() or [""])[0]
    if not err:
        lines = r.stdout.splitlines()
        err = next((l.strip() for l in lines if l.strip().startswith(("error:", "actual:"))), "")
    return passed, err

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kanren", default="target/release/kanren")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    files = files_of(a.paths)
    oracle = jvm(files)
    total = ours = 0
    misses = []
    for f in files:
        p, fl, e = oracle.get(f, (0, 0, 1))
        if fl or e or p == 0:
            # Not a known-good program on the JVM: left out of the figure, listed.
            misses.append((f, 0, f"on the JVM: {p} passed, {fl} failed, {e} errors"))
            continue
        k, err = kanren(a.kanren, f)
        total += p
        ours += min(k, p)
        if k < p:
            misses.append((f, p - k, err))
    print(f"{len(files)} files, {total} assertions pass on the JVM, {ours} on kanren "
          f"({100.0 * ours / max(total, 1):.1f}%)")
    if a.list:
        for f, lost, err in misses:
            print(f"  {f}: {lost} lost: {err[:160]}")

main()
