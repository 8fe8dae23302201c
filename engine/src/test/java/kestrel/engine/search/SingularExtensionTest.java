package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static kestrel.engine.search.SearchTesting.isLegal;
import static kestrel.engine.search.SearchTesting.move;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/**
 * Singular extensions (step 11 of the search): the search with them still finds what it must, and a node whose table
 * move is its only legal move (the singular search then has no move left to search) keeps its true score. Each of
 * these positions was checked, when the test was written, to reach that case several times at the depth searched.
 */
class SingularExtensionTest {
    /** Black mates in 3 with the bishop sacrifice Bc5+: the forcing line is what a singular extension deepens. */
    private static final String BISHOP_SACRIFICE_MATE =
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
    /** White, a queen and two rooks down, checks forever; Black's king has one or two squares each time. */
    private static final String PERPETUAL = "6k1/rr3p1p/8/8/8/8/q2Q1PPP/6K1 w - - 0 1";
    /** Black is in check with one legal move (Kh7) and stays far ahead after it. */
    private static final String ONLY_MOVE = "4Q1k1/5pp1/8/8/8/rr6/q4PPP/6K1 b - - 0 1";

    private static SearchResult search(String fen, int depth, SearchTesting.Recorder recorder) {
        return new Search(new TranspositionTable(4), recorder).run(Fen.parse(fen), new SearchLimits().depth(depth),
                HANDCRAFTED);
    }

    @Test
    void findsTheBishopSacrificeMateAndKeepsItsScoreFromThenOn() {
        // When singular extensions came, they made this search see the mate from depth 8 instead of 12. The fail-low
        // lesson, the evaluation-swing nudge and the deeper re-search (together, not each alone) changed the order
        // so that it is seen from depth 11, with or without them; the depth here leaves one iteration after that.
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        SearchResult result = search(BISHOP_SACRIFICE_MATE, 12, recorder);
        assertEquals(move(BISHOP_SACRIFICE_MATE, "f8c5"), result.bestMove());
        assertEquals(Score.mateIn(5), result.score());
        // Once found, no deeper iteration loses the mate or lengthens it.
        boolean found = false;
        for (int depth = 1; depth <= 12; depth++) {
            List<SearchInfo> infos = recorder.exactAtDepth(depth);
            assertEquals(1, infos.size(), "depth " + depth);
            found |= infos.get(0).score() == Score.mateIn(5);
            if (found) {
                assertEquals(Score.mateIn(5), infos.get(0).score(), "depth " + depth);
            }
        }
    }

    @Test
    void aPerpetualThroughOnlyMovesIsADrawAtEveryDepth() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        SearchResult result = search(PERPETUAL, 14, recorder);
        assertEquals(Score.DRAW, result.score());
        Position position = Fen.parse(PERPETUAL);
        assertTrue(isLegal(position, result.bestMove()));
        position.makeMove(result.bestMove());
        assertTrue(position.inCheck(), "the draw is by checks");
        // From the depth that first sees the repetition on, every iteration scores it exactly.
        for (int depth = 6; depth <= 14; depth++) {
            assertEquals(Score.DRAW, recorder.exactAtDepth(depth).get(0).score(), "depth " + depth);
        }
    }

    @Test
    void anOnlyMoveRootIsPlayedWithTheScoreOfItsLastIteration() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        SearchResult result = search(ONLY_MOVE, 12, recorder);
        assertEquals(move(ONLY_MOVE, "g8h7"), result.bestMove());
        assertEquals(recorder.exactAtDepth(12).get(0).score(), result.score());
        // Two rooks up against nothing: neither a mate (nor a mated score from a singular search left without
        // moves) nor anything near equal.
        assertFalse(Score.isDecisive(result.score()), Score.toUci(result.score()));
        assertTrue(result.score() > 500, Score.toUci(result.score()));
        for (int depth = 6; depth <= 12; depth++) {
            int score = recorder.exactAtDepth(depth).get(0).score();
            assertTrue(score > 500 && !Score.isDecisive(score), "depth " + depth + ": " + Score.toUci(score));
        }
    }
}
