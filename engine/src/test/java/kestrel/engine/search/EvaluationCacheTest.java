package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.eval.Evaluator;
import org.junit.jupiter.api.Test;

/** The cache of static evaluations: exact hits on the whole key, and a search that evaluates each position once. */
class EvaluationCacheTest {
    private static final long KEY = 0x9D39_247E_3377_6D41L;
    private static final String MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8";

    @Test
    void answersWhatWasStoredUnderTheSameKey() {
        EvaluationCache cache = new EvaluationCache();
        assertEquals(EvaluationCache.MISS, cache.probe(KEY));
        for (int evaluation : new int[] {0, 37, -37, Score.TABLEBASE_WIN_BOUND - 1, -Score.TABLEBASE_WIN_BOUND + 1}) {
            cache.store(KEY, evaluation);
            assertEquals(evaluation, cache.probe(KEY));
        }
    }

    @Test
    void anotherKeyMissesInTheSameSlotOrAnother() {
        EvaluationCache cache = new EvaluationCache();
        cache.store(KEY, 120);
        // The same slot (low bits) under other upper bits, and the same upper bits in another slot.
        assertEquals(EvaluationCache.MISS, cache.probe(KEY ^ (1L << 40)));
        assertEquals(EvaluationCache.MISS, cache.probe(KEY ^ (1L << 63)));
        assertEquals(EvaluationCache.MISS, cache.probe(KEY ^ 1L));
        // A key sharing the slot takes it over.
        cache.store(KEY ^ (1L << 40), -5);
        assertEquals(-5, cache.probe(KEY ^ (1L << 40)));
        assertEquals(EvaluationCache.MISS, cache.probe(KEY));
    }

    @Test
    void clearForgetsEverything() {
        EvaluationCache cache = new EvaluationCache();
        cache.store(KEY, 55);
        cache.clear();
        assertEquals(EvaluationCache.MISS, cache.probe(KEY));
    }

    @Test
    void aSearchRepeatedFromScratchFindsItsEvaluationsCachedAndSearchesTheSameTree() {
        CountingChoice counting = new CountingChoice();
        TranspositionTable table = new TranspositionTable(4);
        Search search = new Search(table, SearchListener.SILENT);
        Position position = Fen.parse(MIDDLEGAME);

        SearchResult first = search.run(position, new SearchLimits().depth(7), counting);
        long firstCalls = counting.calls;
        // The same search again, with nothing learnt kept but the cache: the same tree, evaluated from the cache.
        table.clear();
        search.clearHistory();
        counting.calls = 0;
        SearchResult second = search.run(position, new SearchLimits().depth(7), counting);

        assertEquals(first.nodes(), second.nodes());
        assertEquals(first.bestMove(), second.bestMove());
        assertEquals(first.score(), second.score());
        assertTrue(firstCalls > 1_000, "the first search evaluated " + firstCalls + " times");
        // A few slots are shared by two positions of the tree and evaluated again.
        assertTrue(counting.calls < firstCalls / 10, "evaluated " + counting.calls + " times, then " + firstCalls);
    }

    /** The handcrafted evaluation, counting the calls of every evaluator it makes. */
    private static final class CountingChoice implements EvaluationChoice {
        long calls;

        @Override
        public Evaluator newEvaluator() {
            Evaluator inner = HANDCRAFTED.newEvaluator();
            return new Evaluator() {
                @Override
                public void startSearch(Position root) {
                    inner.startSearch(root);
                }

                @Override
                public int evaluate(Position position) {
                    calls++;
                    return inner.evaluate(position);
                }

                @Override
                public int evaluateWithMatingMaterial(Position position) {
                    calls++;
                    return inner.evaluateWithMatingMaterial(position);
                }
            };
        }

        @Override
        public String describe() {
            return "counting handcrafted evaluation";
        }
    }
}
