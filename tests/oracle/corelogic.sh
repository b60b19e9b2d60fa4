#!/bin/sh
# Runs a Clojure file (or stdin) with core.logic on the classpath: the oracle that the
# expected answers of tests/core_logic_reference.rs, tests/fd_order.rs and tests/copy_term.rs
# were printed by. Never run by `cargo test` or CI.
#
#   CORE_LOGIC=/path/to/core.logic tests/oracle/corelogic.sh cases.clj
#
# CORE_LOGIC is a checkout of https://github.com/clojure/core.logic (the tests cite commit
# 326101f, release 1.1.1). Clojure itself comes from Debian's `clojure` package, installed
# here with apt-get when it is missing (as root, or through sudo).
set -eu

: "${CORE_LOGIC:?set CORE_LOGIC to a checkout of clojure/core.logic}"
src="$CORE_LOGIC/src/main/clojure"
[ -f "$src/clojure/core/logic.clj" ] || {
    echo "corelogic.sh: no src/main/clojure/clojure/core/logic.clj under $CORE_LOGIC" >&2
    exit 2
}

if [ ! -f /usr/share/java/clojure.jar ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -q
    $sudo apt-get install -y -q clojure
fi

cp=/usr/share/java/clojure.jar
for jar in spec-alpha spec.alpha core-specs-alpha core.specs.alpha; do
    [ -f "/usr/share/java/$jar.jar" ] && cp="$cp:/usr/share/java/$jar.jar"
done

# Start each file with
#   (require '[clojure.core.logic :refer :all] '[clojure.core.logic.fd :as fd])
# and print each answer with prn: a JVM starts in about 6 s, so batch many cases per file.
exec java -cp "$cp:$src" clojure.main "${@:--}"
