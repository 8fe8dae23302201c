#!/usr/bin/env bash
# Self-play data and a network from one call on a lent many-core machine that has no Java (docs/nnue.md).
#
#   scripts/device-network.sh pack
#       here: builds the jar if needed and puts a small Java runtime, the jar and this script into .devnet/
#       (git-ignored through .git/info/exclude); carry ".devnet" to the other machine.
#   bash .devnet/device-network.sh run SECONDS [NODES] [HIDDEN] [EPOCHS]
#       there: plays self-play games on every core for about 70 % of SECONDS (NODES per move, default 5000), then
#       trains a network (HIDDEN neurons, default 128; EPOCHS, default 8; otherwise the trainer's defaults, which are
#       the shipped network's settings, docs/nnue.md) in what is left, and writes to $OUT:
#       kestrel.nnue, the logs, and this call's data in at most three parts of 15 MiB (data-00.bin, ...; join them
#       with cat), within the 64 MiB that may come back. Every finished game is on disk when time runs out. A second
#       call while the machine is still warm adds to the data and trains on all of it. train.log gives the
#       handcrafted evaluation's loss on the held-out last games beside the network's: the mark to beat.
#
# Environment there: OUT (the folder whose files come back; default ./out), SEED (default: the time).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Only here, where packing happens; the copy of this script on the other machine has no device-pack.sh beside it.
[ "${1:-}" != pack ] || . "$here/device-pack.sh"

pack() {
    local root out
    root="$(git -C "$here" rev-parse --show-toplevel)"
    out="$(device_pack_folder .devnet)"
    if [ ! -f "$root/uci/target/kestrel.jar" ]; then
        (cd "$root" && mvn -B -q package -DskipTests)
    fi
    device_pack_runtime "$out"
    cp "$root/uci/target/kestrel.jar" "$here/device-network.sh" "$out/"
    du -sh "$out"
    echo "now: run with carry [\".devnet\"] and: bash .devnet/device-network.sh run 540" >&2
}

run() {
    local seconds=${1:?seconds}
    local nodes=${2:-5000}
    local hidden=${3:-128}
    local epochs=${4:-8}
    local out="${OUT:-$PWD/out}"
    local seed="${SEED:-$(date +%s)}"
    local work=/tmp/kestrel-network
    mkdir -p "$out" "$work"
    [ -x "$work/jre/bin/java" ] || tar -C "$work" -xJf "$here/jre.tar.xz"
    local java="$work/jre/bin/java"
    # The network's Vector API kernels (docs/nnue.md), where the runtime has the module.
    local vector=()
    "$java" --add-modules jdk.incubator.vector -version >/dev/null 2>&1 && vector=(--add-modules jdk.incubator.vector)
    local threads
    threads="$(nproc)"
    local start=$SECONDS
    local datagenSeconds=$((seconds * 7 / 10))
    # A later call on the still-warm machine appends: it trains on all the data, and sends back only its own.
    local before=0
    [ -f "$work/data.bin" ] && before=$(stat -c %s "$work/data.bin")
    echo "datagen: $threads threads, $nodes nodes a move, $datagenSeconds s, seed $seed" | tee "$out/datagen.log"
    timeout --signal=TERM "$datagenSeconds" "$java" -XX:+UseParallelGC ${vector[@]+"${vector[@]}"} -jar "$here/kestrel.jar" datagen \
        --out "$work/data.bin" --append --positions 0 --nodes "$nodes" --threads "$threads" --seed "$seed" \
        >> "$out/datagen.log" 2>&1 || true
    [ -f "$work/data.bin" ] || { echo "datagen wrote nothing" | tee -a "$out/datagen.log"; exit 1; }
    local bytes
    bytes=$(stat -c %s "$work/data.bin")
    echo "data: $(((bytes - before) / 32)) new positions, $((bytes / 32)) in all" | tee -a "$out/datagen.log"
    local left=$((seconds - (SECONDS - start) - 15))
    echo "train: hidden $hidden, $epochs epochs, at most $left s" | tee "$out/train.log"
    # timeout 0 would mean no limit at all.
    if [ "$left" -lt 10 ]; then
        echo "no time left to train" | tee -a "$out/train.log"
    else
        timeout "$left" "$java" -Xmx32g -XX:+UseParallelGC ${vector[@]+"${vector[@]}"} -jar "$here/kestrel.jar" train --data "$work/data.bin" \
            --out "$out/kestrel.nnue" --force --hidden "$hidden" --epochs "$epochs" --seed 1 >> "$out/train.log" 2>&1 \
            || echo "train did not finish (exit $?)" | tee -a "$out/train.log"
    fi
    # This call's data comes back too: three parts under the size limit of a returned file (15 MiB is a whole
    # number of 32-byte records), within the 64 MiB that may come back.
    tail -c +$((before + 1)) "$work/data.bin" | head -c $((3 * 15 * 1024 * 1024)) \
        | split -b 15M -d -a 2 --additional-suffix=.bin - "$out/data-"
    ls -l "$out"
}

case "${1:-}" in
    pack) pack ;;
    run) shift; run "$@" ;;
    *) sed -n 2,14p "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
