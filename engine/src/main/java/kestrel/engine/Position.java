package kestrel.engine;

import java.util.Arrays;

/**
 * A chess position that moves are made on and taken back, with the game's history below it.
 *
 * <p>The board is kept twice: bitboards by piece type and by colour for move generation, and a 64-square mailbox
 * for "what stands here". Alongside it the position keeps, incrementally, its Zobrist key (the Polyglot key), a key
 * of the pawns alone, and the sums of the piece-square tables with the game phase, so evaluation and hashing never
 * have to scan the board.
 *
 * <p>{@link #makeMove} pushes an undo record first and {@link #unmakeMove} pops it, restoring the position bit for
 * bit. The stack of keys it leaves behind is also the repetition history. Nothing here allocates, except growing the
 * history arrays, which happens only for games of more than a thousand plies.
 */
public final class Position {
    private static final int INITIAL_HISTORY = 1024;

    private final long[] byType = new long[Piece.TYPE_COUNT];
    private final long[] byColor = new long[2];
    private final int[] board = new int[64];
    private int sideToMove;
    private int castlingRights;
    private int enPassantSquare = Square.NONE;
    private int halfmoveClock;
    private int fullmoveNumber = 1;
    /** Plies since the last capture, pawn move or null move: how far back a repetition can be. */
    private int reversiblePlies;
    private long key;
    private long pawnKey;
    /** Zobrist keys of each colour's pieces other than pawns (kings included), by colour. */
    private final long[] nonPawnKeys = new long[2];
    private int midgame;
    private int endgame;
    private int phase;

    /** For each castling right (index 0..3, see {@link CastlingRights}), the start square of its rook. */
    private final int[] castlingRookSquare = new int[4];
    /** Rights kept when a move starts or ends on a square: {@code rights &= kept[from] & kept[to]}. */
    private final int[] castlingRightsKept = new int[64];
    /**
     * For each castling right, fixed at set-up since the king and rook cannot have moved while the right lasts:
     * the squares that must be empty (both paths, the king and rook themselves excepted), the squares the king
     * stands on, crosses and lands on (none may be attacked), and the move itself.
     */
    private final long[] castlingEmptySquares = new long[4];
    private final long[] castlingKingPath = new long[4];
    private final int[] castlingMove = new int[4];

    // The history, one entry per move made since set-up; index = ply of the position before the move.
    private int ply;
    private long[] keyHistory = new long[INITIAL_HISTORY];
    private long[] pawnKeyHistory = new long[INITIAL_HISTORY];
    /** White's and Black's non-pawn keys before each move: index 2 × ply + colour. */
    private long[] nonPawnKeyHistory = new long[2 * INITIAL_HISTORY];
    private int[] moveHistory = new int[INITIAL_HISTORY];
    /**
     * A number for each make, unique within this object: an evaluator that keeps state along the line (the network's
     * accumulators) knows the line below a ply is unchanged since it looked when the number there is the same.
     */
    private long[] moveIdHistory = new long[INITIAL_HISTORY];
    private long lastMoveId;
    /**
     * The undo record of each move, packed in a long:
     * <pre>
     *  bits  0-3   castling rights before the move
     *  bits  4-10  en-passant square before the move (64 = none)
     *  bits 11-14  captured piece (12 = none)
     *  bits 16-35  halfmove clock before the move
     *  bits 36-55  reversible plies before the move
     *  bits 56-59  moved piece (12 = none, for a null move)
     * </pre>
     */
    private long[] undoHistory = new long[INITIAL_HISTORY];
    private static final int UNDO_CASTLING_MASK = 0xF;
    private static final int UNDO_EN_PASSANT_SHIFT = 4;
    private static final int UNDO_EN_PASSANT_MASK = 0x7F;
    private static final int UNDO_CAPTURED_SHIFT = 11;
    private static final int UNDO_CAPTURED_MASK = 0xF;
    private static final int UNDO_HALFMOVE_CLOCK_SHIFT = 16;
    private static final int UNDO_REVERSIBLE_PLIES_SHIFT = 36;
    private static final int UNDO_MOVED_SHIFT = 56;
    /** Both counters get 20 bits: a million plies, beyond any game. */
    private static final int UNDO_COUNTER_MASK = 0xFFFFF;

    /** An empty board; Fen.parse and {@link #startPosition()} are the usual ways to get a position. */
    Position() {
        Arrays.fill(board, Piece.NONE);
        Arrays.fill(castlingRookSquare, Square.NONE);
        Arrays.fill(castlingRightsKept, CastlingRights.ALL);
    }

    /** A deep copy, history included, for a search that must not disturb the original. */
    public Position(Position other) {
        copyFrom(other);
    }

    /** The standard start position, set up directly (the FEN reader stands above the position, not below it). */
    public static Position startPosition() {
        Position position = new Position();
        int[] backRank = {Piece.ROOK, Piece.KNIGHT, Piece.BISHOP, Piece.QUEEN, Piece.KING, Piece.BISHOP,
            Piece.KNIGHT, Piece.ROOK};
        for (int file = 0; file < 8; file++) {
            position.setUpPiece(Piece.of(Piece.WHITE, backRank[file]), Square.of(file, 0));
            position.setUpPiece(Piece.of(Piece.WHITE, Piece.PAWN), Square.of(file, 1));
            position.setUpPiece(Piece.of(Piece.BLACK, Piece.PAWN), Square.of(file, 6));
            position.setUpPiece(Piece.of(Piece.BLACK, backRank[file]), Square.of(file, 7));
        }
        position.setUpSideToMove(Piece.WHITE);
        position.setUpCastling(CastlingRights.WHITE_KING_SIDE_INDEX, Square.of(7, 0));
        position.setUpCastling(CastlingRights.WHITE_QUEEN_SIDE_INDEX, Square.of(0, 0));
        position.setUpCastling(CastlingRights.BLACK_KING_SIDE_INDEX, Square.of(7, 7));
        position.setUpCastling(CastlingRights.BLACK_QUEEN_SIDE_INDEX, Square.of(0, 7));
        position.setUpClocks(0, 1);
        position.finishSetUp();
        return position;
    }

    /** Makes this position an exact copy of another, history included. */
    public void copyFrom(Position other) {
        System.arraycopy(other.byType, 0, byType, 0, byType.length);
        System.arraycopy(other.byColor, 0, byColor, 0, 2);
        System.arraycopy(other.board, 0, board, 0, 64);
        System.arraycopy(other.castlingRookSquare, 0, castlingRookSquare, 0, 4);
        System.arraycopy(other.castlingRightsKept, 0, castlingRightsKept, 0, 64);
        System.arraycopy(other.castlingEmptySquares, 0, castlingEmptySquares, 0, 4);
        System.arraycopy(other.castlingKingPath, 0, castlingKingPath, 0, 4);
        System.arraycopy(other.castlingMove, 0, castlingMove, 0, 4);
        sideToMove = other.sideToMove;
        castlingRights = other.castlingRights;
        enPassantSquare = other.enPassantSquare;
        halfmoveClock = other.halfmoveClock;
        fullmoveNumber = other.fullmoveNumber;
        reversiblePlies = other.reversiblePlies;
        key = other.key;
        pawnKey = other.pawnKey;
        nonPawnKeys[0] = other.nonPawnKeys[0];
        nonPawnKeys[1] = other.nonPawnKeys[1];
        midgame = other.midgame;
        endgame = other.endgame;
        phase = other.phase;
        ply = other.ply;
        int capacity = Math.max(INITIAL_HISTORY, other.keyHistory.length);
        if (keyHistory.length < capacity) {
            keyHistory = new long[capacity];
            pawnKeyHistory = new long[capacity];
            nonPawnKeyHistory = new long[2 * capacity];
            moveHistory = new int[capacity];
            moveIdHistory = new long[capacity];
            undoHistory = new long[capacity];
        }
        System.arraycopy(other.keyHistory, 0, keyHistory, 0, ply);
        System.arraycopy(other.pawnKeyHistory, 0, pawnKeyHistory, 0, ply);
        System.arraycopy(other.nonPawnKeyHistory, 0, nonPawnKeyHistory, 0, 2 * ply);
        System.arraycopy(other.moveHistory, 0, moveHistory, 0, ply);
        System.arraycopy(other.undoHistory, 0, undoHistory, 0, ply);
        // Numbers this object already gave out are never given again, whatever the copy held.
        lastMoveId = Math.max(lastMoveId, other.lastMoveId);
        System.arraycopy(other.moveIdHistory, 0, moveIdHistory, 0, ply);
    }

    // ----------------------------------------------------------------------------------------------------------
    // Queries

    public int sideToMove() {
        return sideToMove;
    }

    public int pieceAt(int square) {
        return board[square];
    }

    public long pieces(int color, int type) {
        return byType[type] & byColor[color];
    }

    public long piecesOfType(int type) {
        return byType[type];
    }

    public long piecesOfColor(int color) {
        return byColor[color];
    }

    public long occupied() {
        return byColor[0] | byColor[1];
    }

    public int kingSquare(int color) {
        return Long.numberOfTrailingZeros(byType[Piece.KING] & byColor[color]);
    }

    public int castlingRights() {
        return castlingRights;
    }

    /** The start square of the rook of a castling right (index 0..3), or {@link Square#NONE}. */
    public int castlingRookSquare(int rightIndex) {
        return castlingRookSquare[rightIndex];
    }

    /** The squares that must be empty to use a castling right (index 0..3), for the move generator. */
    long castlingEmptySquares(int rightIndex) {
        return castlingEmptySquares[rightIndex];
    }

    /** The squares the king starts on, crosses and lands on when castling with a right (index 0..3). */
    long castlingKingPath(int rightIndex) {
        return castlingKingPath[rightIndex];
    }

    /** The castling move (king takes rook) of a right (index 0..3). */
    int castlingMove(int rightIndex) {
        return castlingMove[rightIndex];
    }

    /** The en-passant target square, set only when a pawn of the side to move stands ready to take; else NONE. */
    public int enPassantSquare() {
        return enPassantSquare;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return fullmoveNumber;
    }

    /** The Zobrist key, equal to the Polyglot key of the position. */
    public long key() {
        return key;
    }

    /** A Zobrist key of the pawns alone (Polyglot's piece numbers), for a pawn-structure cache. */
    public long pawnKey() {
        return pawnKey;
    }

    /** A Zobrist key of {@code color}'s pieces other than pawns, kings included: what correction history keys on. */
    public long nonPawnKey(int color) {
        return nonPawnKeys[color];
    }

    /** Midgame material and piece-square sum, White's point of view. */
    public int midgameScore() {
        return midgame;
    }

    /** Endgame material and piece-square sum, White's point of view. */
    public int endgameScore() {
        return endgame;
    }

    /** Game phase from {@link PieceSquareTables#MAX_PHASE} (all pieces on) down to 0 (pawns and kings only). */
    public int phase() {
        return phase;
    }

    /** Number of moves made since the position was set up. */
    public int ply() {
        return ply;
    }

    /** The key of the position {@code plyIndex} plies after set-up (0 .. ply). */
    public long keyAt(int plyIndex) {
        return plyIndex == ply ? key : keyHistory[plyIndex];
    }

    /** The move made from the position at {@code plyIndex}, or {@link Move#NONE} for a null move. */
    public int moveAt(int plyIndex) {
        return moveHistory[plyIndex];
    }

    /** The piece that made the move from the position at {@code plyIndex}, {@link Piece#NONE} for a null move. */
    public int movedPieceAt(int plyIndex) {
        return (int) (undoHistory[plyIndex] >>> UNDO_MOVED_SHIFT) & UNDO_CAPTURED_MASK;
    }

    /** The piece the move from the position at {@code plyIndex} captured, {@link Piece#NONE} when none. */
    public int capturedAt(int plyIndex) {
        return capturedOf(undoHistory[plyIndex]);
    }

    /**
     * The number of the make that left the position at {@code plyIndex}: unique within this object, so the same
     * number at a ply later means the line up to there has not changed since (see {@link #moveIdHistory}).
     */
    public long moveIdAt(int plyIndex) {
        return moveIdHistory[plyIndex];
    }

    /** The last move made, {@link Move#NONE} when none or a null move. */
    public int lastMove() {
        return ply == 0 ? Move.NONE : moveHistory[ply - 1];
    }

    /** The piece the last move captured, {@link Piece#NONE} when none. */
    public int lastCaptured() {
        return ply == 0 ? Piece.NONE : capturedOf(undoHistory[ply - 1]);
    }

    public boolean inCheck() {
        return isAttacked(kingSquare(sideToMove), sideToMove ^ 1);
    }

    /**
     * Whether the legal {@code move} would give check, without making it: a direct check by the moved piece from its
     * target square, or a discovered check by a slider of ours that the move uncovers. Castling, en passant and
     * promotions, which move or remove a second piece or change the moving one, are made and unmade instead.
     */
    public boolean givesCheck(int move) {
        int kind = Move.kind(move);
        if (kind != Move.NORMAL) {
            makeMove(move);
            boolean check = inCheck();
            unmakeMove();
            return check;
        }
        int from = Move.from(move);
        int to = Move.to(move);
        int us = sideToMove;
        int type = Piece.type(board[from]);
        int theirKing = kingSquare(us ^ 1);
        long kingBit = 1L << theirKing;
        long occupiedAfter = (occupied() ^ (1L << from)) | (1L << to);
        long direct = type == Piece.PAWN ? Attacks.pawn(us, to) : Attacks.of(type, to, occupiedAfter);
        if ((direct & kingBit) != 0) {
            return true;
        }
        // Our sliders other than the moved piece that see the king once it has left its square.
        long others = byColor[us] & ~(1L << from);
        long diagonal = others & (byType[Piece.BISHOP] | byType[Piece.QUEEN]);
        long straight = others & (byType[Piece.ROOK] | byType[Piece.QUEEN]);
        return (Attacks.bishop(theirKing, occupiedAfter) & diagonal) != 0
                || (Attacks.rook(theirKing, occupiedAfter) & straight) != 0;
    }

    /** The pieces of the other side that give check. */
    public long checkers() {
        int us = sideToMove;
        return attackersTo(kingSquare(us), occupied()) & byColor[us ^ 1];
    }

    /** True when a piece of {@code attacker} attacks the square. */
    public boolean isAttacked(int square, int attacker) {
        return isAttacked(square, attacker, occupied());
    }

    /** True when a piece of {@code attacker} attacks the square, with sliders blocked by {@code occupied}. */
    public boolean isAttacked(int square, int attacker, long occupied) {
        long them = byColor[attacker];
        if ((Attacks.pawn(attacker ^ 1, square) & byType[Piece.PAWN] & them) != 0
                || (Attacks.knight(square) & byType[Piece.KNIGHT] & them) != 0
                || (Attacks.king(square) & byType[Piece.KING] & them) != 0) {
            return true;
        }
        long rooksQueens = (byType[Piece.ROOK] | byType[Piece.QUEEN]) & them;
        if (rooksQueens != 0 && (Attacks.rook(square, occupied) & rooksQueens) != 0) {
            return true;
        }
        long bishopsQueens = (byType[Piece.BISHOP] | byType[Piece.QUEEN]) & them;
        return bishopsQueens != 0 && (Attacks.bishop(square, occupied) & bishopsQueens) != 0;
    }

    /** All pieces of both colours attacking a square, sliders blocked by {@code occupied}. */
    public long attackersTo(int square, long occupied) {
        return (Attacks.pawn(Piece.BLACK, square) & pieces(Piece.WHITE, Piece.PAWN))
                | (Attacks.pawn(Piece.WHITE, square) & pieces(Piece.BLACK, Piece.PAWN))
                | (Attacks.knight(square) & byType[Piece.KNIGHT])
                | (Attacks.king(square) & byType[Piece.KING])
                | (Attacks.rook(square, occupied) & (byType[Piece.ROOK] | byType[Piece.QUEEN]))
                | (Attacks.bishop(square, occupied) & (byType[Piece.BISHOP] | byType[Piece.QUEEN]));
    }

    /** Pieces of {@code color} that stand alone between their king and an enemy slider. */
    public long pinned(int color) {
        int king = kingSquare(color);
        long them = byColor[color ^ 1];
        long occupied = occupied();
        long snipers = ((Attacks.rookOnEmpty(king) & (byType[Piece.ROOK] | byType[Piece.QUEEN]))
                | (Attacks.bishopOnEmpty(king) & (byType[Piece.BISHOP] | byType[Piece.QUEEN]))) & them;
        long pinned = 0;
        while (snipers != 0) {
            long blockers = Bitboards.between(king, Long.numberOfTrailingZeros(snipers)) & occupied;
            if (blockers != 0 && (blockers & (blockers - 1)) == 0) {
                pinned |= blockers & byColor[color];
            }
            snipers &= snipers - 1;
        }
        return pinned;
    }

    /** True when the side has a piece other than pawns and king (the null-move zugzwang guard). */
    public boolean hasNonPawnMaterial(int color) {
        return (byColor[color] & ~(byType[Piece.PAWN] | byType[Piece.KING])) != 0;
    }

    /**
     * True when the position repeats an earlier one since the last irreversible move: once at or after
     * {@code searchRootPly} (a repetition inside the search), or twice in all (threefold with the game history).
     */
    public boolean isRepetition(int searchRootPly) {
        boolean seenBeforeRoot = false;
        // Counted from a constant: a loop whose start and end both vary compiles with a check that fails at once
        // (a loop limit check), and the compiled search that inlined it is thrown away, late in the warm-up.
        for (int back = 4; back <= reversiblePlies; back += 2) {
            int earlier = ply - back;
            if (keyHistory[earlier] == key) {
                if (earlier >= searchRootPly || seenBeforeRoot) {
                    return true;
                }
                seenBeforeRoot = true;
            }
        }
        return false;
    }

    /** True when this position has now occurred three times (the game can be claimed drawn). */
    public boolean isThreefoldRepetition() {
        return isRepetition(Integer.MAX_VALUE);
    }

    // ----------------------------------------------------------------------------------------------------------
    // Make and unmake

    /** Plays a legal move. The move must come from the move generator for this very position. */
    public void makeMove(int move) {
        int from = Move.from(move);
        int to = Move.to(move);
        int kind = Move.kind(move);
        int us = sideToMove;
        int piece = board[from];
        int captured = kind == Move.CASTLING ? Piece.NONE
                : kind == Move.EN_PASSANT ? Piece.of(us ^ 1, Piece.PAWN) : board[to];

        // Push the undo record before anything changes.
        pushHistory(move, piece, captured);

        long newKey = key ^ Zobrist.whiteToMove();
        if (enPassantSquare != Square.NONE) {
            newKey ^= Zobrist.enPassantFile(Square.file(enPassantSquare));
            enPassantSquare = Square.NONE;
        }
        halfmoveClock++;
        reversiblePlies++;

        if (kind == Move.CASTLING) {
            // "King takes rook": both leave their squares first, which also covers Chess960 overlaps.
            int rook = board[to];
            int kingTarget = Move.castlingKingTarget(from, to);
            int rookTarget = Move.castlingRookTarget(from, to);
            removePiece(piece, from);
            removePiece(rook, to);
            addPiece(piece, kingTarget);
            addPiece(rook, rookTarget);
            long castled = Zobrist.piece(piece, from) ^ Zobrist.piece(piece, kingTarget)
                    ^ Zobrist.piece(rook, to) ^ Zobrist.piece(rook, rookTarget);
            newKey ^= castled;
            nonPawnKeys[us] ^= castled;
        } else {
            if (captured != Piece.NONE) {
                int capturedSquare = kind == Move.EN_PASSANT ? to ^ 8 : to;
                removePiece(captured, capturedSquare);
                long capturedKey = Zobrist.piece(captured, capturedSquare);
                newKey ^= capturedKey;
                if (Piece.type(captured) == Piece.PAWN) {
                    pawnKey ^= capturedKey;
                } else {
                    nonPawnKeys[us ^ 1] ^= capturedKey;
                }
                halfmoveClock = 0;
                reversiblePlies = 0;
            }
            movePiece(piece, from, to);
            long movedKey = Zobrist.piece(piece, from) ^ Zobrist.piece(piece, to);
            newKey ^= movedKey;
            if (Piece.type(piece) != Piece.PAWN) {
                nonPawnKeys[us] ^= movedKey;
            } else {
                halfmoveClock = 0;
                reversiblePlies = 0;
                pawnKey ^= Zobrist.piece(piece, from);
                if (kind == Move.PROMOTION) {
                    int promoted = Piece.of(us, Move.promotionType(move));
                    removePiece(piece, to);
                    addPiece(promoted, to);
                    newKey ^= Zobrist.piece(piece, to) ^ Zobrist.piece(promoted, to);
                    nonPawnKeys[us] ^= Zobrist.piece(promoted, to);
                } else {
                    pawnKey ^= Zobrist.piece(piece, to);
                    // A double push sets the e.p. square (and hashes it) only if an enemy pawn can take.
                    if ((from ^ to) == 16) {
                        int passed = (from + to) >>> 1;
                        if ((Attacks.pawn(us, passed) & pieces(us ^ 1, Piece.PAWN)) != 0) {
                            enPassantSquare = passed;
                            newKey ^= Zobrist.enPassantFile(Square.file(passed));
                        }
                    }
                }
            }
        }

        int rights = castlingRights & castlingRightsKept[from] & castlingRightsKept[to];
        newKey ^= Zobrist.castling(castlingRights ^ rights);
        castlingRights = rights;

        if (us == Piece.BLACK) {
            fullmoveNumber++;
        }
        sideToMove = us ^ 1;
        key = newKey;
        assert hasConsistentBitboards() : "makeMove broke the board";
    }

    /** Takes back the last move made with {@link #makeMove}. */
    public void unmakeMove() {
        ply--;
        int move = moveHistory[ply];
        long undo = undoHistory[ply];
        int from = Move.from(move);
        int to = Move.to(move);
        int kind = Move.kind(move);
        int us = sideToMove ^ 1;

        if (kind == Move.CASTLING) {
            int king = Piece.of(us, Piece.KING);
            int rook = Piece.of(us, Piece.ROOK);
            removePiece(king, Move.castlingKingTarget(from, to));
            removePiece(rook, Move.castlingRookTarget(from, to));
            addPiece(king, from);
            addPiece(rook, to);
        } else {
            if (kind == Move.PROMOTION) {
                removePiece(board[to], to);
                addPiece(Piece.of(us, Piece.PAWN), from);
            } else {
                movePiece(board[to], to, from);
            }
            int captured = capturedOf(undo);
            if (captured != Piece.NONE) {
                addPiece(captured, kind == Move.EN_PASSANT ? to ^ 8 : to);
            }
        }

        restoreState(undo);
        if (us == Piece.BLACK) {
            fullmoveNumber--;
        }
        sideToMove = us;
        assert hasConsistentBitboards() : "unmakeMove broke the board";
    }

    /** Passes the move to the other side (for null-move pruning). Not allowed when in check. */
    public void makeNullMove() {
        pushHistory(Move.NONE, Piece.NONE, Piece.NONE);
        long newKey = key ^ Zobrist.whiteToMove();
        if (enPassantSquare != Square.NONE) {
            newKey ^= Zobrist.enPassantFile(Square.file(enPassantSquare));
            enPassantSquare = Square.NONE;
        }
        halfmoveClock++;
        // A repetition across a null move would be no repetition in the game.
        reversiblePlies = 0;
        if (sideToMove == Piece.BLACK) {
            fullmoveNumber++;
        }
        sideToMove ^= 1;
        key = newKey;
    }

    public void unmakeNullMove() {
        ply--;
        restoreState(undoHistory[ply]);
        sideToMove ^= 1;
        if (sideToMove == Piece.BLACK) {
            fullmoveNumber--;
        }
    }

    /** Saves the keys, the move and the packed undo record (see {@link #undoHistory}) of the position before a move. */
    private void pushHistory(int move, int moved, int captured) {
        if (ply == keyHistory.length) {
            growHistory();
        }
        keyHistory[ply] = key;
        pawnKeyHistory[ply] = pawnKey;
        nonPawnKeyHistory[2 * ply] = nonPawnKeys[0];
        nonPawnKeyHistory[2 * ply + 1] = nonPawnKeys[1];
        moveHistory[ply] = move;
        moveIdHistory[ply] = ++lastMoveId;
        undoHistory[ply] = castlingRights
                | (long) enPassantSquare << UNDO_EN_PASSANT_SHIFT
                | (long) captured << UNDO_CAPTURED_SHIFT
                | (long) halfmoveClock << UNDO_HALFMOVE_CLOCK_SHIFT
                | (long) reversiblePlies << UNDO_REVERSIBLE_PLIES_SHIFT
                | (long) moved << UNDO_MOVED_SHIFT;
        ply++;
    }

    /** Restores from an undo record what it holds, and the keys, of the position at the current ply. */
    private void restoreState(long undo) {
        castlingRights = (int) undo & UNDO_CASTLING_MASK;
        enPassantSquare = (int) (undo >>> UNDO_EN_PASSANT_SHIFT) & UNDO_EN_PASSANT_MASK;
        halfmoveClock = (int) (undo >>> UNDO_HALFMOVE_CLOCK_SHIFT) & UNDO_COUNTER_MASK;
        reversiblePlies = (int) (undo >>> UNDO_REVERSIBLE_PLIES_SHIFT) & UNDO_COUNTER_MASK;
        key = keyHistory[ply];
        pawnKey = pawnKeyHistory[ply];
        nonPawnKeys[0] = nonPawnKeyHistory[2 * ply];
        nonPawnKeys[1] = nonPawnKeyHistory[2 * ply + 1];
    }

    private static int capturedOf(long undo) {
        return (int) (undo >>> UNDO_CAPTURED_SHIFT) & UNDO_CAPTURED_MASK;
    }

    private void growHistory() {
        int capacity = keyHistory.length * 2;
        keyHistory = Arrays.copyOf(keyHistory, capacity);
        pawnKeyHistory = Arrays.copyOf(pawnKeyHistory, capacity);
        nonPawnKeyHistory = Arrays.copyOf(nonPawnKeyHistory, 2 * capacity);
        moveHistory = Arrays.copyOf(moveHistory, capacity);
        moveIdHistory = Arrays.copyOf(moveIdHistory, capacity);
        undoHistory = Arrays.copyOf(undoHistory, capacity);
    }

    private void addPiece(int piece, int square) {
        long bit = 1L << square;
        byType[piece >>> 1] |= bit;
        byColor[piece & 1] |= bit;
        board[square] = piece;
        midgame += PieceSquareTables.midgame(piece, square);
        endgame += PieceSquareTables.endgame(piece, square);
        phase += PieceSquareTables.phase(piece >>> 1);
    }

    private void removePiece(int piece, int square) {
        long bit = 1L << square;
        byType[piece >>> 1] ^= bit;
        byColor[piece & 1] ^= bit;
        board[square] = Piece.NONE;
        midgame -= PieceSquareTables.midgame(piece, square);
        endgame -= PieceSquareTables.endgame(piece, square);
        phase -= PieceSquareTables.phase(piece >>> 1);
    }

    private void movePiece(int piece, int from, int to) {
        long bits = (1L << from) | (1L << to);
        byType[piece >>> 1] ^= bits;
        byColor[piece & 1] ^= bits;
        board[from] = Piece.NONE;
        board[to] = piece;
        midgame += PieceSquareTables.midgame(piece, to) - PieceSquareTables.midgame(piece, from);
        endgame += PieceSquareTables.endgame(piece, to) - PieceSquareTables.endgame(piece, from);
    }

    // ----------------------------------------------------------------------------------------------------------
    // Set-up, used by Fen on a fresh position only

    void setUpPiece(int piece, int square) {
        addPiece(piece, square);
    }

    void setUpSideToMove(int color) {
        sideToMove = color;
    }

    /** Grants a castling right with its rook on {@code rookSquare}. */
    void setUpCastling(int rightIndex, int rookSquare) {
        castlingRights |= 1 << rightIndex;
        castlingRookSquare[rightIndex] = rookSquare;
    }

    void setUpEnPassant(int square) {
        enPassantSquare = square;
    }

    void setUpClocks(int halfmoves, int fullmoves) {
        halfmoveClock = halfmoves;
        fullmoveNumber = fullmoves;
    }

    /** Derives everything incremental from the pieces and rights placed: keys and castling masks. */
    void finishSetUp() {
        for (int index = 0; index < 4; index++) {
            if ((castlingRights & (1 << index)) != 0) {
                int color = CastlingRights.color(index);
                int king = kingSquare(color);
                int rook = castlingRookSquare[index];
                castlingRightsKept[king] &= ~CastlingRights.of(color);
                castlingRightsKept[rook] &= ~(1 << index);
                int kingTarget = Move.castlingKingTarget(king, rook);
                int rookTarget = Move.castlingRookTarget(king, rook);
                castlingKingPath[index] = Bitboards.span(king, kingTarget);
                castlingEmptySquares[index] = (Bitboards.span(king, kingTarget) | Bitboards.span(rook, rookTarget))
                        & ~(1L << king) & ~(1L << rook);
                castlingMove[index] = Move.of(king, rook, Move.CASTLING);
            }
        }
        reversiblePlies = 0;
        ply = 0;
        key = computeKey();
        pawnKey = computePawnKey();
        nonPawnKeys[0] = computeNonPawnKey(Piece.WHITE);
        nonPawnKeys[1] = computeNonPawnKey(Piece.BLACK);
    }

    // ----------------------------------------------------------------------------------------------------------
    // From-scratch computations, for set-up and for tests of the incremental updates

    /** The Polyglot key computed from scratch. */
    public long computeKey() {
        long result = piecesKey(occupied());
        result ^= Zobrist.castling(castlingRights);
        if (enPassantSquare != Square.NONE) {
            result ^= Zobrist.enPassantFile(Square.file(enPassantSquare));
        }
        if (sideToMove == Piece.WHITE) {
            result ^= Zobrist.whiteToMove();
        }
        return result;
    }

    /** {@link #nonPawnKey} computed from scratch. */
    public long computeNonPawnKey(int color) {
        return piecesKey(byColor[color] & ~byType[Piece.PAWN]);
    }

    /** {@link #pawnKey} computed from scratch. */
    public long computePawnKey() {
        return piecesKey(byType[Piece.PAWN]);
    }

    /** The Zobrist keys of the pieces on {@code squares}, XORed: the piece part of every key, from scratch. */
    private long piecesKey(long squares) {
        long result = 0;
        while (squares != 0) {
            int square = Long.numberOfTrailingZeros(squares);
            result ^= Zobrist.piece(board[square], square);
            squares &= squares - 1;
        }
        return result;
    }

    /**
     * Checks every redundant piece of state against the others: bitboards against the mailbox, keys against a
     * recomputation, scores against the tables, one king each, the e.p. square's rule. For tests and debugging.
     */
    public boolean isConsistent() {
        long[] types = new long[Piece.TYPE_COUNT];
        long[] colors = new long[2];
        int mg = 0;
        int eg = 0;
        int ph = 0;
        for (int square = 0; square < 64; square++) {
            int piece = board[square];
            if (piece == Piece.NONE) {
                continue;
            }
            if (piece < 0 || piece > Piece.NONE) {
                return false;
            }
            types[Piece.type(piece)] |= 1L << square;
            colors[Piece.color(piece)] |= 1L << square;
            mg += PieceSquareTables.midgame(piece, square);
            eg += PieceSquareTables.endgame(piece, square);
            ph += PieceSquareTables.phase(Piece.type(piece));
        }
        if (!Arrays.equals(types, byType) || !Arrays.equals(colors, byColor)) {
            return false;
        }
        if ((byColor[0] & byColor[1]) != 0) {
            return false;
        }
        if (Long.bitCount(pieces(Piece.WHITE, Piece.KING)) != 1 || Long.bitCount(pieces(Piece.BLACK, Piece.KING)) != 1) {
            return false;
        }
        if (mg != midgame || eg != endgame || ph != phase) {
            return false;
        }
        if (key != computeKey() || pawnKey != computePawnKey()
                || nonPawnKeys[0] != computeNonPawnKey(Piece.WHITE)
                || nonPawnKeys[1] != computeNonPawnKey(Piece.BLACK)) {
            return false;
        }
        if (enPassantSquare != Square.NONE) {
            int pushed = enPassantSquare ^ 8;
            if (board[pushed] != Piece.of(sideToMove ^ 1, Piece.PAWN)
                    || (Attacks.pawn(sideToMove ^ 1, enPassantSquare) & pieces(sideToMove, Piece.PAWN)) == 0) {
                return false;
            }
        }
        for (int index = 0; index < 4; index++) {
            if ((castlingRights & (1 << index)) != 0) {
                int color = CastlingRights.color(index);
                if (board[castlingRookSquare[index]] != Piece.of(color, Piece.ROOK)) {
                    return false;
                }
            }
        }
        // The side that just moved may not be in check.
        return !isAttacked(kingSquare(sideToMove ^ 1), sideToMove);
    }

    /**
     * The cheap part of {@link #isConsistent}, asserted after every make and unmake (so test runs, which enable
     * assertions, check it on every move): the bitboards split the occupied squares into disjoint colours and types,
     * each side has one king, and the mailbox agrees with them on the kings' squares and the last move's squares.
     */
    boolean hasConsistentBitboards() {
        long white = byColor[Piece.WHITE];
        long black = byColor[Piece.BLACK];
        long union = 0;
        int count = 0;
        for (long bits : byType) {
            union |= bits;
            count += Long.bitCount(bits);
        }
        int move = lastMove();
        return (white & black) == 0 && union == (white | black) && count == Long.bitCount(union)
                && Long.bitCount(pieces(Piece.WHITE, Piece.KING)) == 1
                && Long.bitCount(pieces(Piece.BLACK, Piece.KING)) == 1
                && mailboxAgrees(kingSquare(Piece.WHITE)) && mailboxAgrees(kingSquare(Piece.BLACK))
                && mailboxAgrees(Move.from(move)) && mailboxAgrees(Move.to(move));
    }

    private boolean mailboxAgrees(int square) {
        int piece = board[square];
        long bit = 1L << square;
        return piece == Piece.NONE ? ((byColor[0] | byColor[1]) & bit) == 0
                : (byType[Piece.type(piece)] & byColor[Piece.color(piece)] & bit) != 0;
    }

    /** The board as text, rank 8 first, as the UCI command {@code d} prints it before the FEN and the key. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(" +---+---+---+---+---+---+---+---+\n");
        for (int rank = 7; rank >= 0; rank--) {
            for (int file = 0; file < 8; file++) {
                int piece = board[Square.of(file, rank)];
                text.append(" | ").append(piece == Piece.NONE ? ' ' : Piece.letter(piece));
            }
            text.append(" | ").append(rank + 1).append('\n');
            text.append(" +---+---+---+---+---+---+---+---+\n");
        }
        text.append("   a   b   c   d   e   f   g   h\n");
        return text.toString();
    }
}
