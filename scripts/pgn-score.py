#!/usr/bin/env python3
"""The score of one engine in a PGN file of a match, as the results ledger and docs/uci.md's tables give it.

    scripts/pgn-score.py PGN [ENGINE]      (ENGINE: the name in the White/Black tags, default kestrel)

Prints games, W-L-D from ENGINE's side, the score, the Elo difference with its 95 % interval (and half its width, the ledger's ± error) (from the spread of
the game results), and the pentanomial counts of the game pairs (0, 0.5, 1, 1.5, 2 points a pair) when the games
come in pairs of one opening with colours swapped (fastchess -games 2 -repeat), in the order they were started.
Games without a result (a match stopped halfway) are left out.
"""
import math
import re
import sys


def games(path):
    """(white, black, result) of each finished game, in file order."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError as e:
        sys.exit(f"cannot read {path}: {e.strerror}")
    for block in re.split(r"\n(?=\[Event )", text):
        white = re.search(r'^\[White "([^"]*)"\]', block, re.M)
        black = re.search(r'^\[Black "([^"]*)"\]', block, re.M)
        result = re.search(r'^\[Result "([^"]*)"\]', block, re.M)
        round_tag = re.search(r'^\[Round "([^"]*)"\]', block, re.M)
        if white and black and result and result.group(1) in ("1-0", "0-1", "1/2-1/2"):
            yield white.group(1), black.group(1), result.group(1), round_tag.group(1) if round_tag else ""


def points(engine, white, result):
    if result == "1/2-1/2":
        return 0.5
    won_by_white = result == "1-0"
    return 1.0 if won_by_white == (white == engine) else 0.0


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    engine = sys.argv[2] if len(sys.argv) > 2 else "kestrel"
    played = [g for g in games(sys.argv[1]) if engine in (g[0], g[1])]
    if not played:
        sys.exit(f"no finished game of {engine} in {sys.argv[1]}")
    results = [points(engine, white, result) for white, _, result, _ in played]
    wins, losses = results.count(1.0), results.count(0.0)
    draws = len(results) - wins - losses
    n = len(results)
    mean = sum(results) / n
    deviation = math.sqrt(sum((r - mean) ** 2 for r in results) / n)
    margin = 1.96 * deviation / math.sqrt(n)
    low, high = elo(mean - margin), elo(mean + margin)
    print(f"{n} games, {engine} {wins}-{losses}-{draws} (W-L-D), {100 * mean:.1f} %, "
          f"{elo(mean):+.0f} ± {(high - low) / 2:.0f} Elo (95 %: {low:+.0f} to {high:+.0f})")
    # Pairs: fastchess numbers the games of one opening "R.1" and "R.2".
    by_round = {}
    for (white, _, result, round_tag), result_points in zip(played, results):
        by_round.setdefault(round_tag.split(".")[0], []).append(result_points)
    pairs = [sum(pair) for pair in by_round.values() if len(pair) == 2]
    if pairs:
        counts = [sum(1 for p in pairs if abs(p - k / 2) < 1e-9) for k in range(5)]
        print(f"pentanomial (0, 0.5, 1, 1.5, 2 points a pair): {','.join(map(str, counts))} of {len(pairs)} pairs")


if __name__ == "__main__":
    main()
