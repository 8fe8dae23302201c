package kestrel.perft;

import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;

/**
 * Counts the leaves of the legal move tree to a fixed depth. The last ply is bulk-counted: the number of legal
 * moves is the number of leaves below, so no move is made there. Move lists are preallocated per ply.
 */
public final class Perft {
    private static final int MAX_DEPTH = 64;

    private final int[][] moves = new int[MAX_DEPTH][MoveGenerator.MAX_MOVES];

    /** Leaf count of {@code position} at {@code depth}; the position is left as it was. */
    public long count(Position position, int depth) {
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be 0.." + MAX_DEPTH + ", not " + depth);
        }
        return depth == 0 ? 1 : countBelow(position, depth, 0);
    }

    private long countBelow(Position position, int depth, int ply) {
        int[] list = moves[ply];
        int end = MoveGenerator.legalMoves(position, list, 0);
        if (depth == 1) {
            return end;
        }
        long nodes = 0;
        for (int i = 0; i < end; i++) {
            position.makeMove(list[i]);
            nodes += countBelow(position, depth - 1, ply + 1);
            position.unmakeMove();
        }
        return nodes;
    }
}
