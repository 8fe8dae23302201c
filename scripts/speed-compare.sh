#!/usr/bin/env bash
# The search speed of several builds, for a change that should make nodes cheaper (docs/search.md, "Bench"):
#   scripts/speed-compare.sh RUNS BASE.jar OTHER.jar...
# runs `bench` (depth 13, one thread, the built-in network; its untimed first pass lets the JIT settle, so the figure
# is the warm speed) with each jar in turn, RUNS rounds, in fresh JVMs, the jars' order rotated each round; prints each
# run's nodes/s, each jar's median, and the ratio of each median to BASE's. ARGS adds bench arguments (e.g.
# ARGS=--hce). Run it on a machine otherwise at rest (pause datagen: kill -STOP, then kill -CONT): load moves nodes/s,
# and not evenly; the rotation spreads the two cores' different speeds over all jars alike.
set -euo pipefail
if [ $# -lt 3 ]; then
    sed -n 2,8p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
runs=$1
shift
jars=("$@")
results="$(mktemp)"
trap 'rm -f "$results"' EXIT

for ((round = 0; round < runs; round++)); do
    for ((k = 0; k < ${#jars[@]}; k++)); do
        jar=${jars[$(((k + round) % ${#jars[@]}))]}
        # shellcheck disable=SC2086
        nps=$(java -XX:+UseSerialGC -XX:+UseTransparentHugePages --add-modules jdk.incubator.vector -jar "$jar" \
            bench ${ARGS:-} 2>/dev/null | awk '/ nps$/ { print $(NF - 1) }')
        echo "$(basename "$jar") $nps"
        echo "$jar $nps" >>"$results"
    done
done

median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
base=$(awk -v j="${jars[0]}" '$1 == j { print $2 }' "$results" | median)
for jar in "${jars[@]}"; do
    m=$(awk -v j="$jar" '$1 == j { print $2 }' "$results" | median)
    awk -v n="$(basename "$jar")" -v m="$m" -v b="$base" 'BEGIN { printf "%s median %d nps, %.3f of the first\n", n, m, m / b }'
done
