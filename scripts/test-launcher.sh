#!/usr/bin/env bash
# Tests of the ./kestrel launcher with fake `java` and `mvn` on PATH: no JVM, no
# build, a few seconds. Run from anywhere: scripts/test-launcher.sh
#
# Each test copies the launcher into a scratch source tree (pom.xml, a source
# file, uci/target) and checks what it ran, with which options, what it printed
# where, and how often it built.
set -u

ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
failures=0
passed=0

# --- Stubs -------------------------------------------------------------------
STUBS="$SCRATCH/stubs"
mkdir -p "$STUBS/bin" "$STUBS/jdk/bin" "$STUBS/wrongjdk/bin"

# java: -version prints $FAKE_JAVA_VERSION as a JDK would; -XX:TrimNativeHeapInterval
# is refused when FAKE_JAVA_NO_TRIM is set, the module jdk.incubator.vector when
# FAKE_JAVA_NO_VECTOR is; an archive run writes the archive; with FAKE_JAVA_CDS_ERROR
# a run given an archive complains on stderr, as Java 25 does of one dumped with the
# module; `--version` (the archive's check) prints a version;
# a real run logs "<name> <arguments>" to $FAKE_LOG and answers uci with uciok.
cat >"$STUBS/java" <<'EOF'
#!/usr/bin/env bash
name="${FAKE_JAVA_NAME:-java}"
for arg in "$@"; do
  case "$arg" in
    -XX:TrimNativeHeapInterval=*) [ -n "${FAKE_JAVA_NO_TRIM:-}" ] && { echo "Unrecognized VM option" >&2; exit 1; } ;;
    jdk.incubator.vector) [ -n "${FAKE_JAVA_NO_VECTOR:-}" ] && { echo "Module jdk.incubator.vector not found" >&2; exit 1; } ;;
  esac
done
for arg in "$@"; do
  case "$arg" in
    -version)
      echo "openjdk version \"${FAKE_JAVA_VERSION:-17.0.15}\" 2025-04-15" >&2
      echo "OpenJDK 64-Bit Server VM (build, mixed mode)" >&2
      exit 0 ;;
    -XX:ArchiveClassesAtExit=*)
      cat >/dev/null
      echo archive >"${arg#*=}"
      exit 0 ;;
    -XX:SharedArchiveFile=*)
      [ -n "${FAKE_JAVA_CDS_ERROR:-}" ] && echo "[0.015s][error][cds] Mismatched values for property jdk.module.addmods" >&2 ;;
    --version)
      echo "Kestrel 0.1.0"
      exit 0 ;;
  esac
done
echo "$name $*" >>"$FAKE_LOG"
while read -r line; do
  case "$line" in uci) echo uciok ;; quit) exit 0 ;; esac
done
EOF
chmod +x "$STUBS/java"
cp "$STUBS/java" "$STUBS/bin/java"
cp "$STUBS/java" "$STUBS/jdk/bin/java"
sed 's/^name=.*/name=wrong-java/' "$STUBS/java" >"$STUBS/wrongjdk/bin/java"
chmod +x "$STUBS/wrongjdk/bin/java"

# mvn: logs its arguments and MAVEN_OPTS, notices a second build running at the same
# time, prints to stdout (which the launcher must keep off its own stdout), and
# builds the jar after a second.
cat >"$STUBS/bin/mvn" <<'EOF'
#!/usr/bin/env bash
[ -e uci/target/building ] && echo "CONCURRENT BUILD" >>"$FAKE_LOG"
mkdir -p uci/target && touch uci/target/building
echo "mvn $* MAVEN_OPTS=${MAVEN_OPTS:-}" >>"$FAKE_LOG"
echo "[INFO] Building Kestrel"
sleep 1
touch uci/target/kestrel.jar
rm -f uci/target/building
EOF
chmod +x "$STUBS/bin/mvn"

# --- Helpers -----------------------------------------------------------------
TREE=""
new_tree() {
  TREE="$SCRATCH/tree$((passed + failures))"
  mkdir -p "$TREE/uci/src/main/java" "$TREE/uci/target"
  cp "$ROOT/kestrel" "$TREE/kestrel"
  touch "$TREE/pom.xml" "$TREE/uci/pom.xml" "$TREE/uci/src/main/java/Main.java"
  sleep 0.01
  touch "$TREE/uci/target/kestrel.jar"
  export FAKE_LOG="$TREE/log"
  : >"$FAKE_LOG"
}

# Runs the launcher in $TREE with PATH=stubs; stdout to $TREE/out, stderr to $TREE/err.
launch() {
  (cd "$TREE" && printf 'uci\nquit\n' | env -u JAVA -u JAVA_HOME -u KESTREL_JAVA_OPTS \
      PATH="$STUBS/bin:/usr/bin:/bin" HOME="$TREE" "$@" ./kestrel >"$TREE/out" 2>"$TREE/err")
}

check() {
  local what="$1"; shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failures=$((failures + 1))
    echo "FAIL: $what" >&2
    [ -n "$TREE" ] && { echo "  log: $(cat "$TREE/log" 2>/dev/null)"; echo "  stdout: $(cat "$TREE/out" 2>/dev/null)"; echo "  stderr: $(cat "$TREE/err" 2>/dev/null)"; } >&2
  fi
}
log_has() { grep -q -e "$1" "$TREE/log"; }
log_lacks() { ! grep -q -e "$1" "$TREE/log"; }
stdout_is() { [ "$(cat "$TREE/out")" = "$1" ]; }
count() { grep -c -e "$1" "$TREE/log"; }

# --- Tests -------------------------------------------------------------------
new_tree
launch
check "runs java from PATH with the serial collector" log_has "^java .*-XX:+UseSerialGC -Xmn8m"
check "stdout carries only the engine's answer" stdout_is "uciok"
check "no build when the jar is fresh" log_lacks "^mvn"
check "the first run records a CDS archive ..." test -f "$TREE/uci/target/kestrel-java${STUBS//[^A-Za-z0-9]/_}_bin_java.jsa"
launch
check "... which the next run uses" log_has "-XX:SharedArchiveFile=.*kestrel-java.*\.jsa"
check "JVM warnings go to stderr" log_has "-Xlog:disable -Xlog:all=warning:stderr"
check "the native heap trimmer is used where the JVM has it" log_has "-XX:TrimNativeHeapInterval="

new_tree
launch FAKE_JAVA_CDS_ERROR=1
check "no CDS archive kept that the runtime complains of" test ! -e "$TREE/uci/target/kestrel-java${STUBS//[^A-Za-z0-9]/_}_bin_java.jsa"
launch FAKE_JAVA_CDS_ERROR=1
check "... so no run is given one" log_lacks "SharedArchiveFile"
check "... and it still runs" stdout_is "uciok"

new_tree
launch
check "the Vector API module is added where the runtime has it" log_has "^java .*--add-modules jdk.incubator.vector .*-jar"
check "... and recorded once per jar and runtime" grep -q "add-modules" "$TREE/uci/target/"kestrel-java*.txt

new_tree
launch FAKE_JAVA_NO_VECTOR=1
check "no Vector API module for a runtime without it" log_lacks "add-modules"
check "... and it still runs" stdout_is "uciok"

new_tree
launch FAKE_JAVA_NO_TRIM=1
check "no trimmer option for a JVM without it" log_lacks "TrimNativeHeapInterval"
check "... and it still runs" stdout_is "uciok"

new_tree
launch JAVA_HOME="$STUBS/jdk" FAKE_JAVA_NAME=jdk-java PATH="$STUBS/wrongjdk/bin:$STUBS/bin:/usr/bin:/bin"
check "JAVA_HOME wins over java on PATH" log_has "^jdk-java "
check "... and nothing else runs" log_lacks "^wrong-java"
launch JAVA_HOME="$STUBS/jdk" JAVA="$STUBS/wrongjdk/bin/java"
check "JAVA wins over JAVA_HOME" log_has "^wrong-java "

new_tree
launch KESTREL_JAVA_OPTS="-XX:+UseG1GC -Xmx2g"
check "a collector in KESTREL_JAVA_OPTS replaces the launcher's" log_has "^java .*-XX:+UseG1GC -Xmx2g"
check "... so the JVM sees one collector only" log_lacks "UseSerialGC"

for version in 11.0.2 1.8.0_392 16; do
  new_tree
  launch FAKE_JAVA_VERSION="$version"
  status=$?
  check "Java $version: refused with exit status 1" test "$status" -eq 1
  check "Java $version: says Java 17 is needed on stderr" grep -q "needs Java 17 or newer" "$TREE/err"
  check "Java $version: and as a UCI info string for the GUI" grep -q "^info string kestrel: Kestrel needs Java 17 or newer" "$TREE/out"
  check "Java $version: the engine does not start" log_lacks "^java "
done
for version in 17 21.0.1 25-ea; do
  new_tree
  launch FAKE_JAVA_VERSION="$version"
  check "Java $version: accepted" log_has "^java "
done

new_tree
launch JAVA_HOME="$TREE/no-such-jdk"
check "a JAVA_HOME without java is reported" grep -q "Java not found" "$TREE/err"

new_tree
rm "$TREE/uci/target/kestrel.jar"
launch
check "a missing jar is built" test "$(count '^mvn')" -eq 1
check "... quietly, without colour codes" log_has "^mvn -B -q -Dstyle.color=never -DskipTests package MAVEN_OPTS=.*-Djansi.noreset=true"
check "... with Maven's output off stdout" stdout_is "uciok"
check "... and then run" log_has "^java "

new_tree
# Past the jar's time even on a file system whose clock ticks coarsely (the jar was touched a moment ago).
touch -d '+1 second' "$TREE/uci/src/main/java/Main.java"
launch
check "a source newer than the jar rebuilds it" test "$(count '^mvn')" -eq 1

new_tree
rm "$TREE/uci/target/kestrel.jar"
launch & first=$!
launch & second=$!
wait "$first"; wait "$second"
check "two launchers on a missing jar build once" test "$(count '^mvn')" -eq 1
check "... never at the same time" log_lacks "CONCURRENT"
check "... and both run the engine" test "$(count '^java ')" -eq 2
check "... and leave no lock behind" test ! -e "$TREE/uci/target/kestrel.lock"

new_tree
rm "$TREE/uci/target/kestrel.jar"
mkdir "$TREE/uci/target/kestrel.lock"
sh -c 'exit 0' & dead=$!; wait "$dead"
echo "$dead" >"$TREE/uci/target/kestrel.lock/pid"
launch
check "a lock left by a dead launcher is taken over" test "$(count '^mvn')" -eq 1
check "... with a word on stderr" grep -q "stale lock" "$TREE/err"

new_tree
rm "$TREE/pom.xml"
mv "$TREE/uci/target/kestrel.jar" "$TREE/kestrel.jar"
launch
check "the distribution (no pom.xml) runs the kestrel.jar beside the launcher" log_has "^java .*-jar $TREE/kestrel.jar"
check "... and never builds" log_lacks "^mvn"

echo "test-launcher: $passed passed, $failures failed" >&2
[ "$failures" -eq 0 ]
