package kestrel.engine.search;

import java.util.Arrays;
import kestrel.engine.Move;

/**
 * What one search thread has learnt about quiet moves, for ordering, reducing and pruning them: the killers of each
 * ply (quiet moves that caused a cut-off there, forgotten at each search), the counter move to each previous move,
 * and the butterfly history (a score per side, from and to square, raised when a quiet move causes a cut-off and
 * lowered for the quiet moves tried before it). Counters and history are kept from move to move of a game: what
 * refuted what stays mostly true a move later. A new game forgets them ({@link #clear}).
 *
 * <p>History scores move by "gravity": {@code h += bonus - h * |bonus| / MAX}, which keeps them within
 * {@code ±MAX} without any rescaling pass and lets recent results outweigh old ones. The bonus grows about linearly
 * with depth up to an eighth of the bound, so a few deep cut-offs move a score across much of its range.
 */
final class History {
    /** The bound of a history score. */
    public static final int MAX = 16_384;
    private static final int BONUS_PER_DEPTH = 280;
    private static final int BONUS_OFFSET = 150;
    private static final int MAX_BONUS = MAX / 8;

    private final int[] butterfly = new int[2 * 64 * 64];
    private final int[][] killers;
    /** Indexed by the previous move's from and to squares. */
    private final int[] counters = new int[64 * 64];

    History(int maxPly) {
        killers = new int[maxPly + 1][2];
    }

    /** Forgets everything, for a new game. */
    void clear() {
        Arrays.fill(butterfly, 0);
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
        return Math.min(MAX_BONUS, BONUS_PER_DEPTH * depth - BONUS_OFFSET);
    }

    int score(int color, int move) {
        return butterfly[index(color, move)];
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
     * A quiet move caused a cut-off at {@code depth}: it becomes a killer and the counter to the previous move, its
     * history rises, and the history of the quiet moves tried before it ({@code tried[0..triedCount)}) falls.
     */
    void onQuietCutoff(int color, int move, int ply, int depth, int previousMove, int[] tried, int triedCount) {
        if (killers[ply][0] != move) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = move;
        }
        if (previousMove != Move.NONE) {
            counters[previousMove & 0xFFF] = move;
        }
        int bonus = bonus(depth);
        update(index(color, move), bonus);
        for (int i = 0; i < triedCount; i++) {
            update(index(color, tried[i]), -bonus);
        }
    }

    private void update(int index, int bonus) {
        butterfly[index] += bonus - butterfly[index] * Math.abs(bonus) / MAX;
    }

    private static int index(int color, int move) {
        // The low 12 bits of a move are its from and to squares.
        return color << 12 | (move & 0xFFF);
    }
}
