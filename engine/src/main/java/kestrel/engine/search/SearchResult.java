package kestrel.engine.search;

/**
 * What a finished search returns: the move to play (Move.NONE only when there is no legal move), the expected
 * reply to ponder on (Move.NONE when unknown), the score and depth of the last completed iteration, the nodes, and
 * the successful endgame-table probes.
 */
public record SearchResult(int bestMove, int ponderMove, int score, int depth, long nodes, long tablebaseHits) {

    /** A result without endgame-table probes. */
    public SearchResult(int bestMove, int ponderMove, int score, int depth, long nodes) {
        this(bestMove, ponderMove, score, depth, nodes, 0);
    }
}
