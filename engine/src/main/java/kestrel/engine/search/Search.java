package kestrel.engine.search;

import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;

/**
 * CONTRACT SKELETON, to be replaced by the real search. The public API below is the contract the UCI loop uses.
 */
public final class Search {
    private final TranspositionTable table;
    private final SearchListener listener;
    private volatile boolean stopped;

    public Search(TranspositionTable table, SearchListener listener) {
        this.table = table;
        this.listener = listener;
    }

    /**
     * Searches a copy of {@code position} within {@code limits}; blocks until done or stopped. Call from the search
     * thread. Returns Move.NONE as best move only when the position has no legal move.
     */
    public SearchResult run(Position position, SearchLimits limits) {
        stopped = false;
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        return new SearchResult(count == 0 ? 0 : moves[0], 0, 0, 0, 0);
    }

    /** Asks a running search to stop as soon as possible; safe from any thread. */
    public void stop() {
        stopped = true;
    }

    /** The opponent played the pondered move: from now on the search keeps to its clock. Any thread. */
    public void ponderHit() {
    }

    /** Nodes searched so far by the current or last search. */
    public long nodes() {
        return 0;
    }
}
