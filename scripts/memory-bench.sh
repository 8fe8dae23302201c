#!/usr/bin/env bash
# Resident memory of the engine after a search, as in a game: for each Hash size, start the engine, `uci`,
# `setoption name Hash value N`, `isready`, note VmRSS; then `go movetime MS` from the start position, wait for the
# bestmove, note VmRSS at once and again 6 s later (the launcher's native heap trimmer runs every 5 s).
#
#   scripts/memory-bench.sh [-t threads] [-m movetime-ms] [-n] [hash...] [-- command...]
#
# Defaults: Threads 1, 5000 ms, Hash 256, command ./kestrel. -n adds -XX:NativeMemoryTracking=summary (through
# KESTREL_JAVA_OPTS, so give a command that honours it, or put the option in the command) and prints where the
# JVM's own memory went after the search (jcmd VM.native_memory): heap, class metadata, threads, code cache, GC,
# compiler, and so on, and the mappings that hold the most resident memory. Linux only (/proc). Prints the load average before and after.
set -euo pipefail

ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THREADS=1
MOVETIME=5000
NMT=false
HASHES=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) THREADS="$2"; shift 2 ;;
    -m) MOVETIME="$2"; shift 2 ;;
    -n) NMT=true; shift ;;
    --) shift; break ;;
    *) HASHES+=("$1"); shift ;;
  esac
done
[ ${#HASHES[@]} -gt 0 ] || HASHES=(256)
if [ $# -gt 0 ]; then CMD=("$@"); else CMD=("$ROOT/kestrel"); fi
if $NMT; then export KESTREL_JAVA_OPTS="${KESTREL_JAVA_OPTS:-} -XX:NativeMemoryTracking=summary"; fi

. "$ROOT/scripts/engine-process.sh"
# Seconds to wait for any answer: the search, and slow starts under load.
WAIT=$(( MOVETIME / 1000 + 30 ))

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for hash in "${HASHES[@]}"; do
  coproc ENGINE { exec "${CMD[@]}" 2>/dev/null; }
  echo uci >&"${ENGINE[1]}"; wait_for "${ENGINE[0]}" uciok "$WAIT"
  printf 'setoption name Hash value %s\nsetoption name Threads value %s\nisready\n' "$hash" "$THREADS" >&"${ENGINE[1]}"
  wait_for "${ENGINE[0]}" readyok "$WAIT"
  pid="$(engine_pid "$ENGINE_PID")"
  ready="$(rss_mb "$pid")"
  printf 'position startpos\ngo movetime %s\n' "$MOVETIME" >&"${ENGINE[1]}"
  wait_for "${ENGINE[0]}" bestmove "$WAIT"
  searched="$(rss_mb "$pid")"
  sleep 6
  later="$(rss_mb "$pid")"
  if $NMT; then
    jcmd "$pid" VM.native_memory summary scale=MB 2>/dev/null | grep -E '^(Total|-.*\(reserved=)' | sed 's/^/    /'
    # The mappings holding the most resident memory: the heap, the code cache, the CDS archive, malloc arenas.
    awk '/^[0-9a-f]+-[0-9a-f]+ / { range = $1; name = $6 } /^Rss:/ && $2 >= 2048 { printf "    resident %5d MB  %s %s\n", $2 / 1024, range, name }' \
      "/proc/$pid/smaps" | sort -k2 -n -r | head -n 8
  fi
  echo quit >&"${ENGINE[1]}"; wait "$ENGINE_PID" || true
  echo "Hash $hash, Threads $THREADS: RSS after isready $ready MB (Hash + $(( ready - hash ))), after a ${MOVETIME} ms search $searched MB (Hash + $(( searched - hash ))), 6 s later $later MB (Hash + $(( later - hash )))"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
