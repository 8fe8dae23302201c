#!/usr/bin/env bash
# Games from tablebase positions: does Kestrel with Syzygy tables convert won endings and hold drawn ones?
#
#   scripts/syzygy-games.sh [TB_PATH] [SEED] [OUT_DIR]
#
# TB_PATH: table folders joined with ':' (default /work/shared/data/syzygy, plus
# syzygy-extra in the data folder, $KESTREL_DATA or else $HOME/kestrel-data, when it exists); SEED (default 22) draws the positions; OUT_DIR (default a new
# temporary folder) receives positions.epd, games.pgn, match.log and check.txt.
# 1. scripts/syzygy-games.py positions picks random legal positions that fathom calls a win (the stronger side to
#    move, WDL "Win", DTZ at least the given minimum) or a draw (with at least one losing move for the side to move)
#    for each SPEC (MATERIAL:win|draw:COUNT[:MIN_DTZ]; SPECS overrides the default list below).
# 2. fastchess plays each position twice (-repeat: each engine once on each side) between Kestrel and Stockfish,
#    both with the tables, TC (default 10+0.1) a side, one game at a time, no adjudication: games end by mate,
#    stalemate, the fifty-move rule, threefold repetition or insufficient material (-maxmoves 500 as a backstop).
# 3. scripts/syzygy-games.py check replays every game, probes every position with fathom, counts Kestrel's results
#    per material and role (win / draw / loss by the tables at the start) and prints any Kestrel move that made its
#    result worse (a win given up, a draw lost, a win no longer in time for the fifty-move rule).
# Exit status 1 when Kestrel made such a move.
# JAR (default: build uci/target/kestrel.jar and copy it into OUT_DIR), STOCKFISH (/usr/games/stockfish), FATHOM
# (/usr/games/fathom), FASTCHESS (../shared/tools/bin/fastchess) override the programs.
set -euo pipefail
cd "$(dirname "$0")/.."

default_tb=/work/shared/data/syzygy
extra="${KESTREL_DATA:-$HOME/kestrel-data}/syzygy-extra"
[ -d "$extra" ] && default_tb="$default_tb:$extra"
TB=${1:-$default_tb}
SEED=${2:-22}
OUT=${3:-$(mktemp -d /tmp/syzygy-games.XXXXXX)}
TC=${TC:-10+0.1}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
FASTCHESS=${FASTCHESS:-$(pwd)/../shared/tools/bin/fastchess}
export FATHOM=${FATHOM:-/usr/games/fathom}
SPECS=${SPECS:-"KQvKR:win:5:10 KBNvK:win:5:10 KQRvKR:win:5:10 KRPvKR:win:5:3 KPvKP:win:3:3 KPPvK:win:2:3
  KRvKR:draw:2 KPvK:draw:2 KQvKQ:draw:2 KRPvKR:draw:2 KRvKB:draw:1 KPvKP:draw:1"}
mkdir -p "$OUT"
echo "working in $OUT" >&2

if [ -z "${JAR:-}" ]; then
  nice -n 5 mvn -B -q -DskipTests package >&2
  cp uci/target/kestrel.jar "$OUT/kestrel.jar"   # a copy, so that later builds do not change it mid-match
  JAR=$OUT/kestrel.jar
fi

# shellcheck disable=SC2086
python3 scripts/syzygy-games.py positions "$TB" "$SEED" $SPECS > "$OUT/positions.epd"
n=$(wc -l < "$OUT/positions.epd")

"$FASTCHESS" \
  -engine name=kestrel cmd=java "args=-XX:+UseSerialGC --add-modules jdk.incubator.vector -jar $JAR" \
    "option.SyzygyPath=$TB" "option.Move Overhead=100" \
  -engine name=sf "cmd=$STOCKFISH" "option.SyzygyPath=$TB" "option.Move Overhead=100" \
  -each proto=uci "tc=$TC" option.Hash=16 option.Threads=1 \
  -openings "file=$OUT/positions.epd" format=epd order=sequential -repeat -games 2 -rounds "$n" \
  -concurrency 1 -maxmoves 500 \
  -pgnout "file=$OUT/games.pgn" notation=san tbhits=true > "$OUT/match.log" 2>&1

status=0
python3 scripts/syzygy-games.py check "$TB" kestrel "$OUT/games.pgn" > "$OUT/check.txt" || status=$?
cat "$OUT/check.txt"
exit "$status"
