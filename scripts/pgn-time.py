#!/usr/bin/env python3
"""Each engine's thinking time by move number, from PGNs that fastchess wrote ({score/depth TIMEs ...} comments):

    scripts/pgn-time.py GAMES.pgn [MORE.pgn ...]

prints, for each engine name, the seconds spent on its first 40 moves (the sum of the averages by move), the
clock it had left when its games ended (median and lowest, from the TimeControl header "BASE+INCREMENT": the base
plus an increment a move less the time its moves took), and the average time a move in blocks of five moves,
counted from the game's first move after the opening position. Two engines at one time control that spend their
clock differently show it here: the one that saves early time for an endgame that never needs it thinks less where
the game is decided, and ends its games with time unused.
"""
import re
import statistics
import sys
from collections import defaultdict

COMMENT_TIME = re.compile(r"\{[^}]*?([0-9.]+)s[,}]")
TIME_CONTROL = re.compile(r"^([0-9.]+)\+([0-9.]+)$")


def games(text):
    for chunk in text.split("[Event ")[1:]:
        headers = dict(re.findall(r'\[(\w+) "(.*?)"\]', chunk))
        body = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        yield headers, body


def main(paths):
    if not paths:
        print(__doc__.strip())
        return 2
    spent = defaultdict(lambda: defaultdict(list))  # engine -> own move index -> seconds
    left = defaultdict(list)  # engine -> seconds on its clock when a game ended
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for headers, body in games(f.read()):
                fen_fields = headers.get("FEN", "").split()
                black_first = len(fen_fields) > 1 and fen_fields[1] == "b"
                sides = [headers.get("Black"), headers.get("White")] if black_first \
                    else [headers.get("White"), headers.get("Black")]
                times = [float(t) for t in COMMENT_TIME.findall(body)]
                for ply, seconds in enumerate(times):
                    spent[sides[ply % 2]][ply // 2].append(seconds)
                control = TIME_CONTROL.match(headers.get("TimeControl", ""))
                if control:
                    base, increment = float(control.group(1)), float(control.group(2))
                    for side in (0, 1):
                        own = times[side::2]
                        left[sides[side]].append(base + increment * len(own) - sum(own))
    for engine, by_move in spent.items():
        mean = {move: sum(xs) / len(xs) for move, xs in by_move.items()}
        first40 = sum(mean.get(move, 0.0) for move in range(40))
        blocks = []
        for start in range(0, max(by_move) + 1, 5):
            xs = [x for move in range(start, start + 5) for x in by_move.get(move, [])]
            if xs:
                blocks.append(f"{start + 1}-{start + 5}: {sum(xs) / len(xs):.3f}")
        clock = ""
        if left[engine]:
            clock = f", clock left at the end {statistics.median(left[engine]):.2f} s (lowest {min(left[engine]):.2f})"
        print(f"{engine}: {len(by_move.get(0, []))} games, first 40 moves {first40:.2f} s{clock}; by move: "
              + ", ".join(blocks))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
