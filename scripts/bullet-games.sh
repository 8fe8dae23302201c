#!/usr/bin/env bash
# Bullet games that look for faults, not strength: an engine against an opponent at a fast clock on a crowded
# machine, then the count of games lost on time, by an illegal move, a crash or a stall (docs/testing.md).
#
#   scripts/bullet-games.sh GAMES TC THREADS ENGINE OPPONENT [SYZYGY]
#
# GAMES games (pairs of the same opening, colours swapped) at TC (e.g. 1+0.01), two at a time, the engine with
# THREADS search threads (the opponent runs with its default), both with SYZYGY as SyzygyPath when given. ENGINE and
# OPPONENT are commands: ./kestrel, /usr/games/toga2, /usr/games/stockfish. Stockfish and Kestrel get Move Overhead
# from MOVE_OVERHEAD when set (default: their own). PGN=FILE keeps the games (default: a temporary file). Prints the
# score and, for each side, its losses by kind; exits 1 when the engine lost a game on time, by an illegal move, a
# crash or a stall. FASTCHESS and OPENINGS as for scripts/sprt.sh.
set -euo pipefail
if [ $# -lt 5 ]; then
    sed -n 2,12p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
games=$1 tc=$2 threads=$3 engine=$4 opponent=$5 syzygy=${6:-}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fastchess=${FASTCHESS:-$root/../shared/tools/bin/fastchess}
openings=${OPENINGS:-$root/../shared/data/openings/noob_3moves_4000.epd}
pgn=${PGN:-$(mktemp --suffix=.pgn)}
rm -f "$pgn"
options() {
    local command=$1 name=$2
    local words=(cmd="$command" name="$name")
    [ -z "$syzygy" ] || words+=(option.SyzygyPath="$syzygy")
    case "$command" in
        *toga2*) ;;
        *) [ -z "${MOVE_OVERHEAD:-}" ] || words+=("option.Move Overhead=$MOVE_OVERHEAD") ;;
    esac
    printf '%s\n' "${words[@]}"
}
mapfile -t engine_options < <(options "$engine" engine)
mapfile -t opponent_options < <(options "$opponent" opponent)
# fastchess leaves a config.json to resume from in its folder: a folder of its own.
work=$(mktemp -d)
(cd "$work" && "$fastchess" -engine "${engine_options[@]}" option.Threads="$threads" -engine "${opponent_options[@]}" \
    -each proto=uci tc="$tc" option.Hash=16 \
    -openings file="$openings" format=epd order=random -srand "${SEED:-1}" \
    -rounds $(( (games + 1) / 2 )) -games 2 -repeat -concurrency 2 -force-concurrency -recover \
    -pgnout file="$pgn" > "${pgn%.pgn}.log" 2>&1) || true
rm -rf "$work"
grep -E "^Games|^Elo" "${pgn%.pgn}.log" | tail -2
python3 - "$pgn" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
games = re.split(r'\n(?=\[Event )', text.strip())
faults = {'engine': {}, 'opponent': {}}
kinds = [('time', r'loses on time|time forfeit'), ('illegal move', r'illegal move'),
         ('crash', r'disconnect|crash|terminated'), ('stall', r'stall|not respond')]
for game in games:
    white = re.search(r'\[White "([^"]*)"\]', game)
    black = re.search(r'\[Black "([^"]*)"\]', game)
    result = re.search(r'\[Result "([^"]*)"\]', game)
    if not (white and black and result):
        continue
    loser = white.group(1) if result.group(1) == '0-1' else black.group(1) if result.group(1) == '1-0' else None
    if loser not in faults:
        continue
    ending = ' '.join(re.findall(r'\[Termination "([^"]*)"\]', game) + re.findall(r'\{([^}]*)\}\s*(?:1-0|0-1)\s*$', game))
    for kind, pattern in kinds:
        if re.search(pattern, ending, re.I):
            faults[loser][kind] = faults[loser].get(kind, 0) + 1
print('games: %d' % len(games))
for side in ('engine', 'opponent'):
    print('%s faults: %s' % (side, ', '.join('%s %d' % item for item in sorted(faults[side].items())) or 'none'))
sys.exit(1 if faults['engine'] else 0)
EOF
