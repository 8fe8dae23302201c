package kestrel.engine;

/**
 * Generates fully legal moves into a caller's {@code int[]}, with no allocation.
 *
 * <p>Legality comes from three masks computed once per call instead of making and testing each move: the squares
 * that answer a check ({@code checkMask}), the pieces pinned to their king (they may only move along the pin line),
 * and, for king moves, the attacks on the target with the king taken off the board. En passant, whose two vacated
 * squares can expose the king along a rank, is tested separately against the sliders.
 *
 * <p>Three kinds of generation split the moves without overlap: {@link #NOISY} (every capture, en passant and
 * capture-promotions included, plus quiet promotions to a queen), {@link #QUIET} (everything else: quiet moves,
 * quiet under-promotions, castling) and {@link #ALL}.
 */
public final class MoveGenerator {
    public static final int ALL = 0;
    public static final int NOISY = 1;
    public static final int QUIET = 2;

    /** No position has more legal moves than this (the known maximum is 218). */
    public static final int MAX_MOVES = 256;

    private MoveGenerator() {
    }

    /** Writes all legal moves from index {@code start}; returns the index after the last one. */
    public static int legalMoves(Position position, int[] moves, int start) {
        return generate(position, moves, start, ALL);
    }

    /** Writes the legal captures and promotions (see {@link #NOISY}); returns the index after the last one. */
    public static int noisyMoves(Position position, int[] moves, int start) {
        return generate(position, moves, start, NOISY);
    }

    /** Writes the legal quiet moves (see {@link #QUIET}); returns the index after the last one. */
    public static int quietMoves(Position position, int[] moves, int start) {
        return generate(position, moves, start, QUIET);
    }

    /**
     * The number of legal moves, counted without writing them: the same masks as {@link #generate}, but each piece's
     * targets are counted with one population count. Perft's last ply needs nothing else, and this is its hot path.
     */
    public static int countLegalMoves(Position position) {
        int us = position.sideToMove();
        int them = us ^ 1;
        long ours = position.piecesOfColor(us);
        long theirs = position.piecesOfColor(them);
        long occupied = ours | theirs;
        int king = position.kingSquare(us);
        long checkers = position.attackersTo(king, occupied) & theirs;

        int count = Long.bitCount(safeKingTargets(position, king, Attacks.king(king) & ~ours, them, occupied));
        if ((checkers & (checkers - 1)) != 0) {
            return count;
        }

        long checkMask = checkers == 0 ? ~0L
                : Bitboards.between(king, Long.numberOfTrailingZeros(checkers)) | checkers;
        long pinned = position.pinned(us);
        long targets = ~ours & checkMask;

        count += countPawnMoves(position, us, king, occupied, theirs, checkMask, pinned);

        long knights = position.pieces(us, Piece.KNIGHT) & ~pinned;
        while (knights != 0) {
            count += Long.bitCount(Attacks.knight(Long.numberOfTrailingZeros(knights)) & targets);
            knights &= knights - 1;
        }
        long diagonal = position.pieces(us, Piece.BISHOP) | position.pieces(us, Piece.QUEEN);
        while (diagonal != 0) {
            int from = Long.numberOfTrailingZeros(diagonal);
            count += Long.bitCount(alongPin(Attacks.bishop(from, occupied) & targets, from, king, pinned));
            diagonal &= diagonal - 1;
        }
        long straight = position.pieces(us, Piece.ROOK) | position.pieces(us, Piece.QUEEN);
        while (straight != 0) {
            int from = Long.numberOfTrailingZeros(straight);
            count += Long.bitCount(alongPin(Attacks.rook(from, occupied) & targets, from, king, pinned));
            straight &= straight - 1;
        }
        if (checkers == 0) {
            count += Integer.bitCount(usableCastlings(position, us, king, occupied));
        }
        return count;
    }

    /**
     * True when {@code move} is legal in the position. Used to check moves from outside the generator, such as a
     * transposition-table move that may come from another position with a colliding key. {@code scratch} must hold
     * {@link #MAX_MOVES} moves.
     */
    public static boolean isLegal(Position position, int move, int[] scratch) {
        if (move == Move.NONE) {
            return false;
        }
        int from = Move.from(move);
        int piece = position.pieceAt(from);
        // Cheap rejections before generating.
        if (piece == Piece.NONE || Piece.color(piece) != position.sideToMove()) {
            return false;
        }
        int end = generate(position, scratch, 0, ALL);
        for (int i = 0; i < end; i++) {
            if (scratch[i] == move) {
                return true;
            }
        }
        return false;
    }

    /** Generates the moves of one {@code kind} (ALL, NOISY or QUIET); returns the index after the last one. */
    public static int generate(Position position, int[] moves, int start, int kind) {
        int index = start;
        int us = position.sideToMove();
        int them = us ^ 1;
        long ours = position.piecesOfColor(us);
        long theirs = position.piecesOfColor(them);
        long occupied = ours | theirs;
        int king = position.kingSquare(us);
        long checkers = position.attackersTo(king, occupied) & theirs;

        long kindMask = kind == NOISY ? theirs : kind == QUIET ? ~theirs : ~0L;

        index = addTargets(moves, index, king, safeKingTargets(position, king, Attacks.king(king) & ~ours & kindMask,
                them, occupied));
        if ((checkers & (checkers - 1)) != 0) {
            return index; // double check: only the king may move
        }

        long checkMask = checkers == 0 ? ~0L
                : Bitboards.between(king, Long.numberOfTrailingZeros(checkers)) | checkers;
        long pinned = position.pinned(us);
        long targets = ~ours & checkMask & kindMask;

        index = pawnMoves(position, moves, index, kind, us, king, occupied, theirs, checkMask, pinned);

        long knights = position.pieces(us, Piece.KNIGHT) & ~pinned; // a pinned knight can never move
        while (knights != 0) {
            int from = Long.numberOfTrailingZeros(knights);
            index = addTargets(moves, index, from, Attacks.knight(from) & targets);
            knights &= knights - 1;
        }
        long diagonal = position.pieces(us, Piece.BISHOP) | position.pieces(us, Piece.QUEEN);
        while (diagonal != 0) {
            int from = Long.numberOfTrailingZeros(diagonal);
            long attacks = alongPin(Attacks.bishop(from, occupied) & targets, from, king, pinned);
            index = addTargets(moves, index, from, attacks);
            diagonal &= diagonal - 1;
        }
        long straight = position.pieces(us, Piece.ROOK) | position.pieces(us, Piece.QUEEN);
        while (straight != 0) {
            int from = Long.numberOfTrailingZeros(straight);
            long attacks = alongPin(Attacks.rook(from, occupied) & targets, from, king, pinned);
            index = addTargets(moves, index, from, attacks);
            straight &= straight - 1;
        }

        if (kind != NOISY && checkers == 0) {
            int rights = usableCastlings(position, us, king, occupied);
            while (rights != 0) {
                moves[index++] = position.castlingMove(Integer.numberOfTrailingZeros(rights));
                rights &= rights - 1;
            }
        }
        return index;
    }

    /** The squares among {@code candidates} the king may go to: not attacked once it has left its own square. */
    private static long safeKingTargets(Position position, int king, long candidates, int them, long occupied) {
        long withoutKing = occupied ^ (1L << king);
        long safe = 0;
        while (candidates != 0) {
            int to = Long.numberOfTrailingZeros(candidates);
            if (!position.isAttacked(to, them, withoutKing)) {
                safe |= 1L << to;
            }
            candidates &= candidates - 1;
        }
        return safe;
    }

    /** {@code attacks} of the piece on {@code from}, kept to its pin line when it is pinned. */
    private static long alongPin(long attacks, int from, int king, long pinned) {
        return (pinned & (1L << from)) == 0 ? attacks : attacks & Bitboards.line(king, from);
    }

    private static int addTargets(int[] moves, int index, int from, long targets) {
        while (targets != 0) {
            moves[index++] = Move.of(from, Long.numberOfTrailingZeros(targets));
            targets &= targets - 1;
        }
        return index;
    }

    private static int pawnMoves(Position position, int[] moves, int index, int kind, int us, int king,
                                 long occupied, long theirs, long checkMask, long pinned) {
        long pawns = position.pieces(us, Piece.PAWN);
        if (pawns == 0) {
            return index;
        }
        boolean white = us == Piece.WHITE;
        long lastRank = white ? Bitboards.RANK_8 : Bitboards.RANK_1;
        long empty = ~occupied;
        int up = white ? 8 : -8;

        long single = singlePushes(pawns, empty, white);
        long twice = doublePushes(single, empty, white) & checkMask;
        single &= checkMask;
        long promotions = single & lastRank;
        if (kind != NOISY) {
            index = addPawnMoves(moves, index, single & ~lastRank, up, king, pinned);
            index = addPawnMoves(moves, index, twice, 2 * up, king, pinned);
        }
        if (promotions != 0) {
            index = addPromotions(moves, index, promotions, up, king, pinned, kind);
        }

        if (kind == QUIET) {
            return index;
        }
        // Captures towards the a-file and towards the h-file.
        long victims = theirs & checkMask;
        int towardsA = white ? 7 : -9;
        int towardsH = white ? 9 : -7;
        long capturesA = capturesTowardsA(pawns, white) & victims;
        long capturesH = capturesTowardsH(pawns, white) & victims;
        index = addPawnMoves(moves, index, capturesA & ~lastRank, towardsA, king, pinned);
        index = addPawnMoves(moves, index, capturesH & ~lastRank, towardsH, king, pinned);
        index = addPromotions(moves, index, capturesA & lastRank, towardsA, king, pinned, ALL);
        index = addPromotions(moves, index, capturesH & lastRank, towardsH, king, pinned, ALL);

        long takers = enPassantTakers(position, us, king, occupied, theirs, checkMask, pawns);
        while (takers != 0) {
            moves[index++] = Move.of(Long.numberOfTrailingZeros(takers), position.enPassantSquare(), Move.EN_PASSANT);
            takers &= takers - 1;
        }
        return index;
    }

    /** {@link #pawnMoves} for {@link #ALL}, counted: a target set at a time, pinned pawns looked at one by one. */
    private static int countPawnMoves(Position position, int us, int king, long occupied, long theirs, long checkMask,
                                      long pinned) {
        long pawns = position.pieces(us, Piece.PAWN);
        if (pawns == 0) {
            return 0;
        }
        boolean white = us == Piece.WHITE;
        long lastRank = white ? Bitboards.RANK_8 : Bitboards.RANK_1;
        long empty = ~occupied;
        int up = white ? 8 : -8;

        long single = singlePushes(pawns, empty, white);
        long twice = doublePushes(single, empty, white) & checkMask;
        single &= checkMask;
        int count = countPawnTargets(single & ~lastRank, up, king, pinned)
                + countPawnTargets(twice, 2 * up, king, pinned)
                + 4 * countPawnTargets(single & lastRank, up, king, pinned);

        long victims = theirs & checkMask;
        int towardsA = white ? 7 : -9;
        int towardsH = white ? 9 : -7;
        long capturesA = capturesTowardsA(pawns, white) & victims;
        long capturesH = capturesTowardsH(pawns, white) & victims;
        count += countPawnTargets(capturesA & ~lastRank, towardsA, king, pinned)
                + countPawnTargets(capturesH & ~lastRank, towardsH, king, pinned)
                + 4 * countPawnTargets(capturesA & lastRank, towardsA, king, pinned)
                + 4 * countPawnTargets(capturesH & lastRank, towardsH, king, pinned);

        long takers = enPassantTakers(position, us, king, occupied, theirs, checkMask, pawns);
        return count + Long.bitCount(takers);
    }

    /** The empty squares one step ahead of {@code pawns}. */
    private static long singlePushes(long pawns, long empty, boolean white) {
        return (white ? pawns << 8 : pawns >>> 8) & empty;
    }

    /** The empty squares two steps ahead of pawns on their start rank, given their {@link #singlePushes}. */
    private static long doublePushes(long single, long empty, boolean white) {
        return (white ? (single & Bitboards.RANK_3) << 8 : (single & Bitboards.RANK_6) >>> 8) & empty;
    }

    /** The squares {@code pawns} attack diagonally towards the a-file. */
    private static long capturesTowardsA(long pawns, boolean white) {
        return white ? (pawns & ~Bitboards.FILE_A) << 7 : (pawns & ~Bitboards.FILE_A) >>> 9;
    }

    /** The squares {@code pawns} attack diagonally towards the h-file. */
    private static long capturesTowardsH(long pawns, boolean white) {
        return white ? (pawns & ~Bitboards.FILE_H) << 9 : (pawns & ~Bitboards.FILE_H) >>> 7;
    }

    /**
     * The number of {@code targets} (pawn moves by {@code offset}) whose pawn may go there: every one, less those of
     * pinned pawns that would leave their pin line. A target came from exactly one square, so shifting the pinned
     * pieces by the offset finds the targets to look at one by one (none in most positions).
     */
    private static int countPawnTargets(long targets, int offset, int king, long pinned) {
        int count = Long.bitCount(targets);
        long ofPinned = (offset > 0 ? pinned << offset : pinned >>> -offset) & targets;
        while (ofPinned != 0) {
            int to = Long.numberOfTrailingZeros(ofPinned);
            if ((Bitboards.line(king, to - offset) & (1L << to)) == 0) {
                count--;
            }
            ofPinned &= ofPinned - 1;
        }
        return count;
    }

    /**
     * The pawns that may take en passant: the capture must answer a check if there is one, and the two squares it
     * vacates on one rank must not expose the king to a slider.
     */
    private static long enPassantTakers(Position position, int us, int king, long occupied, long theirs,
                                        long checkMask, long pawns) {
        int target = position.enPassantSquare();
        if (target == Square.NONE) {
            return 0;
        }
        int victim = target ^ 8;
        if ((checkMask & ((1L << target) | (1L << victim))) == 0) {
            return 0;
        }
        long takers = Attacks.pawn(us ^ 1, target) & pawns;
        long sliders = theirs & ~position.piecesOfType(Piece.PAWN);
        long straightSliders = sliders & (position.piecesOfType(Piece.ROOK) | position.piecesOfType(Piece.QUEEN));
        long diagonalSliders = sliders & (position.piecesOfType(Piece.BISHOP) | position.piecesOfType(Piece.QUEEN));
        long legal = 0;
        while (takers != 0) {
            int from = Long.numberOfTrailingZeros(takers);
            long after = (occupied ^ (1L << from) ^ (1L << victim)) | (1L << target);
            if ((Attacks.rook(king, after) & straightSliders) == 0
                    && (Attacks.bishop(king, after) & diagonalSliders) == 0) {
                legal |= 1L << from;
            }
            takers &= takers - 1;
        }
        return legal;
    }

    /** Adds one pawn move per target square, skipping pinned pawns that would leave their pin line. */
    private static int addPawnMoves(int[] moves, int index, long targets, int offset, int king, long pinned) {
        while (targets != 0) {
            int to = Long.numberOfTrailingZeros(targets);
            int from = to - offset;
            if ((pinned & (1L << from)) == 0 || (Bitboards.line(king, from) & (1L << to)) != 0) {
                moves[index++] = Move.of(from, to);
            }
            targets &= targets - 1;
        }
        return index;
    }

    /** Promotions: the queen is noisy, the under-promotions of a quiet push are quiet; captures are all noisy. */
    private static int addPromotions(int[] moves, int index, long targets, int offset, int king, long pinned, int kind) {
        while (targets != 0) {
            int to = Long.numberOfTrailingZeros(targets);
            int from = to - offset;
            if ((pinned & (1L << from)) == 0 || (Bitboards.line(king, from) & (1L << to)) != 0) {
                if (kind != QUIET) {
                    moves[index++] = Move.promotion(from, to, Piece.QUEEN);
                }
                if (kind != NOISY) {
                    moves[index++] = Move.promotion(from, to, Piece.KNIGHT);
                    moves[index++] = Move.promotion(from, to, Piece.ROOK);
                    moves[index++] = Move.promotion(from, to, Piece.BISHOP);
                }
            }
            targets &= targets - 1;
        }
        return index;
    }

    /**
     * The castling rights of {@code us} that may be used now, as a set of right bits; standard and Chess960 alike.
     * Every square the king and the rook cross or land on must be empty but for the two of them, and no square the
     * king stands on, crosses or lands on may be attacked. Attacks are taken with both castling pieces off the board,
     * which also catches a rook that was screening its king along the rank. The caller has checked for check.
     */
    private static int usableCastlings(Position position, int us, int king, long occupied) {
        int rights = position.castlingRights() & CastlingRights.of(us);
        int usable = 0;
        for (int left = rights; left != 0; left &= left - 1) {
            int right = Integer.numberOfTrailingZeros(left);
            if ((position.castlingEmptySquares(right) & occupied) == 0
                    && kingPathIsSafe(position, right, us ^ 1, occupied ^ (1L << king)
                            ^ (1L << Move.to(position.castlingMove(right))))) {
                usable |= 1 << right;
            }
        }
        return usable;
    }

    /** True when no square of the king's path for castling {@code right} is attacked with {@code others} on board. */
    private static boolean kingPathIsSafe(Position position, int right, int them, long others) {
        for (long path = position.castlingKingPath(right); path != 0; path &= path - 1) {
            if (position.isAttacked(Long.numberOfTrailingZeros(path), them, others)) {
                return false;
            }
        }
        return true;
    }
}
