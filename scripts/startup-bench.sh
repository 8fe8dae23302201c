#!/usr/bin/env bash
# Start-up time and resident memory of the engine as a GUI starts it.
#
#   scripts/startup-bench.sh [runs] [-- command...]
#
# Start-up: the median over <runs> starts (default 10) of the wall time from
# starting the command to reading `uciok` after sending `uci`.
# Memory: VmRSS of the engine process after `setoption name Hash value N` and
# `isready` has been answered, for Hash 16, 256 and 1024.
# The command defaults to ./kestrel in the repository (built first if stale).
# Needs bash 5 (EPOCHREALTIME) and Linux (/proc).
set -euo pipefail

ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=10
if [ $# -gt 0 ] && [ "$1" != "--" ]; then RUNS="$1"; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
if [ $# -gt 0 ]; then CMD=("$@"); else CMD=("$ROOT/kestrel"); fi

. "$ROOT/scripts/engine-process.sh"

now_us() { local t="${EPOCHREALTIME/./}"; echo "$t"; }

# Warm start: build the jar (and anything else the launcher prepares) outside the timings.
coproc ENGINE { exec "${CMD[@]}" 2>/dev/null; }
echo uci >&"${ENGINE[1]}"; wait_for "${ENGINE[0]}" uciok
echo quit >&"${ENGINE[1]}"; wait "$ENGINE_PID" || true

times=()
for ((i = 0; i < RUNS; i++)); do
  start="$(now_us)"
  coproc ENGINE { exec "${CMD[@]}" 2>/dev/null; }
  echo uci >&"${ENGINE[1]}"
  wait_for "${ENGINE[0]}" uciok
  end="$(now_us)"
  echo quit >&"${ENGINE[1]}"
  wait "$ENGINE_PID" || true
  times+=($(( (end - start) / 1000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
n=${#sorted[@]}
if (( n % 2 )); then median=${sorted[n / 2]}; else median=$(( (sorted[n / 2 - 1] + sorted[n / 2]) / 2 )); fi
echo "start to uciok: median ${median} ms of $n runs (min ${sorted[0]}, max ${sorted[n - 1]}): ${times[*]}"

for hash in 16 256 1024; do
  coproc ENGINE { exec "${CMD[@]}" 2>/dev/null; }
  echo uci >&"${ENGINE[1]}"; wait_for "${ENGINE[0]}" uciok
  printf 'setoption name Hash value %s\nisready\n' "$hash" >&"${ENGINE[1]}"
  wait_for "${ENGINE[0]}" readyok
  pid="$(engine_pid "$ENGINE_PID")"
  rss="$(rss_mb "$pid")"
  echo quit >&"${ENGINE[1]}"; wait "$ENGINE_PID" || true
  echo "Hash $hash: RSS $rss MB (Hash + $(( rss - hash )) MB)"
done
