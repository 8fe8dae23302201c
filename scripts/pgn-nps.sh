#!/usr/bin/env bash
# Each engine's speed over the moves of real games, from a PGN that fastchess wrote with nodes and nps per move
# (scripts/sprt.sh with PGN=FILE):
#   scripts/pgn-nps.sh GAMES.pgn [SKIP]
# prints, for each engine name, its moves, nodes and nodes/s: all its nodes over all its search time (each move's
# time is its nodes over its nps, the engine's own clock, free of the match's overheads). SKIP (default 20) games at
# the start are left out: each engine's JVM compiles its hot code then. Two networks of one shape differ in speed
# only through the trees they search, so this, from the games themselves, says more than bench's 30 positions.
set -euo pipefail
if [ $# -lt 1 ]; then
    sed -n 2,8p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
awk -v skip="${2:-20}" '
    /^\[White "/ { white = $0; sub(/^\[White "/, "", white); sub(/"\]$/, "", white); games++ }
    /^\[Black "/ { black = $0; sub(/^\[Black "/, "", black); sub(/"\]$/, "", black) }
    /^\[FEN "/ { split($0, fen, " "); toMove = (fen[3] == "b") ? 1 : 0 }
    /^\[Event / { toMove = 0 }
    /^[^[]/ && games > skip {
        line = $0
        # Each move comment is "{score/depth time, n=NODES, nps=NPS}"; the sides alternate from the side to move.
        while (match(line, /\{[^}]*\}/)) {
            comment = substr(line, RSTART, RLENGTH)
            line = substr(line, RSTART + RLENGTH)
            engine = (toMove == 0) ? white : black
            toMove = 1 - toMove
            if (match(comment, /n=[0-9]+/)) nodes = substr(comment, RSTART + 2, RLENGTH - 2); else continue
            if (match(comment, /nps=[0-9]+/)) nps = substr(comment, RSTART + 4, RLENGTH - 4); else continue
            if (nps + 0 == 0) continue
            moves[engine]++
            totalNodes[engine] += nodes
            seconds[engine] += nodes / nps
        }
    }
    END {
        printf "%d games, the first %d left out\n", games, skip
        for (engine in moves)
            printf "%s: %d moves, %.0f nodes, %.0f nodes/s\n", engine, moves[engine], totalNodes[engine],
                totalNodes[engine] / seconds[engine]
    }
' "$1"
