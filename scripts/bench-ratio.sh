#!/usr/bin/env bash
# The speed of one network against another, for an SPRT at node budgets scaled by speed (docs/nnue.md):
#   scripts/bench-ratio.sh JAR BASE_NET NEW_NET [RUNS] [NODES]
# runs `bench` with each network in turn, RUNS times each (default 8), in fresh JVMs on one thread, and prints each
# run's nodes/s, the median of each, the ratio NEW / BASE of the medians, and NEW_NODES, the node count for the new
# network when the base plays NODES (default 25,000). A network is a file, or "builtin" for the jar's own. Run it on
# a machine otherwise at rest (pause datagen: kill -STOP, then kill -CONT), since load moves nodes/s and not evenly;
# and give it many runs, alternated, since at times one core is slower than the other (docs/search.md, "Bench").
set -euo pipefail
if [ $# -lt 3 ]; then
    sed -n 2,8p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
jar=$1
base=$2
new=$3
runs=${4:-8}
nodes=${5:-25000}

# Prints the nodes/s of one bench with NET.
bench_nps() {
    local net=$1 args=()
    [ "$net" = builtin ] || args=(--eval-file "$net")
    java -XX:+UseSerialGC -XX:+UseTransparentHugePages --add-modules jdk.incubator.vector -jar "$jar" bench \
        "${args[@]}" 2>/dev/null | awk '/ nps$/ { print $(NF - 1) }'
}

median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

base_runs=()
new_runs=()
for ((run = 1; run <= runs; run++)); do
    base_runs+=("$(bench_nps "$base")")
    new_runs+=("$(bench_nps "$new")")
    echo "run $run: base ${base_runs[-1]} nps, new ${new_runs[-1]} nps"
done
base_median=$(printf '%s\n' "${base_runs[@]}" | median)
new_median=$(printf '%s\n' "${new_runs[@]}" | median)
awk -v b="$base_median" -v n="$new_median" -v nodes="$nodes" 'BEGIN {
    printf "median: base %d nps, new %d nps; ratio new / base %.3f\n", b, n, n / b
    printf "NODES=%d NEW_NODES=%d\n", nodes, int(nodes * n / b + 0.5)
}'
