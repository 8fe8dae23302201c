#!/usr/bin/env python3
"""Positions for Syzygy test games, and a check of the games' moves, both with fathom as the oracle.

    scripts/syzygy-games.py positions TB_PATH SEED SPEC [SPEC ...] > positions.epd
    scripts/syzygy-games.py check TB_PATH ENGINE_NAME games.pgn

positions: random legal positions of Syzygy materials that fathom calls a win or a draw, as EPD lines.

SPEC is MATERIAL:RESULT:COUNT[:MIN_DTZ], e.g. KQvKR:win:5:10 or KRvKR:draw:2.
- win: the side to move is the stronger (left) side and fathom's WDL is "Win" (not "CursedWin");
  with MIN_DTZ, only positions whose DTZ is at least that (so not a capture or promotion at once).
- draw: WDL "Draw"; the side to move is drawn at random, and the position must have at least one
  losing move for the side to move (a mistake is possible) and no capture among its drawing moves
  (so it is not settled by taking a piece at once).
Pieces are placed at random (pawns on ranks 2-7), kings not adjacent, the side not to move not in
check; no castling, no en passant, halfmove clock 0. fathom (FATHOM, default /usr/games/fathom)
is the oracle. Each line: "<4-field FEN> c0 "<material> <result> dtz <n>";".

check: replays every game of a PGN (SAN, as fastchess writes it), probes every position with fathom and,
for each game, prints the start, what ENGINE_NAME had there (win / draw / loss by the tables), the result
and how the game ended; any move of ENGINE_NAME that made its result worse by the tables (a win given up,
a draw lost, or a win whose DTZ no longer fits in the fifty-move rule's remaining plies) is printed with the
position and fathom's verdict before and after. Ends with a table of counts per material and role.
"""
import random
import re
import subprocess
import sys
import os

FATHOM = os.environ.get("FATHOM", "/usr/games/fathom")
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def attacked(board, sq, by_white):
    """Is square sq=(file, rank) attacked by the pieces of colour by_white? board: dict square -> piece letter."""
    f, r = sq
    def at(x, y):
        return board.get((x, y))
    def own(p, letter):
        return p is not None and p == (letter.upper() if by_white else letter.lower())
    for dx, dy in KNIGHT:
        if own(at(f + dx, r + dy), "n"):
            return True
    for dx, dy in KING:
        if own(at(f + dx, r + dy), "k"):
            return True
    pawn_dy = -1 if by_white else 1  # a white pawn on r-1 attacks rank r
    for dx in (-1, 1):
        if own(at(f + dx, r + pawn_dy), "p"):
            return True
    for dirs, sliders in ((ROOK_DIRS, "rq"), (BISHOP_DIRS, "bq")):
        for dx, dy in dirs:
            x, y = f + dx, r + dy
            while 0 <= x < 8 and 0 <= y < 8:
                p = at(x, y)
                if p is not None:
                    if any(own(p, s) for s in sliders):
                        return True
                    break
                x, y = x + dx, y + dy
    return False


def random_position(rng, material, white_strong, white_to_move):
    strong, weak = material.split("v")
    white, black = (strong, weak) if white_strong else (weak, strong)
    while True:
        board = {}
        ok = True
        for pieces, is_white in ((white, True), (black, False)):
            for letter in pieces:
                letter = letter.upper() if is_white else letter.lower()
                while True:
                    sq = (rng.randrange(8), rng.randrange(8))
                    if sq in board:
                        continue
                    if letter in "Pp" and sq[1] in (0, 7):
                        continue
                    board[sq] = letter
                    break
        kings = [sq for sq, p in board.items() if p in "Kk"]
        if max(abs(kings[0][0] - kings[1][0]), abs(kings[0][1] - kings[1][1])) <= 1:
            ok = False
        # the side not to move must not be in check
        their_king = next(sq for sq, p in board.items() if p == ("k" if white_to_move else "K"))
        if ok and attacked(board, their_king, white_to_move):
            ok = False
        if ok:
            return fen(board, white_to_move)


def fen(board, white_to_move):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get((f, r))
            if p is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if white_to_move else " b") + " - -"


def probe(tb, full_fen):
    out = subprocess.run([FATHOM, "--path=" + tb, full_fen], capture_output=True, text=True).stdout
    def tag(name):
        m = re.search(r'^\[%s "([^"]*)"\]' % name, out, re.M)
        return m.group(1) if m else None
    dtz = tag("DTZ")
    return tag("WDL"), int(dtz) if dtz not in (None, "") else None, (tag("LosingMoves"), tag("DrawingMoves"))


def positions(tb, seed, specs):
    rng = random.Random(seed)
    for spec in specs:
        parts = spec.split(":")
        material, result, count = parts[0], parts[1], int(parts[2])
        min_dtz = int(parts[3]) if len(parts) > 3 else 0
        found, tries = 0, 0
        while found < count:
            tries += 1
            if tries > 20000:
                sys.exit("no %s %s position found in 20000 tries" % (material, result))
            white_strong = rng.random() < 0.5
            if result == "win":
                white_to_move = white_strong
            else:
                white_to_move = rng.random() < 0.5
            fen4 = random_position(rng, material, white_strong, white_to_move)
            wdl, dtz, (losing, drawing) = probe(tb, fen4 + " 0 1")
            if result == "win":
                good = wdl == "Win" and dtz is not None and abs(dtz) >= max(min_dtz, 1)
            else:
                good = wdl == "Draw" and bool(losing and losing.strip()) and "x" not in (drawing or "")
            if good:
                found += 1
                print('%s c0 "%s %s dtz %s";' % (fen4, material, result, dtz), flush=True)
        print("%s %s: %d positions from %d tries" % (material, result, count, tries), file=sys.stderr)


# ---------------------------------------------------------------- check

PIECE_MOVES = {"N": (KNIGHT, False), "K": (KING, False), "R": (ROOK_DIRS, True), "B": (BISHOP_DIRS, True),
               "Q": (ROOK_DIRS + BISHOP_DIRS, True)}


class Board:
    def __init__(self, fen_text):
        parts = fen_text.split()
        self.sq = {}
        for i, row in enumerate(parts[0].split("/")):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    self.sq[(f, 7 - i)] = c
                    f += 1
        self.white = parts[1] == "w"
        self.ep = None if len(parts) < 4 or parts[3] == "-" else (ord(parts[3][0]) - 97, int(parts[3][1]) - 1)
        self.hmc = int(parts[4]) if len(parts) > 4 else 0
        self.fmn = int(parts[5]) if len(parts) > 5 else 1

    def fen(self):
        ep = "-" if self.ep is None else "%s%d" % (chr(97 + self.ep[0]), self.ep[1] + 1)
        return fen(self.sq, self.white)[:-1] + ep + " %d %d" % (self.hmc, self.fmn)

    def own(self, p):
        return p is not None and p.isupper() == self.white

    def in_check_after(self, frm, to, ep_capture):
        sq = dict(self.sq)
        p = sq.pop(frm)
        if ep_capture:
            sq.pop((to[0], frm[1]), None)
        sq[to] = p
        king = next(s for s, q in sq.items() if q == ("K" if self.white else "k"))
        return attacked(sq, king, not self.white)

    def play_san(self, san):
        m = re.match(r"^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(=?([NBRQ]))?[+#]?$", san)
        if not m:
            raise ValueError("cannot read SAN move " + san)
        kind, ffile, frank, capture, dest, _, promo = m.groups()
        to = (ord(dest[0]) - 97, int(dest[1]) - 1)
        cands = []
        if kind:
            offsets, slide = PIECE_MOVES[kind]
            letter = kind if self.white else kind.lower()
            for frm, p in self.sq.items():
                if p != letter:
                    continue
                for dx, dy in offsets:
                    x, y = frm[0] + dx, frm[1] + dy
                    while 0 <= x < 8 and 0 <= y < 8:
                        if (x, y) == to:
                            cands.append(frm)
                            break
                        if not slide or (x, y) in self.sq:
                            break
                        x, y = x + dx, y + dy
        else:
            letter = "P" if self.white else "p"
            d = 1 if self.white else -1
            if capture:
                frm = (ord(ffile) - 97, to[1] - d)
                if self.sq.get(frm) == letter:
                    cands.append(frm)
            else:
                one = (to[0], to[1] - d)
                two = (to[0], to[1] - 2 * d)
                if self.sq.get(one) == letter:
                    cands.append(one)
                elif one not in self.sq and self.sq.get(two) == letter and two[1] in (1, 6):
                    cands.append(two)
        if ffile:
            cands = [c for c in cands if c[0] == ord(ffile) - 97]
        if frank:
            cands = [c for c in cands if c[1] == int(frank) - 1]
        pawn = kind is None
        ep_capture = pawn and capture and to not in self.sq
        if len(cands) > 1:
            cands = [c for c in cands if not self.in_check_after(c, to, ep_capture)]
        if len(cands) != 1:
            raise ValueError("move %s: %d candidates in %s" % (san, len(cands), self.fen()))
        frm = cands[0]
        captured = to in self.sq or ep_capture
        p = self.sq.pop(frm)
        if ep_capture:
            self.sq.pop((to[0], frm[1]))
        if promo:
            p = promo if self.white else promo.lower()
        self.sq[to] = p
        self.ep = None
        if pawn and abs(to[1] - frm[1]) == 2:
            mid = (frm[0], (frm[1] + to[1]) // 2)
            enemy = "p" if self.white else "P"
            if any(self.sq.get((to[0] + dx, to[1])) == enemy for dx in (-1, 1)):
                self.ep = mid
        self.hmc = 0 if pawn or captured else self.hmc + 1
        if not self.white:
            self.fmn += 1
        self.white = not self.white


WDL_VALUE = {"Win": 2, "CursedWin": 1, "Draw": 0, "BlessedLoss": -1, "Loss": -2}


def verdict(tb, board, mated):
    """Value for the side to move with the fifty-move rule counted from the position's clock:
    2 win in time, 1 a win the rule spoils (or cursed), 0 draw, -1, -2 mirror; None if not in the tables."""
    if mated:
        return -2, "mated"
    if len(board.sq) <= 2:
        return 0, "KvK"
    wdl, dtz, _ = probe(tb, board.fen())
    if wdl is None:
        return None, "not in the tables"
    v = WDL_VALUE[wdl]
    if v == 2 and dtz is not None and abs(dtz) + board.hmc > 100:
        v = 1
    if v == -2 and dtz is not None and abs(dtz) + board.hmc > 100:
        v = -1
    return v, "%s dtz %s clock %d" % (wdl, dtz, board.hmc)


def read_pgn(path):
    games, tags, moves = [], {}, []
    for line in open(path):
        line = line.strip()
        if line.startswith("["):
            if moves:
                games.append((tags, " ".join(moves)))
                tags, moves = {}, []
            m = re.match(r'\[(\w+) "(.*)"\]', line)
            if m:
                tags[m.group(1)] = m.group(2)
        elif line:
            moves.append(line)
    if tags:
        games.append((tags, " ".join(moves)))
    return games


def material_of(board):
    """Syzygy's name of the material: the side with more by Q 9, R 5, B 3, N 3, P 1 first."""
    order, value = "KQRBNP", {"K": 0, "Q": 9, "R": 5, "B": 3, "N": 3, "P": 1}
    w = "".join(sorted((p for p in board.sq.values() if p.isupper()), key=order.index))
    b = "".join(sorted((p.upper() for p in board.sq.values() if p.islower()), key=order.index))
    if (sum(value[c] for c in b), len(b)) > (sum(value[c] for c in w), len(w)):
        w, b = b, w
    return w + "v" + b


def check(tb, name, pgn):
    counts = {}
    problems = 0
    for n, (tags, text) in enumerate(read_pgn(pgn), 1):
        text = re.sub(r"\{[^}]*\}", " ", text)
        sans = [t for t in text.split() if not re.match(r"^(\d+\.+|1-0|0-1|1/2-1/2|\*)$", t)]
        board = Board(tags["FEN"])
        me_white = tags["White"] == name
        result = tags.get("Result", "*")
        material = material_of(board)
        start_v, start_note = verdict(tb, board, False)
        my_start = start_v if board.white == me_white else -start_v
        role = {2: "win", 1: "cursed", 0: "draw", -1: "blessed", -2: "loss"}[my_start]
        boards = [board]
        for san in sans:
            b = Board(boards[-1].fen())
            b.play_san(san)
            boards.append(b)
        mate_end = "#" in (sans[-1] if sans else "")
        my_score = {"1-0": 1, "0-1": -1}.get(result, 0) * (1 if me_white else -1)
        outcome = {1: "won", 0: "drew", -1: "lost"}[my_score] if result != "*" else "unfinished"
        first_bad = None
        spare = None  # fewest plies to spare under the fifty-move rule where it held a win, to move
        for i in range(len(sans)):
            if boards[i].white != me_white:
                continue
            before, nb = verdict(tb, boards[i], False)
            m = re.match(r"Win dtz (-?\d+) clock (\d+)", nb)
            if m:
                left = 100 - abs(int(m.group(1))) - int(m.group(2))
                spare = left if spare is None else min(spare, left)
            after, na = verdict(tb, boards[i + 1], mate_end and i == len(sans) - 1)
            if before is None or after is None:
                continue
            if -after < before:
                first_bad = "move %d%s %s in %s: %s -> after it, for the opponent: %s" % (
                    boards[i].fmn, "." if boards[i].white else "...", sans[i], boards[i].fen(), nb, na)
                break
        key = (material, role)
        c = counts.setdefault(key, {"positions": 0, "won": 0, "drew": 0, "lost": 0, "unfinished": 0, "worse": 0})
        c["positions"] += 1
        c[outcome] += 1
        spare = (", fewest plies to spare under the fifty-move rule %d" % spare) if spare is not None else ""
        print("game %d: %s %s %s (%s), %s %s in %s plies, %s%s" % (
            n, material, tags["FEN"], name + " had " + role, start_note, name, outcome, len(sans),
            tags.get("Termination", "?"), spare))
        if first_bad:
            c["worse"] += 1
            problems += 1
            print("    WORSE: " + first_bad)
    print()
    print("%-8s %-7s %5s %4s %4s %4s %9s" % ("material", name, "games", "won", "drew", "lost", "worse-move"))
    for (material, role), c in sorted(counts.items()):
        print("%-8s %-7s %5d %4d %4d %4d %9d" % (material, role, c["positions"], c["won"], c["drew"], c["lost"],
                                                 c["worse"]))
    return problems


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "positions":
        positions(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
    elif len(sys.argv) == 5 and sys.argv[1] == "check":
        sys.exit(1 if check(sys.argv[2], sys.argv[3], sys.argv[4]) else 0)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
