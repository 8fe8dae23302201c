package kestrel.engine.search;

import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;

/**
 * The moves of the root with what the iterations learnt about each: score, principal variation, and the nodes its
 * subtree took in the current iteration (a good guess of how hard it is to refute, used to order the next one, and
 * the best move's share of them tells the time manager how clear the choice was).
 *
 * <p>The list is kept in search order. Index 0 always holds the move to play: an iteration moves a root move to the
 * front only once its search has completed and beaten every move before it, so a search stopped half-way through an
 * iteration plays the previous iteration's move unless a fully searched one has proven better. With MultiPV, index
 * {@code i} holds line {@code i + 1} in the same way.
 */
final class RootMoves {
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] scores = new int[MoveGenerator.MAX_MOVES];
    private final long[] nodes = new long[MoveGenerator.MAX_MOVES];
    private final int[][] pvs = new int[MoveGenerator.MAX_MOVES][Score.MAX_PLY + 1];
    private final int[] pvLengths = new int[MoveGenerator.MAX_MOVES];
    private int count;

    void clear() {
        count = 0;
    }

    /** Appends a move, in the order the first iteration should search them. */
    void add(int move) {
        moves[count] = move;
        scores[count] = -Score.INFINITE;
        nodes[count] = 0;
        pvs[count][0] = move;
        pvLengths[count] = 1;
        count++;
    }

    int count() {
        return count;
    }

    boolean contains(int move) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }

    /** Takes {@code move} off the list, keeping the order of the others (at the root, before the first iteration). */
    void remove(int move) {
        int[] others = new int[count];
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (moves[i] != move) {
                others[kept++] = moves[i];
            }
        }
        clear();
        for (int i = 0; i < kept; i++) {
            add(others[i]);
        }
    }

    int move(int index) {
        return moves[index];
    }

    int score(int index) {
        return scores[index];
    }

    /** The principal variation of the move at {@code index}, a fresh array (for reports, not for the search). */
    int[] pv(int index) {
        int[] line = new int[pvLengths[index]];
        System.arraycopy(pvs[index], 0, line, 0, line.length);
        return line;
    }

    /** The second move of the principal variation (the expected reply), or Move.NONE. */
    int reply(int index) {
        return pvLengths[index] > 1 ? pvs[index][1] : Move.NONE;
    }

    void addNodes(int index, long count) {
        nodes[index] += count;
    }

    /** The nodes the subtree of the move at {@code index} took in the current iteration. */
    long nodes(int index) {
        return nodes[index];
    }

    /** The nodes the subtrees of all root moves took in the current iteration. */
    long totalNodes() {
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += nodes[i];
        }
        return total;
    }

    void resetNodes() {
        for (int i = 0; i < count; i++) {
            nodes[i] = 0;
        }
    }

    /**
     * The move at {@code index} beat the moves at {@code target .. index - 1}: it takes {@code target}, with its
     * score and the line {@code move, childPv[childStart .. childEnd)}; the others slide down by one.
     */
    void promote(int index, int target, int score, int[] childPv, int childStart, int childEnd) {
        int move = moves[index];
        long moveNodes = nodes[index];
        int[] line = pvs[index];
        for (int i = index; i > target; i--) {
            moves[i] = moves[i - 1];
            scores[i] = scores[i - 1];
            nodes[i] = nodes[i - 1];
            pvs[i] = pvs[i - 1];
            pvLengths[i] = pvLengths[i - 1];
        }
        moves[target] = move;
        scores[target] = score;
        nodes[target] = moveNodes;
        pvs[target] = line;
        line[0] = move;
        int length = Math.min(childEnd - childStart, line.length - 1);
        if (length > 0) {
            System.arraycopy(childPv, childStart, line, 1, length);
        }
        pvLengths[target] = 1 + Math.max(0, length);
    }

    /** Sorts the first {@code lines} moves by score, best first, keeping the order of equal scores. */
    void sortLines(int lines) {
        for (int i = 1; i < lines; i++) {
            for (int j = i; j > 0 && scores[j] > scores[j - 1]; j--) {
                swap(j, j - 1);
            }
        }
    }

    /** Sorts the moves from {@code start} by the nodes their subtrees took, most first (hardest to refute). */
    void sortByNodes(int start) {
        for (int i = start + 1; i < count; i++) {
            for (int j = i; j > start && nodes[j] > nodes[j - 1]; j--) {
                swap(j, j - 1);
            }
        }
    }

    private void swap(int a, int b) {
        int move = moves[a];
        moves[a] = moves[b];
        moves[b] = move;
        int score = scores[a];
        scores[a] = scores[b];
        scores[b] = score;
        long subtree = nodes[a];
        nodes[a] = nodes[b];
        nodes[b] = subtree;
        int[] line = pvs[a];
        pvs[a] = pvs[b];
        pvs[b] = line;
        int length = pvLengths[a];
        pvLengths[a] = pvLengths[b];
        pvLengths[b] = length;
    }
}
