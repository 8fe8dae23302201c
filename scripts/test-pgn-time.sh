#!/usr/bin/env bash
# Tests scripts/pgn-time.py on two games written here (no engines): the seconds of the first moves by engine, and the
# clock each had left when its games ended (the TimeControl's base plus an increment a move, less its moves' time),
# also when Black moves first from the opening position. Under a second:
#   scripts/test-pgn-time.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-pgn-time: FAIL: $*" >&2; exit 1; }

cat > "$work/games.pgn" <<'PGN'
[Event "Test"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[TimeControl "10+0.1"]

1. e4 {+0.30/12 1.000s} e5 {-0.20/11 2.000s} 2. Nf3 {+0.25/12 0.500s} Nc6 {-0.10/11 3.000s} 1/2-1/2

[Event "Test"]
[White "B"]
[Black "A"]
[Result "1/2-1/2"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[TimeControl "10+0.1"]

1... e5 {+0.30/12 3.000s} 2. Nf3 {-0.20/11 4.000s} Nc6 {+0.25/12 0.500s} 1/2-1/2

PGN

out="$(python3 "$root/scripts/pgn-time.py" "$work/games.pgn")"
a="$(grep '^A:' <<<"$out")" || fail "no line for A: $out"
b="$(grep '^B:' <<<"$out")" || fail "no line for B: $out"
# A: game 1 moves 1.0 and 0.5 (left 10 + 0.2 - 1.5 = 8.7); game 2 as Black, first to move: 3.0 and 0.5 (left 6.7).
grep -q "2 games, first 40 moves 2.50 s, clock left at the end 7.70 s (lowest 6.70)" <<<"$a" || fail "A: $a"
# B: game 1 moves 2.0 and 3.0 (left 5.2); game 2 one move of 4.0 (left 6.1); its moves average 3.0.
grep -q "first 40 moves 6.00 s, clock left at the end 5.65 s (lowest 5.20)" <<<"$b" || fail "B: $b"
grep -q "1-5: 3.000" <<<"$b" || fail "B's average a move: $b"
echo "test-pgn-time: ok"
