#!/usr/bin/env bash
# Speed-up of the parallel search (Lazy SMP) over one thread, on the bench positions.
#
#   scripts/smp-speedup.sh [threads] [movetime-ms] [depth] [runs]
#
# Defaults: 2 threads, 500 ms per position, depth 12, 1 run.
# - nps: `kestrel bench --movetime MS` at Threads 1 and at <threads>; the ratio
#   is how many more nodes per second the threads search together.
# - time to depth: `kestrel bench DEPTH` at Threads 1 and at <threads>; the
#   ratio of the times is how much sooner the threads reach the depth (the
#   speed-up that plays; more nodes per second alone is not). Given twice: by
#   the wall clock, and by the main search thread's CPU time, which is what the
#   wall time would be with a free core for each thread: on a machine busy with
#   other work, the threads share what the scheduler gives the process, and the
#   wall clock shows that share rather than the search.
# Each run measures Threads 1 and then <threads> right after, so that a change in
# the machine's load touches both; the load average is printed before and after.
# Runs ./kestrel in the repository (built first if stale).
set -euo pipefail

ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THREADS="${1:-2}"
MOVETIME="${2:-500}"
DEPTH="${3:-12}"
RUNS="${4:-1}"
KESTREL="$ROOT/kestrel"

# The last two lines of a bench:
# "<mode>, 30 positions, <ms> ms, <n> thread(s), main thread CPU <ms> ms" and "<nodes> nodes <nps> nps".
bench() {
  "$KESTREL" bench "$@" | tail -2 | tr '\n' ' '
}
field_ms() { sed -E 's/.* positions, ([0-9]+) ms.*/\1/' <<<"$1"; }
field_cpu() { sed -E 's/.* CPU ([0-9]+) ms.*/\1/' <<<"$1"; }
field_nps() { sed -E 's/.* nodes ([0-9]+) nps.*/\1/' <<<"$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
"$KESTREL" bench 1 >/dev/null # builds the jar if needed, outside the timings

nps1=0; npsN=0; ms1=0; msN=0; cpu1=0; cpuN=0
for ((run = 1; run <= RUNS; run++)); do
  one="$(bench --threads 1 --movetime "$MOVETIME")"
  many="$(bench --threads "$THREADS" --movetime "$MOVETIME")"
  echo "run $run nps: 1 thread $(field_nps "$one"), $THREADS threads $(field_nps "$many")"
  nps1=$((nps1 + $(field_nps "$one"))); npsN=$((npsN + $(field_nps "$many")))

  one="$(bench "$DEPTH" --threads 1)"
  many="$(bench "$DEPTH" --threads "$THREADS")"
  echo "run $run time to depth $DEPTH: 1 thread $(field_ms "$one") ms (CPU $(field_cpu "$one") ms)," \
    "$THREADS threads $(field_ms "$many") ms (main thread CPU $(field_cpu "$many") ms)"
  ms1=$((ms1 + $(field_ms "$one"))); msN=$((msN + $(field_ms "$many")))
  cpu1=$((cpu1 + $(field_cpu "$one"))); cpuN=$((cpuN + $(field_cpu "$many")))
done

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "nps at $THREADS threads over 1: $(ratio "$npsN" "$nps1")"
echo "time-to-depth $DEPTH speed-up at $THREADS threads (time at 1 / time at $THREADS):" \
  "wall $(ratio "$ms1" "$msN"), main thread CPU $(ratio "$cpu1" "$cpuN")"
