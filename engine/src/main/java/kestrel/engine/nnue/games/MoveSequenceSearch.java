package kestrel.engine.nnue.games;

import java.util.Arrays;
import kestrel.engine.CastlingRights;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Finds moves that lead from a position to the one a record holds, a given number of plies later: how a record
 * file's games are put back together when the positions between two records were not written (checks, captures,
 * mate scores). A depth-first search over legal moves, pruned by what the remaining moves can still change:
 *
 * <ul>
 *   <li>each square where the target has a piece of a side that is not there yet needs a piece of that side, of the
 *       target's type, to come there, in at least {@link MoveDistance} moves (or a pawn to promote); a side whose
 *       squares need more moves in all than it has left is lost (with castling still possible, only the count of
 *       such squares is held against its moves, plus one);</li>
 *   <li>pieces are never added, and each one too many takes a capture by the other side;</li>
 *   <li>the target's halfmove clock says which move was the last capture or pawn move, and that none came after.</li>
 * </ul>
 *
 * Positions already found not to lead to the target with so many plies left are remembered, and a search gives up
 * after a budget of nodes. One instance per thread.
 */
final class MoveSequenceSearch {
    /** The most plies searched between two records. */
    static final int MAX_PLIES = 40;
    private static final int MEMO_BITS = 16;
    private static final int MEMO_MASK = (1 << MEMO_BITS) - 1;

    private final int[][] moveLists = new int[MAX_PLIES][MoveGenerator.MAX_MOVES];
    private final int[] line = new int[MAX_PLIES];
    private final int[] ordered = new int[MoveGenerator.MAX_MOVES];
    private final int[] unordered = new int[MoveGenerator.MAX_MOVES];
    private final long[] targetPieces = new long[Piece.COUNT];
    private final long[] targetColors = new long[2];
    private final int[] targetBoard = new int[64];
    private final int[] squares = new int[64];
    private final int[] pieces = new int[64];
    private final byte[] encoded = new byte[TrainingRecord.BYTES];
    private byte[] target;
    private int targetOffset;
    private int targetHalfmove;
    private long nodes;
    private long budget;
    private boolean exhausted;
    /** Failed (position, plies left) keys, valid in the generation they were stored in: clearing is a counter. */
    private final long[] memoKeys = new long[1 << MEMO_BITS];
    private final int[] memoGenerations = new int[1 << MEMO_BITS];
    private int generation;
    private int memoSize;

    /**
     * Looks for {@code plies} moves from {@code position} to the record at {@code record[offset]}, within
     * {@code nodeBudget} nodes. Found: the position is left after them, they are in {@link #line()}, and the record
     * encoded from it with the target's score and result equals the target byte for byte. Not found: the position
     * is as it was.
     */
    boolean find(Position position, byte[] record, int offset, int plies, long nodeBudget) {
        if (plies < 1 || plies > MAX_PLIES) {
            return false;
        }
        target = record;
        targetOffset = offset;
        long occupancy = TrainingRecord.occupancy(record, offset);
        if (Long.bitCount(occupancy) > 32) {
            return false;
        }
        Arrays.fill(targetPieces, 0);
        targetColors[0] = 0;
        targetColors[1] = 0;
        Arrays.fill(targetBoard, Piece.NONE);
        int count = TrainingRecord.pieces(record, offset, squares, pieces);
        for (int i = 0; i < count; i++) {
            if (pieces[i] >= Piece.COUNT) {
                return false;
            }
            targetPieces[pieces[i]] |= 1L << squares[i];
            targetColors[Piece.color(pieces[i])] |= 1L << squares[i];
            targetBoard[squares[i]] = pieces[i];
        }
        targetHalfmove = TrainingRecord.halfmoveClock(record, offset);
        nodes = 0;
        budget = nodeBudget;
        exhausted = false;
        generation++;
        memoSize = 0;
        return reachable(position, plies) && search(position, 0, plies);
    }

    /** The moves found by the last successful {@link #find}. */
    int[] line() {
        return line;
    }

    /** Whether the last {@link #find} gave up for its budget rather than for want of a way. */
    boolean exhausted() {
        return exhausted;
    }

    private boolean search(Position position, int depth, int remaining) {
        if (remaining == 0) {
            return matchesTarget(position);
        }
        if (++nodes > budget) {
            exhausted = true;
            return false;
        }
        long memoKey = position.key() ^ remaining * 0x9E3779B97F4A7C15L
                ^ (long) position.halfmoveClock() * 0xC2B2AE3D27D4EB4FL;
        if (remembered(memoKey)) {
            return false;
        }
        // The halfmove clock of the target: the move after which it starts counting is a capture or pawn move, and
        // every move after that is neither (a clock at its cap, 255, says nothing).
        boolean clockKnown = targetHalfmove < 255;
        boolean mustReset = clockKnown && remaining == targetHalfmove + 1;
        boolean mayNotReset = clockKnown && remaining <= targetHalfmove;
        int[] moves = moveLists[depth];
        int count = order(position, moves, MoveGenerator.legalMoves(position, moves, 0));
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            boolean resets = Piece.type(position.pieceAt(Move.from(move))) == Piece.PAWN
                    || (!Move.isCastling(move) && position.pieceAt(Move.to(move)) != Piece.NONE);
            if (mustReset && !resets || mayNotReset && resets) {
                continue;
            }
            position.makeMove(move);
            if (reachable(position, remaining - 1) && search(position, depth + 1, remaining - 1)) {
                line[depth] = move;
                return true;
            }
            position.unmakeMove();
            if (exhausted) {
                return false;
            }
        }
        remember(memoKey);
        return false;
    }

    /**
     * Puts first the moves that bring a piece to a square where the target has it, then captures (the gaps between
     * records are mostly exchanges), then the rest, each group in generation order; returns {@code count}.
     */
    private int order(Position position, int[] moves, int count) {
        int front = 0;
        int captures = 0;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            int to = Move.isCastling(move) ? Move.castlingKingTarget(Move.from(move), Move.to(move)) : Move.to(move);
            int piece = Move.isPromotion(move) ? Piece.of(position.sideToMove(), Move.promotionType(move))
                    : position.pieceAt(Move.from(move));
            int rank = targetBoard[to] == piece ? 0
                    : !Move.isCastling(move) && position.pieceAt(Move.to(move)) != Piece.NONE ? 1 : 2;
            ordered[i] = rank << 16 | i;
            front += rank == 0 ? 1 : 0;
            captures += rank == 1 ? 1 : 0;
        }
        if (front == 0 && captures == 0) {
            return count;
        }
        Arrays.sort(ordered, 0, count);
        for (int i = 0; i < count; i++) {
            unordered[i] = moves[ordered[i] & 0xFFFF];
        }
        System.arraycopy(unordered, 0, moves, 0, count);
        return count;
    }

    /** False when {@code remaining} plies cannot turn {@code position} into the target (the bounds above). */
    private boolean reachable(Position position, int remaining) {
        int us = position.sideToMove();
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            long matched = 0;
            for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                matched |= targetPieces[Piece.of(color, type)] & position.pieces(color, type);
            }
            int ownMoves = color == us ? (remaining + 1) / 2 : remaining / 2;
            long wrong = targetColors[color] & ~matched;
            if ((position.castlingRights() & CastlingRights.of(color)) != 0) {
                // Castling moves king and rook at once: only the plain count holds.
                if (Long.bitCount(wrong) > ownMoves + 1) {
                    return false;
                }
            } else if (movesToFill(position, color, wrong, position.piecesOfColor(color) & ~matched) > ownMoves) {
                return false;
            }
            int surplus = Long.bitCount(position.piecesOfColor(color)) - Long.bitCount(targetColors[color]);
            int otherMoves = remaining - ownMoves;
            if (surplus < 0 || surplus > otherMoves) {
                return false;
            }
        }
        return targetHalfmove == 255 || remaining > targetHalfmove
                || position.halfmoveClock() + remaining == targetHalfmove;
    }

    /**
     * A lower bound on the moves {@code color} needs to fill its {@code wrong} squares: for each, the fewest moves
     * any of its {@code misplaced} pieces of the target's type needs to get there (1 for a piece a misplaced pawn
     * may promote to). A piece on a right square that moved on would leave its square to be filled in turn, which by
     * the triangle inequality costs at least as much. Summed over the squares, each filled by a piece of its own.
     */
    private int movesToFill(Position position, int color, long wrong, long misplaced) {
        boolean pawnsMayPromote = (misplaced & position.pieces(color, Piece.PAWN)) != 0;
        int needed = 0;
        for (long rest = wrong; rest != 0; rest &= rest - 1) {
            int square = Long.numberOfTrailingZeros(rest);
            int type = Piece.type(targetBoard[square]);
            int fewest = pawnsMayPromote && type != Piece.PAWN && type != Piece.KING ? 1 : MoveDistance.NEVER;
            for (long pieces = misplaced & position.pieces(color, type); pieces != 0 && fewest > 1;
                    pieces &= pieces - 1) {
                fewest = Math.min(fewest, MoveDistance.of(type, color, Long.numberOfTrailingZeros(pieces), square));
            }
            needed += fewest;
        }
        return needed;
    }

    private boolean matchesTarget(Position position) {
        int result = TrainingRecord.result(target, targetOffset);
        if (result < TrainingRecord.BLACK_WIN || result > TrainingRecord.WHITE_WIN) {
            return false;
        }
        TrainingRecord.encode(position, TrainingRecord.whiteScore(target, targetOffset), result, encoded, 0);
        return Arrays.equals(encoded, 0, TrainingRecord.BYTES, target, targetOffset,
                targetOffset + TrainingRecord.BYTES);
    }

    private boolean remembered(long key) {
        for (int probe = 0, slot = (int) (key ^ key >>> 32) & MEMO_MASK; probe < 8; probe++, slot = slot + 1 & MEMO_MASK) {
            if (memoGenerations[slot] != generation) {
                return false;
            }
            if (memoKeys[slot] == key) {
                return true;
            }
        }
        return false;
    }

    private void remember(long key) {
        if (memoSize > MEMO_MASK / 2) {
            return;
        }
        for (int probe = 0, slot = (int) (key ^ key >>> 32) & MEMO_MASK; probe < 8; probe++, slot = slot + 1 & MEMO_MASK) {
            if (memoGenerations[slot] != generation) {
                memoGenerations[slot] = generation;
                memoKeys[slot] = key;
                memoSize++;
                return;
            }
        }
    }
}
