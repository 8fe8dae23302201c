package kestrel.engine.search;

import java.util.Arrays;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * What one search thread has learnt about quiet moves, for ordering, reducing and pruning them: the killers of each
 * ply (quiet moves that caused a cut-off there, forgotten at each search), the counter move to each previous move,
 * and the butterfly history (a score per side, from and to square, raised when a quiet move causes a cut-off and
 * lowered for the quiet moves tried before it). The butterfly score is kept apart by threat: whether the opponent
 * attacks the move's origin and whether it attacks its destination (after Ethereal), since a move that escapes an
 * attack or walks into one is a different move from the same one in peace. Counters and history are kept from move
 * to move of a game: what refuted what stays mostly true a move later. A new game forgets them ({@link #clear}).
 *
 * <p>Two more tables learn what works in context: continuation history, how a quiet move (its piece and destination)
 * fared right after a given move one or two plies before (the opponent's last move, our own previous one), and
 * capture history, how a capture (piece, destination, captured type) fared.
 *
 * <p>History scores move by "gravity": {@code h += bonus - h * |bonus| / MAX}, which keeps them within
 * {@code ±MAX} without any rescaling pass and lets recent results outweigh old ones. The bonus grows about linearly
 * with depth up to an eighth of the bound, so a few deep cut-offs move a score across much of its range. Since no
 * bonus exceeds {@code MAX}, no score does either, and the tables hold them as 16-bit values: half the memory (the
 * continuation table 1.2 MB instead of 2.4), which the processor's caches keep better, for the same scores.
 */
final class History {
    /** The bound of a history score. */
    public static final int MAX = 16_384;
    /** The butterfly nudge a centipawn of static-evaluation swing gives a quiet move, and its bound. */
    private static final int SWING_PER_CENTIPAWN = 24;
    private static final int MAX_SWING_BONUS = MAX / 8;

    /** Pieces times squares: the (piece, destination) of a move, {@code piece * 64 + to}. */
    static final int PIECE_SQUARES = Piece.COUNT * 64;
    /** No move one or two plies back (the start of the history, or a null move). */
    static final int NO_CONTEXT = -1;

    /** By side, whether the origin is attacked, whether the destination is, then from and to square. */
    private final short[] butterfly = new short[2 * 2 * 2 * 64 * 64];
    /** By the (piece, destination) of the move before, then of the move now. */
    private final short[] continuation = new short[PIECE_SQUARES * PIECE_SQUARES];
    /** By the (piece, destination) of a capture, then the type it captures. */
    private final short[] captures = new short[PIECE_SQUARES * Piece.TYPE_COUNT];
    private final int[][] killers;
    /** Indexed by the previous move's from and to squares. */
    private final int[] counters = new int[64 * 64];

    History(int maxPly) {
        killers = new int[maxPly + 1][2];
    }

    /** Forgets everything, for a new game. */
    void clear() {
        Arrays.fill(butterfly, (short) 0);
        Arrays.fill(continuation, (short) 0);
        Arrays.fill(captures, (short) 0);
        Arrays.fill(counters, Move.NONE);
        clearKillers();
    }

    /** Forgets the killers of every ply, for a new search: the plies of the last one are two moves ago. */
    void clearKillers() {
        for (int[] pair : killers) {
            pair[0] = Move.NONE;
            pair[1] = Move.NONE;
        }
    }

    /** The history change for a cut-off at {@code depth}: the bonus of the move, the penalty of those before it. */
    static int bonus(int depth) {
        return Math.min(SearchParameters.HISTORY_MAX_BONUS.value,
                SearchParameters.HISTORY_BONUS_PER_DEPTH.value * depth - SearchParameters.HISTORY_BONUS_OFFSET.value);
    }

    /** The (piece, destination) of {@code move} in {@code position}, before it is made. */
    static int pieceTo(Position position, int move) {
        return position.pieceAt(Move.from(move)) * 64 + Move.to(move);
    }

    /** The (piece, destination) of the move made {@code back} plies before {@code position}, or {@link #NO_CONTEXT}. */
    static int context(Position position, int back) {
        int ply = position.ply() - back;
        if (ply < 0 || position.moveAt(ply) == Move.NONE) {
            return NO_CONTEXT;
        }
        return position.movedPieceAt(ply) * 64 + Move.to(position.moveAt(ply));
    }

    /**
     * A quiet move's history in its context: the butterfly score under the opponent's attacks {@code threats} plus
     * the continuation scores after the moves one ({@code context1}) and two ({@code context2}) plies before. Within
     * ±3 {@link #MAX}.
     */
    int quietScore(int color, int move, int pieceTo, int context1, int context2, long threats) {
        int score = butterfly[index(color, move, threats)];
        if (context1 != NO_CONTEXT) {
            score += continuation[context1 * PIECE_SQUARES + pieceTo];
        }
        if (context2 != NO_CONTEXT) {
            score += continuation[context2 * PIECE_SQUARES + pieceTo];
        }
        return score;
    }

    /** A capture's history: how taking a {@code capturedType} with this (piece, destination) fared. */
    int captureScore(int pieceTo, int capturedType) {
        return captures[captureIndex(pieceTo, capturedType)];
    }

    /**
     * A capture caused a cut-off at {@code depth}: its capture history rises and that of the captures tried before
     * it ({@code tried[0..triedCount)}, each packed as {@code pieceTo * TYPE_COUNT + capturedType}) falls.
     */
    void onCaptureCutoff(int captureIndex, int depth, int[] tried, int triedCount) {
        int bonus = bonus(depth);
        update(captures, captureIndex, bonus);
        for (int i = 0; i < triedCount; i++) {
            update(captures, tried[i], -bonus);
        }
    }

    /** The index of a capture in the capture history, as {@link #onCaptureCutoff} takes it. */
    static int captureIndex(int pieceTo, int capturedType) {
        return pieceTo * Piece.TYPE_COUNT + capturedType;
    }

    int firstKiller(int ply) {
        return killers[ply][0];
    }

    int secondKiller(int ply) {
        return killers[ply][1];
    }

    /** The quiet move that last refuted {@code previousMove}, or Move.NONE. */
    int counter(int previousMove) {
        return previousMove == Move.NONE ? Move.NONE : counters[previousMove & 0xFFF];
    }

    /** Clears the killers of a ply, so the children of a new node do not inherit their cousins' killers. */
    void clearKillers(int ply) {
        killers[ply][0] = Move.NONE;
        killers[ply][1] = Move.NONE;
    }

    /**
     * A quiet move caused a cut-off at {@code depth}, where the opponent attacks {@code threats}: it becomes a killer
     * and the counter to the previous move, its history rises, and the history of the quiet moves tried before it
     * ({@code tried[0..triedCount)}) falls.
     */
    void onQuietCutoff(int color, int move, int ply, int depth, int previousMove, int[] tried, int triedCount,
                       Position position, int context1, int context2, long threats) {
        if (killers[ply][0] != move) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = move;
        }
        if (previousMove != Move.NONE) {
            counters[previousMove & 0xFFF] = move;
        }
        int bonus = bonus(depth);
        updateQuiet(color, move, bonus, position, context1, context2, threats);
        for (int i = 0; i < triedCount; i++) {
            updateQuiet(color, tried[i], -bonus, position, context1, context2, threats);
        }
    }

    /**
     * The node after the quiet move {@code move} (of {@code color}, already made: {@code pieceTo} is its piece and
     * destination, {@code context1} and {@code context2} the moves one and two plies before it, {@code threats} the
     * attacks it was made under) failed low at {@code depth}: none of our replies reached alpha, so the move refuted
     * the node above. It gains as if it had caused the cut-off there, which it did.
     */
    void onPriorQuietRefutation(int color, int move, int pieceTo, int depth, int context1, int context2,
                                long threats) {
        updateQuietAt(color, move, pieceTo, bonus(depth), context1, context2, threats);
    }

    /**
     * The quiet move {@code move} of {@code color}, made under the opponent's attacks {@code threats}, changed the
     * static evaluation by {@code swing} (in its mover's favour, centipawns): a move that improves the evaluation is
     * likely a good one to try early, whatever the search below it finds. A small butterfly nudge,
     * {@link #SWING_PER_CENTIPAWN} a centipawn within ±{@link #MAX_SWING_BONUS}.
     */
    void onEvaluationSwing(int color, int move, int swing, long threats) {
        int bonus = Math.max(-MAX_SWING_BONUS, Math.min(MAX_SWING_BONUS, SWING_PER_CENTIPAWN * swing));
        update(butterfly, index(color, move, threats), bonus);
    }

    private void updateQuiet(int color, int move, int bonus, Position position, int context1, int context2,
                             long threats) {
        updateQuietAt(color, move, pieceTo(position, move), bonus, context1, context2, threats);
    }

    private void updateQuietAt(int color, int move, int pieceTo, int bonus, int context1, int context2,
                               long threats) {
        update(butterfly, index(color, move, threats), bonus);
        if (context1 != NO_CONTEXT) {
            update(continuation, context1 * PIECE_SQUARES + pieceTo, bonus);
        }
        if (context2 != NO_CONTEXT) {
            update(continuation, context2 * PIECE_SQUARES + pieceTo, bonus);
        }
    }

    private static void update(short[] table, int index, int bonus) {
        table[index] += bonus - table[index] * Math.abs(bonus) / MAX;
    }

    private static int index(int color, int move, long threats) {
        // The low 12 bits of a move are its from and to squares.
        int fromAttacked = (int) (threats >>> Move.from(move)) & 1;
        int toAttacked = (int) (threats >>> Move.to(move)) & 1;
        return color << 14 | fromAttacked << 13 | toAttacked << 12 | (move & 0xFFF);
    }
}
