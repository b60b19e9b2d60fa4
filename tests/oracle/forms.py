#!/usr/bin/env python3
"""Compares, form by form, what core.logic on the JVM and kanren print for Clojure files
written elsewhere (tutorials, book companions, examples).

    CORE_LOGIC=/path/to/core.logic tests/oracle/forms.py [--kanren PATH] [--list] FILE_OR_DIR...

Each top-level form of a file is run as `(prn FORM)` inside a `try`, with a marker line
before it, in one JVM process per file and in one kanren process per file; a form counts
when the JVM runs it without an error, and matches when kanren prints the same text for it
(its own output and its value; unreified variables' numbers aside). Forms that take the JVM more than the file's time limit end
the file on both sides. With `--list`, the forms that differ are listed with both outputs.
Never run by `cargo test` or CI.
"""
import argparse, os, re, subprocess, sys, tempfile

def split_forms(text):
    """The top-level forms of Clojure source, as text (comments dropped)."""
    forms, i, n = [], 0, len(text)
    def skip_ws(i):
        while i < n:
            c = text[i]
            if c in " \t\r\n,":
                i += 1
            elif c == ";":
                while i < n and text[i] != "\n":
                    i += 1
            else:
                break
        return i
    def read_form(i):
        i = skip_ws(i)
        if i >= n:
            return n
        c = text[i]
        if c in "'`~@^":
            if text.startswith("~@", i):
                i += 1
            j = read_form(i + 1)
            return read_form(j) if c == "^" else j
        if c == "#":
            if i + 1 < n and text[i + 1] == "_":
                return read_form(read_form(i + 2))
            if i + 1 < n and text[i + 1] in "'=?":
                return read_form(i + 2)
            if i + 1 < n and text[i + 1] == '"':
                return read_form(i + 1)
            if i + 1 < n and text[i + 1] in "({":
                return read_form(i + 1)
            if i + 1 < n and text[i + 1] == ":":
                j = i + 1
                while j < n and text[j] not in " \t\r\n,({[":
                    j += 1
                return read_form(j)
            return read_form(i + 1)
        if c in "([{":
            close = {"(": ")", "[": "]", "{": "}"}[c]
            i += 1
            while True:
                i = skip_ws(i)
                if i >= n:
                    return n
                if text[i] == close:
                    return i + 1
                i = read_form(i)
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            return i + 1
        if c == "\\":
            j = i + 2
            while j < n and text[j].isalnum():
                j += 1
            return j
        j = i
        while j < n and text[j] not in " \t\r\n,()[]{}\";":
            j += 1
        return max(j, i + 1)
    while True:
        i = skip_ws(i)
        if i >= n:
            return forms
        j = read_form(i)
        forms.append(text[i:j])
        i = j

def driver(forms, catch):
    out = []
    for k, f in enumerate(forms):
        if f.startswith("#_"):
            continue
        out.append(f'(println "@@FORM {k}")')
        out.append(f"(try (prn {f})\n (catch {catch} e (println \"@@ERROR\")))")
    return "\n".join(out) + "\n"

def run(cmd, timeout):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.stdout
    except subprocess.TimeoutExpired as e:
        return (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")

def segments(out):
    seg, cur = {}, None
    for line in out.splitlines():
        if line.startswith("@@FORM "):
            cur = int(line.split()[1])
            seg[cur] = []
        elif cur is not None:
            seg[cur].append(line)
    return {k: "\n".join(v) for k, v in seg.items()}

def norm(text):
    """Unreified logic variables print with a process-wide counter (`_174`, `a_255`), which
    differs between the two; reified ones (`_0`, `_1`) are compared as they are."""
    return None if text is None else re.sub(r"_\d{3,}", "_N", text)

def classpath():
    cp = "/usr/share/java/clojure.jar"
    for jar in ["spec-alpha", "spec.alpha", "core-specs-alpha", "core.specs.alpha"]:
        if os.path.exists(f"/usr/share/java/{jar}.jar"):
            cp += f":/usr/share/java/{jar}.jar"
    cl = os.environ.get("CORE_LOGIC")
    if not cl:
        sys.exit("forms.py: set CORE_LOGIC to a checkout of clojure/core.logic")
    return cp + ":" + os.path.join(cl, "src/main/clojure")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kanren", default="target/release/kanren")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    files = []
    for p in a.paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, x) for x in sorted(names)
                          if x.endswith(".clj") and x != "project.clj"]
        else:
            files.append(p)
    cp = classpath()
    total = same = 0
    for f in sorted(files):
        forms = split_forms(open(f, encoding="utf-8", errors="replace").read())
        with tempfile.TemporaryDirectory() as d:
            jvm_file, k_file = os.path.join(d, "jvm.clj"), os.path.join(d, "kanren.clj")
            open(jvm_file, "w").write(driver(forms, "Throwable"))
            open(k_file, "w").write(driver(forms, "Throwable"))
            jvm = segments(run(["java", "-cp", cp, "clojure.main", jvm_file], a.timeout))
            ours = segments(run([a.kanren, k_file], a.timeout))
        # A form whose segment is empty did not finish on the JVM (the file's time ran out).
        good = [k for k, v in jvm.items() if v and "@@ERROR" not in v and "#object" not in v]
        hits = [k for k in good if norm(ours.get(k)) == norm(jvm[k])]
        total += len(good)
        same += len(hits)
        print(f"{f}: {len(hits)}/{len(good)}")
        if a.list:
            for k in good:
                if norm(ours.get(k)) != norm(jvm[k]):
                    print(f"  form {k}: {forms[k][:100]!r}")
                    print(f"    jvm:    {jvm[k][:200]!r}")
                    print(f"    kanren: {ours.get(k, '<no output>')[:200]!r}")
    print(f"{len(files)} files, {total} forms run on the JVM, {same} print the same on kanren "
          f"({100.0 * same / max(total, 1):.1f}%)")

main()
