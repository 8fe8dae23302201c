#!/usr/bin/env python3
"""Fits Kestrel's win/draw/loss model (engine/.../search/WdlModel.java) to games Kestrel played.

Input: PGN files written with UCI move notation and the engines' scores in the move comments, as fastchess writes
them with `-pgnout notation=uci` (comments such as {+0.80/12 0.085s} or {-M3/20 0.1s}, the score from the mover's
view). Every scored move is one sample: the mover's score, the material on the board before the move, and the
game's result for the mover. Mate scores, moves after ply 200 and games without a result are left out.

The model: win = 1 / (1 + exp((a - s) / b)), loss = 1 / (1 + exp((a + s) / b)), draw = the rest, with
a = A0 + A1 * m and b = B0 + B1 * m, m = clamp(material, 10, 78) / 58, material counted 1/3/3/5/9 for both sides.
The four numbers maximise the likelihood of the results; the search is Nelder-Mead over the samples binned by
(score, material), so it takes seconds. Only the standard library is used.

Usage: python3 tools/wdl/fit_wdl.py games1.pgn [games2.pgn ...]
"""
import math
import re
import sys
from collections import Counter

VALUES = {'p': 1, 'n': 3, 'b': 3, 'r': 5, 'q': 9, 'k': 0}
COMMENT = re.compile(r'\{([^}]*)\}')
SCORE = re.compile(r'^\s*([+-]?)(M?)(\d+(?:\.\d+)?)/')


def board_from_fen(fen):
    board = {}
    rows = fen.split()[0].split('/')
    for rank_index, row in enumerate(rows):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, 7 - rank_index)] = ch
                file += 1
    return board


def square(text):
    return ord(text[0]) - ord('a'), int(text[1]) - 1


def play(board, move):
    """Applies a UCI move to a square -> piece map: enough to count material, no legality checks."""
    start, end = square(move[0:2]), square(move[2:4])
    piece = board.pop(start)
    if piece in 'Kk' and end in board and board[end] in ('R' if piece == 'K' else 'r'):
        # Chess960 notation: the king takes its own rook.
        rook = board.pop(end)
        rank = start[1]
        king_file, rook_file = (6, 5) if end[0] > start[0] else (2, 3)
        board[(king_file, rank)] = piece
        board[(rook_file, rank)] = rook
        return
    if piece in 'Kk' and abs(end[0] - start[0]) == 2:
        rook_from = (7 if end[0] > start[0] else 0, start[1])
        rook_to = ((start[0] + end[0]) // 2, start[1])
        board[rook_to] = board.pop(rook_from)
    if piece in 'Pp' and start[0] != end[0] and end not in board:
        board.pop((end[0], start[1]), None)  # en passant
    if len(move) == 5:
        piece = move[4].upper() if piece.isupper() else move[4].lower()
    board[end] = piece


def material(board):
    return sum(VALUES[p.lower()] for p in board.values())


def games(text):
    for block in re.split(r'\n\s*\n(?=\[)', text):
        headers = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        if 'Result' not in headers:
            continue
        body = re.sub(r'\[[^\]]*\]', '', block)
        yield headers, body


def samples(paths):
    for path in paths:
        with open(path) as f:
            text = f.read()
        for headers, body in games(text):
            result = headers['Result']
            if result not in ('1-0', '0-1', '1/2-1/2'):
                continue
            fen = headers.get('FEN', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
            board = board_from_fen(fen)
            white_to_move = fen.split()[1] == 'w'
            tokens = re.findall(r'\{[^}]*\}|\S+', body)
            ply = 0
            pending = None
            for token in tokens:
                if token.startswith('{'):
                    if pending is None:
                        continue
                    move_material, mover_white = pending
                    pending = None
                    found = SCORE.match(token[1:-1])
                    if not found or found.group(2) == 'M' or ply > 200:
                        continue
                    score = round(float(found.group(3)) * 100) * (-1 if found.group(1) == '-' else 1)
                    if result == '1/2-1/2':
                        outcome = 0
                    else:
                        outcome = 1 if (result == '1-0') == mover_white else -1
                    yield score, move_material, outcome
                    continue
                if re.fullmatch(r'[a-h][1-8][a-h][1-8][qrbnQRBN]?', token):
                    pending = (material(board), white_to_move)
                    play(board, token.lower() if len(token) == 4 else token[:4] + token[4].lower())
                    white_to_move = not white_to_move
                    ply += 1


def scaled(m):
    return max(10, min(78, m)) / 58.0


def negative_log_likelihood(params, bins):
    a0, a1, b0, b1 = params
    total = 0.0
    for (score, mat, outcome), count in bins.items():
        m = scaled(mat)
        a = a0 + a1 * m
        b = b0 + b1 * m
        if b <= 1:
            return float('inf')
        win = 1 / (1 + math.exp(min(700, (a - score) / b)))
        loss = 1 / (1 + math.exp(min(700, (a + score) / b)))
        p = win if outcome == 1 else loss if outcome == -1 else 1 - win - loss
        total -= count * math.log(max(p, 1e-12))
    return total


def nelder_mead(f, start, step, iterations=2000):
    n = len(start)
    points = [list(start)]
    for i in range(n):
        p = list(start)
        p[i] += step[i]
        points.append(p)
    values = [f(p) for p in points]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=lambda i: values[i])
        points = [points[i] for i in order]
        values = [values[i] for i in order]
        centroid = [sum(p[i] for p in points[:-1]) / n for i in range(n)]
        worst = points[-1]
        reflected = [c + (c - w) for c, w in zip(centroid, worst)]
        fr = f(reflected)
        if fr < values[0]:
            expanded = [c + 2 * (c - w) for c, w in zip(centroid, worst)]
            fe = f(expanded)
            points[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            points[-1], values[-1] = reflected, fr
        else:
            contracted = [c + 0.5 * (w - c) for c, w in zip(centroid, worst)]
            fc = f(contracted)
            if fc < values[-1]:
                points[-1], values[-1] = contracted, fc
            else:
                best = points[0]
                points = [best] + [[b + 0.5 * (p - b) for b, p in zip(best, q)] for q in points[1:]]
                values = [values[0]] + [f(p) for p in points[1:]]
        if max(values) - min(values) < 1e-6:
            break
    i = min(range(n + 1), key=lambda i: values[i])
    return points[i], values[i]


def main(paths):
    bins = Counter()
    count = 0
    outcomes = Counter()
    for score, mat, outcome in samples(paths):
        if abs(score) > 2000:
            continue
        bins[(score // 10 * 10 + 5, mat, outcome)] += 1
        outcomes[outcome] += 1
        count += 1
    print(f'samples: {count} (wins {outcomes[1]}, draws {outcomes[0]}, losses {outcomes[-1]}), '
          f'bins: {len(bins)}')
    params, nll = nelder_mead(lambda p: negative_log_likelihood(p, bins), [150, 50, 80, 20], [40, 40, 20, 20])
    a0, a1, b0, b1 = params
    print(f'A0 = {a0:.2f}, A1 = {a1:.2f}, B0 = {b0:.2f}, B1 = {b1:.2f}; mean log loss {nll / count:.4f}')
    for mat in (20, 40, 58, 78):
        m = scaled(mat)
        a, b = a0 + a1 * m, b0 + b1 * m
        row = []
        for s in (0, 50, 100, 200, 400):
            win = 1 / (1 + math.exp((a - s) / b))
            loss = 1 / (1 + math.exp((a + s) / b))
            row.append(f'{s:+4d}: {round(1000 * win)}/{round(1000 * (1 - win - loss))}/{round(1000 * loss)}')
        print(f'material {mat}: ' + '  '.join(row))


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
