#!/usr/bin/env bash
# The fixed-node SPRT of scripts/sprt.sh on a lent many-core machine that has no Java (docs/search.md).
#
#   scripts/device-sprt.sh pack NEW.jar BASE.jar [FILE...]
#       here: puts a small Java runtime, fastchess, the noob_3moves openings, the two jars (as new.jar and base.jar)
#       (one jar when they are the same file) and any further FILEs (networks, say) into .devsprt/ (git-ignored through .git/info/exclude); carry
#       ".devsprt" to the other machine.
#   bash .devsprt/device-sprt.sh run SECONDS CONCURRENCY NODES [ELO0] [ELO1] [SEED]
#       there: plays new against base at NODES nodes a move (ELO0 0 and ELO1 10 unless given), CONCURRENCY games at
#       once, until the LLR crosses a bound or SECONDS pass, and writes $OUT/fastchess.log (a summary with the
#       pentanomial counts every 20 games, for scripts/sprt-combine.sh) and $OUT/games.pgn.
#       NEW_JAR and BASE_JAR name other jars of the pack (FILEs) than new.jar and base.jar, so one call can run several
#       tests side by side, each with its own OUT. TC plays a time control instead of fixed nodes (give NODES 0).
#       NEW_OPTIONS and BASE_OPTIONS add fastchess engine options; @HERE@ in them stands for the .devsprt folder
#       there, e.g. NEW_OPTIONS=option.EvalFile=@HERE@/net.nnue. NEW_NODES and BASE_NODES give one side its own node
#       count instead of NODES (a network of another speed, at a budget in proportion to its bench nodes/s).
#       fastchess.log starts with the run's budget, seed and machine for the results ledger: back here,
#       LEDGER_CHANGE=... LEDGER_COMMIT=... LEDGER_BASE=... scripts/ledger-row.sh FETCHED/fastchess.log adds its row.
#
# The adjudication, openings and table size are those of scripts/sprt.sh, so the runs of both can be combined.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Only here, where packing happens; the copy of this script on the other machine has no device-pack.sh beside it.
[ "${1:-}" != pack ] || . "$here/device-pack.sh"

pack() {
    local new=${1:?NEW.jar} base=${2:?BASE.jar}
    shift 2
    local out
    out="$(device_pack_folder .devsprt)"
    device_pack_match_tools "$out"
    rm -f "$out/new.jar" "$out/base.jar"
    cp "$new" "$out/new.jar"
    # One jar when both sides run the same build (two networks, say): 2 MB less to send.
    cmp -s "$new" "$base" || cp "$base" "$out/base.jar"
    [ $# -eq 0 ] || cp "$@" "$out/"
    cp "$here/device-sprt.sh" "$out/"
    du -sh "$out"
}

run() {
    local seconds=${1:?seconds} concurrency=${2:?concurrency} nodes=${3:?nodes}
    local elo0=${4:-0} elo1=${5:-10} seed=${6:-1}
    local out="${OUT:-$PWD/out}"
    local work=/tmp/kestrel-sprt
    mkdir -p "$out" "$work"
    [ -x "$work/jre/bin/java" ] || tar -C "$work" -xJf "$here/jre.tar.xz"
    [ -x "$work/fastchess" ] || { xz -dc "$here/fastchess.xz" > "$work/fastchess" && chmod +x "$work/fastchess"; }
    local new="$here/${NEW_JAR:-new.jar}" base="$here/${BASE_JAR:-base.jar}"
    [ -f "$base" ] || base="$here/new.jar"
    local new_limit="nodes=${NEW_NODES:-$nodes}" base_limit="nodes=${BASE_NODES:-$nodes}" tc=60+1
    if [ -n "${TC:-}" ]; then tc=$TC; new_limit=""; base_limit=""; fi
    local java="$work/jre/bin/java"
    local budget="${NEW_NODES:-$nodes} nodes"
    [ "${NEW_NODES:-$nodes}" = "${BASE_NODES:-$nodes}" ] || budget="${NEW_NODES:-$nodes} / ${BASE_NODES:-$nodes} nodes"
    [ -z "${TC:-}" ] || budget=$TC
    # The lines scripts/ledger-row.sh reads back here; fastchess's own output follows them.
    printf 'ledger-budget: %s\nledger-seed: %s\nledger-notes: lent machine, %s games at once, %s s\n' \
        "$budget" "$seed" "$concurrency" "$seconds" > "$out/fastchess.log"
    local jvm="-XX:+UseSerialGC -XX:+UseTransparentHugePages --add-modules jdk.incubator.vector -jar"
    # Word splitting of the option lists is wanted: each is a list of key=value words without spaces. The node
    # counts go on the engines, not on -each, which would override an engine's own.
    # shellcheck disable=SC2086
    timeout --signal=INT --kill-after=20 "$seconds" "$work/fastchess" \
        -engine cmd="$java" args="$jvm $new" name=new $new_limit \
            ${NEW_OPTIONS:+${NEW_OPTIONS//@HERE@/$here}} \
        -engine cmd="$java" args="$jvm $base" name=base $base_limit \
            ${BASE_OPTIONS:+${BASE_OPTIONS//@HERE@/$here}} \
        -each proto=uci tc="$tc" option.Hash=16 \
        -openings file="$here/openings.epd" format=epd order=random -srand "$seed" \
        -rounds 20000 -games 2 -repeat -concurrency "$concurrency" -recover -ratinginterval 10 \
        -sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.05 \
        -resign movecount=4 score=800 -draw movenumber=40 movecount=10 score=8 \
        -pgnout file="$out/games.pgn" >> "$out/fastchess.log" 2>&1 || echo "fastchess exit $? (124 or 130: the time ran out)"
    grep -E "^Results of|^Elo|^Games|^Ptnml|^LLR" "$out/fastchess.log" | tail -8
}

case "${1:-}" in
    pack) shift; pack "$@" ;;
    run) shift; run "$@" ;;
    *) sed -n 2,18p "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
