#!/usr/bin/env bash
# Checks Kestrel's Syzygy prober against fathom on random legal positions of every table in a folder.
#
#   scripts/syzygy-verify.sh [PER_TABLE] [SEED] [TABLE_FOLDER]
#
# PER_TABLE positions (default 1000) of each .rtbw table in TABLE_FOLDER (default /work/shared/data/syzygy), both
# sides to move, en passant where the material allows it, seeded by SEED (default 1). Kestrel probes WDL and DTZ
# (engine test class kestrel.engine.syzygy.SyzygyVerification); fathom, one process per position, JOBS at a time
# (default 2), answers the same; every position must agree. fathom prints DTZ without sign, so |DTZ| is compared
# and the sign is checked through WDL. ONLY=KRPvKR,KRRvKR (comma-separated) checks only those tables of the folder,
# the others serving as the smaller tables their captures and promotions reach. Opt-in, not part of `mvn verify`.
# Needs fathom (apt-get install fathom; FATHOM=path to override). Writes its files to a temporary folder it names at
# the end; exit status 1 on any disagreement.
set -euo pipefail

PER_TABLE=${1:-1000}
SEED=${2:-1}
TABLES=${3:-/work/shared/data/syzygy}
FATHOM=${FATHOM:-/usr/games/fathom}
JOBS=${JOBS:-2}
ONLY=${ONLY:-}

cd "$(dirname "$0")/.."
command -v "$FATHOM" >/dev/null || { echo "fathom not found at $FATHOM (apt-get install -y fathom)" >&2; exit 2; }
[ -d "$TABLES" ] || { echo "no table folder $TABLES" >&2; exit 2; }

nice -n 5 mvn -B -q test-compile -pl engine >&2
version=$(sed -n 's:.*<slf4j.version>\(.*\)</slf4j.version>.*:\1:p' pom.xml)
repo="${HOME}/.m2/repository/org/slf4j"
slf4j="$repo/slf4j-api/$version/slf4j-api-$version.jar"
nop="$repo/slf4j-nop/$version/slf4j-nop-$version.jar"
classpath="engine/target/classes:engine/target/test-classes:$slf4j:$nop"

work=$(mktemp -d /tmp/syzygy-verify.XXXXXX)
echo "working in $work" >&2
java -cp "$classpath" kestrel.engine.syzygy.SyzygyVerification "$TABLES" "$PER_TABLE" "$SEED" "$work/kestrel.tsv"
if [ -n "$ONLY" ]; then
  # Kestrel probed every table (seconds); keep the chosen ones' positions for fathom and the comparison.
  awk -F'\t' -v only="$ONLY" 'BEGIN { n = split(only, t, ","); for (i = 1; i <= n; i++) keep[t[i]] = 1 } $1 in keep' \
    "$work/kestrel.tsv" > "$work/kestrel-only.tsv"
  mv "$work/kestrel-only.tsv" "$work/kestrel.tsv"
  [ -s "$work/kestrel.tsv" ] || { echo "ONLY=$ONLY names no table in $TABLES" >&2; exit 2; }
  echo "checking $(wc -l < "$work/kestrel.tsv") positions of $ONLY" >&2
fi

# Number the positions, ask fathom in parallel, put its answers back in order.
fathom_one() {
  local n=${1%%$'\t'*} fen=${1#*$'\t'}
  "$FATHOM" --path="$TABLES" "$fen" \
    | awk -v n="$n" '/^\[WDL /{w=$2} /^\[DTZ /{d=$2} END{gsub(/[\]"]/,"",w); gsub(/[\]"]/,"",d); print n "\t" w "\t" d}'
}
export -f fathom_one
export FATHOM TABLES
start=$(date +%s)
awk -F'\t' '{print NR "\t" $2}' "$work/kestrel.tsv" | tr '\n' '\0' \
  | xargs -0 -n 100 -P "$JOBS" bash -c 'for line in "$@"; do fathom_one "$line"; done' _ \
  | sort -n -k1,1 > "$work/fathom.tsv"
echo "fathom: $(wc -l < "$work/fathom.tsv") positions in $(( $(date +%s) - start )) s" >&2

paste "$work/kestrel.tsv" "$work/fathom.tsv" | awk -F'\t' -v out="$work/summary.txt" '
  BEGIN { v["Win"] = 2; v["CursedWin"] = 1; v["Draw"] = 0; v["BlessedLoss"] = -1; v["Loss"] = -2 }
  {
    table = $1; positions[table]++; total++
    if ($2 ~ / [a-h][36] [0-9]+ [0-9]+$/) { ep[table]++; eptotal++ }
    fathomWdl = ($7 in v) ? v[$7] : "?"
    dtz = $4 < 0 ? -$4 : $4
    # On a mated side to move fathom prints the mating side'"'"'s "Win" and DTZ 0; Kestrel says loss, DTZ -1.
    if ($5 == "mated") { mated++; ok = $3 == -2 && $4 == -1 && $7 == "Win" && $8 == 0 }
    else ok = $3 == fathomWdl && dtz == $8
    if (ok) { agree[table]++; agreed++ }
    else { bad++; print "DISAGREE " table "  " $2 "  kestrel wdl " $3 " dtz " $4 "  fathom " $7 " " $8 > "/dev/stderr" }
  }
  END {
    printf "%-8s %9s %7s %7s %10s\n", "table", "positions", "ep", "agree", "disagree" > out
    close(out)
    for (t in positions) printf "%-8s %9d %7d %7d %10d\n", t, positions[t], ep[t], agree[t], positions[t] - agree[t] | "sort >> " out
    close("sort >> " out)
    printf "%d positions (%d with en passant, %d mated), %d agree, %d disagree\n", total, eptotal, mated, agreed, bad >> out
  }'
cat "$work/summary.txt"
grep -q ' 0 disagree$' "$work/summary.txt"
