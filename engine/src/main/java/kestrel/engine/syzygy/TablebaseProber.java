package kestrel.engine.syzygy;

import static kestrel.engine.syzygy.Wdl.BLESSED_LOSS;
import static kestrel.engine.syzygy.Wdl.CURSED_WIN;
import static kestrel.engine.syzygy.Wdl.DRAW;
import static kestrel.engine.syzygy.Wdl.FAILED;
import static kestrel.engine.syzygy.Wdl.LOSS;
import static kestrel.engine.syzygy.Wdl.WIN;

import java.util.function.BiConsumer;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * One thread's prober: the probes and the scratch they need (a move stack, square and piece arrays), so that
 * {@link #probeWdl} and {@link #probeDtz} allocate nothing. Not thread-safe; the tables it reads are.
 *
 * <p>The tables hold positions without castling rights and without an en-passant capture, and they store a value
 * only where it is right when captures are ignored: the generator leaves "don't care" values where a capture is
 * the best move, to compress better. So a WDL probe first plays every capture (and en-passant capture) and probes
 * the smaller tables after it, recursively, and takes the better of the best capture and the stored value; when
 * every legal move is a capture the stored value is not used at all. DTZ probes also try pawn moves first, since
 * they reset the fifty-move counter just as captures do.
 *
 * <p>A DTZ file stores only one side to move (the one that compresses better). When the position has the other
 * side to move, the DTZ is found by a one-ply search: each legal move is played and the position after it probed
 * (its side to move is then the stored one), keeping the fastest win or the slowest loss.
 *
 * <p>The probes make and take back moves on the given position, which is left as it was; a position with NNUE
 * accumulators attached tells them of those moves too (cheap: they update lazily).
 */
public final class TablebaseProber {
    /** Captures reduce material, so a chain is at most 6 deep; DTZ adds one ply and a zeroing search on top. */
    private static final int MAX_STACK_FRAMES = 16;

    /** The most pieces any Syzygy table has. */
    static final int MAX_PIECES = 7;

    private final TableMap tables;
    private final int maxPieces;
    /** Puts aside, once, a table a probe found corrupt, with the reason ({@link Tablebases#putAside}). */
    private final BiConsumer<SyzygyTable, String> putAside;
    /** Puts aside the tables whose files were cut short while in use ({@link Tablebases#putAsideCutFiles}). */
    private final Runnable putAsideCutFiles;
    private final int[] moves = new int[MAX_STACK_FRAMES * MoveGenerator.MAX_MOVES];
    private int stackTop;
    private final int[] squares = new int[MAX_PIECES + 1];
    private final int[] codes = new int[MAX_PIECES + 1];

    // The outcome of the last internal step, as flags rather than objects.
    private boolean failed;
    /** Set by a WDL search whose best move is a capture or pawn move: the stored DTZ is not to be used. */
    private boolean zeroingBest;
    /** Set by a DTZ table probe when the file stores the other side to move. */
    private boolean otherSideStored;

    TablebaseProber(TableMap tables, int maxPieces, BiConsumer<SyzygyTable, String> putAside,
                    Runnable putAsideCutFiles) {
        this.tables = tables;
        this.maxPieces = maxPieces;
        this.putAside = putAside;
        this.putAsideCutFiles = putAsideCutFiles;
    }

    /**
     * Win/draw/loss of the position for the side to move: {@link Wdl#WIN} .. {@link Wdl#LOSS}, or
     * {@link Wdl#FAILED} when a needed table is missing or the position has castling rights or too many
     * pieces. Ignores the fifty-move counter of the position (a cursed win is a cursed win at any count).
     */
    public int probeWdl(Position position) {
        if (!probeable(position)) {
            return FAILED;
        }
        reset();
        int wdl = search(position, false);
        return failed ? FAILED : wdl;
    }

    /**
     * Distance to zeroing in plies for the side to move: positive when winning, negative when losing, 0 for a
     * draw; cursed wins and blessed losses count 100 more (101 .. ). {@link Wdl#FAILED} as for WDL, and
     * also when the DTZ table is missing. A position whose best move is a capture or pawn move gives +-1 (+-101).
     */
    public int probeDtz(Position position) {
        if (!probeable(position)) {
            return FAILED;
        }
        reset();
        int dtz = dtz(position);
        return failed ? FAILED : dtz;
    }

    /**
     * Ranks the root moves by DTZ, the fifty-move rule counted from the position's halfmove clock when
     * {@code useRule50}; null when the position is not in the tables.
     */
    public RootMoveRanking rankRootMoves(Position position, boolean useRule50) {
        if (!probeable(position)) {
            return null;
        }
        reset();
        int start = stackTop;
        int end = MoveGenerator.legalMoves(position, moves, start);
        int count = end - start;
        int[] rootMoves = new int[count];
        int[] dtz = new int[count];
        int halfmoveClock = position.halfmoveClock();
        boolean repeated = RootMoveRanking.repeatedSinceZeroing(position);
        stackTop = end;
        for (int i = 0; i < count; i++) {
            int move = moves[start + i];
            rootMoves[i] = move;
            position.makeMove(move);
            int value;
            if (position.halfmoveClock() == 0) {
                value = dtzBeforeZeroing(-search(position, false));
            } else if (position.halfmoveClock() >= 100 || position.isThreefoldRepetition()) {
                value = 0;
            } else {
                value = -dtz(position);
                value = value > 0 ? value + 1 : value < 0 ? value - 1 : 0;
            }
            if (value == 2 && position.inCheck() && !hasLegalMove(position)) {
                value = 1;
            }
            position.unmakeMove();
            if (failed) {
                stackTop = start;
                return null;
            }
            dtz[i] = value;
        }
        stackTop = start;
        return new RootMoveRanking(rootMoves, dtz, halfmoveClock, repeated, useRule50);
    }

    private boolean probeable(Position position) {
        return position.castlingRights() == 0 && Long.bitCount(position.occupied()) <= maxPieces;
    }

    private void reset() {
        failed = false;
        zeroingBest = false;
        otherSideStored = false;
        stackTop = 0;
    }

    /**
     * The WDL value by the captures (and, with {@code zeroingMoves}, the pawn moves) and the table; sets
     * {@link #zeroingBest} when such a move is the best one (or the only kind there is).
     */
    private int search(Position position, boolean zeroingMoves) {
        int start = stackTop;
        if (start + MoveGenerator.MAX_MOVES > moves.length) {
            failed = true;
            return DRAW;
        }
        int end = MoveGenerator.legalMoves(position, moves, start);
        stackTop = end;
        int best = LOSS;
        int tried = 0;
        for (int i = start; i < end; i++) {
            int move = moves[i];
            if (!isCapture(position, move) && (!zeroingMoves || !isPawnMove(position, move))) {
                continue;
            }
            tried++;
            position.makeMove(move);
            int value = -search(position, false);
            position.unmakeMove();
            if (failed) {
                stackTop = start;
                return DRAW;
            }
            if (value > best) {
                best = value;
                if (value >= WIN) {
                    stackTop = start;
                    zeroingBest = true;
                    return value;
                }
            }
        }
        stackTop = start;
        // With only captures on the board the table's value may be a "don't care": use the search's.
        boolean allTried = tried > 0 && tried == end - start;
        int value;
        if (allTried) {
            value = best;
        } else {
            value = probeTable(position, false, 0);
            if (failed) {
                return DRAW;
            }
        }
        if (best >= value) {
            zeroingBest = best > DRAW || allTried;
            return best;
        }
        zeroingBest = false;
        return value;
    }

    private int dtz(Position position) {
        int wdl = search(position, true);
        if (failed || wdl == DRAW) {
            return 0;
        }
        if (zeroingBest) {
            return dtzBeforeZeroing(wdl);
        }
        int dtz = probeTable(position, true, wdl);
        if (failed) {
            return 0;
        }
        if (!otherSideStored) {
            return (dtz + (wdl == CURSED_WIN || wdl == BLESSED_LOSS ? 100 : 0)) * Integer.signum(wdl);
        }
        otherSideStored = false;
        // The file stores the other side to move: one ply of search, fastest win or slowest loss.
        int start = stackTop;
        if (start + MoveGenerator.MAX_MOVES > moves.length) {
            failed = true;
            return 0;
        }
        int end = MoveGenerator.legalMoves(position, moves, start);
        stackTop = end;
        int best = Integer.MAX_VALUE;
        for (int i = start; i < end; i++) {
            int move = moves[i];
            boolean zeroing = isCapture(position, move) || isPawnMove(position, move);
            position.makeMove(move);
            int value = zeroing ? -dtzBeforeZeroing(search(position, false)) : -dtz(position);
            if (value == 1 && position.inCheck() && !hasLegalMove(position)) {
                best = 1;
            }
            if (!zeroing) {
                value += Integer.signum(value);
            }
            if (value < best && Integer.signum(value) == Integer.signum(wdl)) {
                best = value;
            }
            position.unmakeMove();
            if (failed) {
                stackTop = start;
                return 0;
            }
        }
        stackTop = start;
        return best == Integer.MAX_VALUE ? -1 : best;
    }

    /** The DTZ of a position whose best move zeroes the counter: one ply to it (101 when cursed). */
    private static int dtzBeforeZeroing(int wdl) {
        switch (wdl) {
            case WIN: return 1;
            case CURSED_WIN: return 101;
            case BLESSED_LOSS: return -101;
            case LOSS: return -1;
            default: return 0;
        }
    }

    private boolean hasLegalMove(Position position) {
        int start = stackTop;
        if (start + MoveGenerator.MAX_MOVES > moves.length) {
            return true;
        }
        return MoveGenerator.legalMoves(position, moves, start) > start;
    }

    private static boolean isCapture(Position position, int move) {
        int kind = Move.kind(move);
        return kind == Move.EN_PASSANT || (kind != Move.CASTLING && position.pieceAt(Move.to(move)) != Piece.NONE);
    }

    private static boolean isPawnMove(Position position, int move) {
        return Piece.type(position.pieceAt(Move.from(move))) == Piece.PAWN;
    }

    /**
     * Looks the position up in its table: a WDL value, or for {@code dtz} the stored distance for result
     * {@code wdl}. Sets {@link #failed} when the table is missing, {@link #otherSideStored} when the DTZ file holds
     * the other side to move.
     */
    private int probeTable(Position position, boolean dtz, int wdl) {
        long key = Material.keyOf(position);
        if (key == 0) {
            return DRAW; // two bare kings
        }
        TableEntry entry = tables.get(key);
        SyzygyTable table = entry == null ? null : dtz ? entry.dtz : entry.wdl;
        if (table == null || table.disabled()) {
            failed = true;
            return 0;
        }
        int sideToMove = position.sideToMove();
        // The table is named with its stronger side as White; a symmetric one stores White to move only.
        boolean swap = entry.symmetric ? sideToMove == Piece.BLACK : key != entry.key;
        int colorSwap = swap ? 1 : 0;
        int squareFlip = swap ? 56 : 0;
        int side = sideToMove ^ colorSwap;

        int count = 0;
        int file = 0;
        long leadPawns = 0;
        if (table.hasPawns) {
            leadPawns = position.pieces(table.leadColor ^ colorSwap, Piece.PAWN);
            for (long b = leadPawns; b != 0; b &= b - 1) {
                squares[count++] = Long.numberOfTrailingZeros(b) ^ squareFlip;
            }
            file = TableIndexing.leadingFile(squares, count);
        }
        if (dtz && (table.dtzFlags[file] & SyzygyTable.DTZ_STORED_SIDE) != side
                && !(entry.symmetric && !table.hasPawns)) {
            otherSideStored = true;
            return 0;
        }
        // The file is not trusted: whatever its bytes make of the index or the decoding, the table is put aside
        // and the probe fails, leaving the position as it was (nothing here makes a move).
        int value;
        try {
            TablePart part = table.parts[file][table.parts[file].length == 2 ? side : 0];
            int leadCount = count;
            for (long b = position.occupied() ^ leadPawns; b != 0; b &= b - 1) {
                int square = Long.numberOfTrailingZeros(b);
                int piece = position.pieceAt(square);
                squares[count] = square ^ squareFlip;
                codes[count++] = (Piece.type(piece) + 1) | (Piece.color(piece) ^ colorSwap) << 3;
            }
            // Put the pieces in the table's order.
            int[] order = part.pieces;
            for (int i = leadCount; i < count - 1; i++) {
                for (int j = i; j < count; j++) {
                    if (codes[j] == order[i]) {
                        int t = codes[i];
                        codes[i] = codes[j];
                        codes[j] = t;
                        t = squares[i];
                        squares[i] = squares[j];
                        squares[j] = t;
                        break;
                    }
                }
            }
            long index = table.hasPawns
                    ? TableIndexing.encodePawns(squares, count, leadCount, table.otherPawns, part.groupSize,
                            part.factor)
                    : TableIndexing.encodePieces(squares, count, part.groupSize, part.factor);
            value = part.decoder.valueAt(index);
        } catch (RuntimeException e) {
            disable(table, "cannot be read (" + e + ")");
            return 0;
        } catch (InternalError e) {
            // A read of a mapped file beyond its end (the JVM's answer to SIGBUS): a file was cut short after it was
            // opened. Left uncaught it would end the search thread. In compiled code the error can come after the
            // read, here in the probe of another table, so the files are told by their sizes, not by this probe.
            failed = true;
            putAsideCutFiles.run();
            return 0;
        }
        if (value < 0) {
            disable(table, PairsDecoder.describe(value));
            return 0;
        }
        if (!dtz) {
            return value - 2;
        }
        return dtzInPlies(table, file, value, wdl);
    }

    /** The stored DTZ through the file's value map, in plies, plus one (the stored value counts from zero). */
    private int dtzInPlies(SyzygyTable table, int file, int value, int wdl) {
        int flags = table.dtzFlags[file];
        if ((flags & SyzygyTable.DTZ_MAPPED) != 0) {
            int[] map = table.dtzMaps[file][wdl == WIN ? 0 : wdl == LOSS ? 1 : wdl == CURSED_WIN ? 2 : 3];
            if (value >= map.length) {
                disable(table, "stored DTZ value " + value + " is outside its value map");
                return 0;
            }
            value = map[value];
        }
        boolean inMoves = (wdl == WIN && (flags & SyzygyTable.DTZ_WIN_IN_PLIES) == 0)
                || (wdl == LOSS && (flags & SyzygyTable.DTZ_LOSS_IN_PLIES) == 0)
                || wdl == CURSED_WIN || wdl == BLESSED_LOSS;
        return (inMoves ? 2 * value : value) + 1;
    }

    /** Fails the probe and puts the corrupt table aside for good, saying so once. */
    private void disable(SyzygyTable table, String reason) {
        failed = true;
        putAside.accept(table, reason);
    }
}
