#!/usr/bin/env bash
# A tuning run of scripts/spsa.py continued on a lent many-core machine that has no Java (docs/search.md, "Tuning").
#
#   scripts/device-spsa.sh pack JAR STATE
#       here: puts a small Java runtime, fastchess, the noob_3moves openings, the jar (a build with `uci --tune`),
#       spsa.py and the run's state file into .devspsa/ (git-ignored through .git/info/exclude); carry ".devspsa".
#       Stop the run here first (Ctrl-C): one state, one machine at a time.
#   bash .devspsa/device-spsa.sh run SECONDS CONCURRENCY [PAIRS]
#       there: resumes the run for at most SECONDS, CONCURRENCY games at once, PAIRS game pairs a batch (default
#       2 x CONCURRENCY, so that every batch keeps the cores busy), and writes the state after each batch to
#       $OUT/STATE's name, with the log beside it. Back here, copy the fetched state over STATE and resume with
#       scripts/spsa.py run STATE (give --pairs and --concurrency again for this machine).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ "${1:-}" != pack ] || . "$here/device-pack.sh"

pack() {
    local jar=${1:?JAR} state=${2:?STATE}
    local out
    out="$(device_pack_folder .devspsa)"
    device_pack_match_tools "$out"
    rm -f "$out"/*.json
    cp "$jar" "$out/kestrel.jar"
    cp "$state" "$here/spsa.py" "$here/device-spsa.sh" "$out/"
    du -sh "$out"
}

run() {
    local seconds=${1:?seconds} concurrency=${2:?concurrency} pairs=${3:-$((2 * ${2:?concurrency}))}
    local out="${OUT:-$PWD/out}"
    local work=/tmp/kestrel-spsa
    mkdir -p "$out" "$work"
    [ -x "$work/jre/bin/java" ] || tar -C "$work" -xJf "$here/jre.tar.xz"
    [ -x "$work/fastchess" ] || { xz -dc "$here/fastchess.xz" > "$work/fastchess" && chmod +x "$work/fastchess"; }
    local state
    state="$(ls "$here"/*.json)"
    cp "$state" "$out/"
    state="$out/$(basename "$state")"
    JAVA="$work/jre/bin/java" FASTCHESS="$work/fastchess" OPENINGS="$here/openings.epd" PYTHONUNBUFFERED=1 \
        python3 "$here/spsa.py" run "$state" --jar "$here/kestrel.jar" --pairs "$pairs" \
        --concurrency "$concurrency" --seconds "$seconds" 2>&1 | tee "$out/spsa.log"
    python3 "$here/spsa.py" show "$state"
}

case "${1:-}" in
    pack) shift; pack "$@" ;;
    run) shift; run "$@" ;;
    *) sed -n 2,12p "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
