package kestrel.engine.search;

/**
 * One line of search progress, as UCI's {@code info} reports it: sent after each completed iteration for each
 * principal variation, and when an aspiration window fails.
 *
 * @param depth          nominal depth of the iteration
 * @param selectiveDepth deepest ply reached, quiescence included
 * @param multiPv        1-based index of the line (1 unless MultiPV is above 1)
 * @param score          centipawns or mate distance, side to move's view (see {@link Score})
 * @param bound          EXACT, or LOWER/UPPER when the aspiration window failed
 * @param nodes          nodes searched so far in this search
 * @param elapsedMillis  time since the search started
 * @param hashfull       transposition-table fill in per mille
 * @param pv             the principal variation, first move first
 * @param tablebaseHits  successful endgame-table probes so far in this search
 */
public record SearchInfo(int depth, int selectiveDepth, int multiPv, int score, Bound bound, long nodes,
                         long elapsedMillis, int hashfull, int[] pv, long tablebaseHits) {

    /** A report of a search without endgame tables. */
    public SearchInfo(int depth, int selectiveDepth, int multiPv, int score, Bound bound, long nodes,
                      long elapsedMillis, int hashfull, int[] pv) {
        this(depth, selectiveDepth, multiPv, score, bound, nodes, elapsedMillis, hashfull, pv, 0);
    }

    /** Nodes per second, 0 before the first millisecond. */
    public long nodesPerSecond() {
        return elapsedMillis <= 0 ? 0 : nodes * 1000 / elapsedMillis;
    }
}
