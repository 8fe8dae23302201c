#!/usr/bin/env bash
# Tests `make EXE=<name>` the way OpenBench uses it (docs/testing.md):
#   1. make EXE=<name> at the repository root, reusing uci/target/kestrel.jar when it is fresh (after `mvn verify`
#      it must not rebuild: the jar's time is compared);
#   2. the file <name> is moved alone to an empty folder, as OpenBench moves it to its Engines folder;
#   3. `./<name> bench` run there, stdout and stderr together, must end with `N nodes M nps`, and OpenBench's way of
#      reading it (the last line holding "<digits> nodes", the last holding "<digits> nps") must find N and M;
#   4. `uci` through it answers `id name Kestrel ...` and `uciok`;
#   5. make EXE=<name> EVALFILE=<file> puts that file in the jar as the built-in network.
# The full bench is what OpenBench runs; it takes some 7 s of CPU time. Run from anywhere:
#   scripts/test-makefile.sh
# .ci/run calls it after `mvn -B verify`. Without a jar it builds one with Maven first (through make).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

name="kestrel-makefile-test-$$"
work="$(mktemp -d)"
trap 'rm -rf "$work" "$root/$name" "$root/$name.part"' EXIT
fail() { echo "test-makefile: FAIL: $*" >&2; exit 1; }

jar=uci/target/kestrel.jar
before=""
[ -f "$jar" ] && before="$(stat -c %Y "$jar" 2>/dev/null || stat -f %m "$jar")"
fresh=false
if [ -n "$before" ] && [ -z "$(find engine/src/main perft/src/main uci/src/main pom.xml ./*/pom.xml -newer "$jar" -print | head -n 1)" ]; then
    fresh=true
fi

# 1. Build.
make -s EXE="$name" >"$work/make.log" 2>&1 || { cat "$work/make.log" >&2; fail "make EXE=$name failed"; }
[ -x "$name" ] || fail "make did not write an executable $name"
if $fresh; then
    after="$(stat -c %Y "$jar" 2>/dev/null || stat -f %m "$jar")"
    [ "$before" = "$after" ] || fail "make rebuilt $jar although it was newer than every source"
fi

# 2. Alone in another folder.
mkdir "$work/Engines"
mv "$name" "$work/Engines/"

# 3. bench, read as OpenBench reads it.
(cd "$work" && "./Engines/$name" bench) >"$work/bench.out" 2>&1 || { tail -5 "$work/bench.out" >&2; fail "bench exited with an error"; }
last="$(grep -v '^[[:space:]]*$' "$work/bench.out" | tail -n 1)"
[[ "$last" =~ ^([0-9]+)\ nodes\ ([0-9]+)\ nps$ ]] || fail "bench's last line is '$last', not 'N nodes M nps'"
nodes="${BASH_REMATCH[1]}"
nps="${BASH_REMATCH[2]}"
ob_nodes="$(tr -c 'a-zA-Z0-9 \n' ' ' <"$work/bench.out" | grep -ioE '[0-9]+ +nodes' | tail -n 1 | grep -oE '[0-9]+')"
ob_nps="$(tr -c 'a-zA-Z0-9 \n' ' ' <"$work/bench.out" | grep -ioE '[0-9]+ +nps' | tail -n 1 | grep -oE '[0-9]+')"
[ "$ob_nodes" = "$nodes" ] && [ "$ob_nps" = "$nps" ] ||
    fail "OpenBench's patterns would read $ob_nodes nodes and $ob_nps nps, not $nodes and $nps"

# 4. A UCI session.
uci="$(cd "$work" && printf 'uci\nquit\n' | "./Engines/$name" 2>/dev/null)"
grep -q '^id name Kestrel ' <<<"$uci" || fail "no 'id name Kestrel' from uci"
grep -q '^uciok$' <<<"$uci" || fail "no uciok"

# 5. EVALFILE replaces the built-in network.
network=engine/src/main/resources/kestrel/engine/nnue/kestrel.nnue
cp "$network" "$work/other name.nnue"
make -s EXE="$name" EVALFILE="$work/other name.nnue" >"$work/make2.log" 2>&1 ||
    { cat "$work/make2.log" >&2; fail "make EXE=$name EVALFILE=... failed"; }
if command -v unzip >/dev/null 2>&1; then
    # unzip warns (exit status 1) about the launcher in front of the jar; the bytes it extracts are what counts.
    unzip -p "$name" kestrel/engine/nnue/kestrel.nnue >"$work/embedded.nnue" 2>/dev/null || true
    cmp -s "$work/embedded.nnue" "$work/other name.nnue" || fail "the network in $name is not the EVALFILE"
else
    echo "test-makefile: no unzip here: EVALFILE built but its network not compared" >&2
fi

echo "test-makefile: ok: make EXE=<name> ($($fresh && echo 'jar reused' || echo 'jar built')), bench: $nodes nodes $nps nps"
