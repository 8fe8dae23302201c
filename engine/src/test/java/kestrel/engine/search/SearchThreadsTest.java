package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static kestrel.engine.search.SearchTesting.isLegal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import org.junit.jupiter.api.Test;

/** Lazy SMP: several searches of one position over one table. */
class SearchThreadsTest {
    private static final String MIDDLEGAME = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";

    @Test
    void oneThreadSearchesNodeForNodeAsASingleSearch() {
        SearchResult single = new Search(new TranspositionTable(4), SearchListener.SILENT)
                .run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(7), HANDCRAFTED);
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 1)) {
            SearchResult threaded = threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(7),
                    new SearchControl(), HANDCRAFTED);
            assertEquals(single, threaded);
        }
    }

    @Test
    void severalThreadsFindALegalMoveAtTheDepthAsked() {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 3)) {
            for (int run = 0; run < 5; run++) {
                SearchResult result = threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(6),
                        new SearchControl(), HANDCRAFTED);
                assertTrue(isLegal(Fen.parse(MIDDLEGAME), result.bestMove()));
                assertEquals(6, result.depth());
            }
        }
    }

    @Test
    void searchesThatEndAtOnceLeaveTheHelpersReadyForTheNext() {
        String mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 4)) {
            for (int run = 0; run < 50; run++) {
                // The main thread may be done before a helper has even started; it takes the helper's task back.
                assertEquals(Move.NONE, threads.run(Fen.parse(mated), new SearchLimits().depth(5),
                        new SearchControl(), HANDCRAFTED).bestMove());
            }
            assertEquals(5, threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(5), new SearchControl(), HANDCRAFTED)
                    .depth());
        }
    }

    @Test
    void aShortClockSearchesOnTheMainThreadAlone() {
        // 300 ms on the clock: a hard limit well below SearchThreads.PARALLEL_MIN_MILLIS, so no helper is woken; the
        // nodes are then those of one search, run for run (depth 2 ends long before the limit).
        SearchLimits limits = new SearchLimits().depth(2).whiteTime(300).blackTime(300).whiteIncrement(10)
                .blackIncrement(10).moveOverhead(50);
        assertTrue(new TimeManager(limits, kestrel.engine.Piece.WHITE, 0, 0).hardLimitMillis()
                < SearchThreads.PARALLEL_MIN_MILLIS);
        long single = new Search(new TranspositionTable(4), SearchListener.SILENT)
                .run(Fen.parse(MIDDLEGAME), limits, HANDCRAFTED).nodes();
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 4)) {
            for (int run = 0; run < 20; run++) {
                threads.clearTable();
                threads.clearHistory();
                assertEquals(single, threads.run(Fen.parse(MIDDLEGAME), limits, new SearchControl(), HANDCRAFTED)
                        .nodes(), "run " + run);
            }
        }
    }

    @Test
    void theNodesOfAllThreadsAreCounted() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), recorder, 3)) {
            SearchControl control = new SearchControl();
            SearchResult result = threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(8), control, HANDCRAFTED);
            assertEquals(control.nodes(), result.nodes());
            // The reports count the helpers' nodes too, as far as they were known then: never above the total.
            long lastReported = recorder.infos.get(recorder.infos.size() - 1).nodes();
            assertTrue(lastReported <= result.nodes(), lastReported + " > " + result.nodes());
        }
    }

    @Test
    void aNodeLimitCountsTheNodesOfAllThreads() {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 3)) {
            long limit = 50_000;
            SearchResult result = threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().nodes(limit),
                    new SearchControl(), HANDCRAFTED);
            assertTrue(result.nodes() >= limit, "nodes " + result.nodes());
            // Each thread adds its nodes to the total every 1024 nodes, and looks at it as often.
            assertTrue(result.nodes() <= limit + 3 * 2048 + 1024, "nodes " + result.nodes());
        }
    }

    @Test
    void stopEndsAllThreads() throws InterruptedException {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 3)) {
            SearchControl control = new SearchControl();
            SearchResult[] result = new SearchResult[1];
            Thread caller = new Thread(() -> result[0] = threads.run(Fen.parse(MIDDLEGAME),
                    new SearchLimits().infinite(true), control, HANDCRAFTED));
            caller.start();
            caller.join(200);
            assertTrue(caller.isAlive(), "infinite");
            control.stop();
            caller.join(10_000);
            assertFalse(caller.isAlive());
            assertTrue(isLegal(Fen.parse(MIDDLEGAME), result[0].bestMove()));
        }
    }

    @Test
    void onlyTheMainThreadReports() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), recorder, 4)) {
            threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(7), new SearchControl(), HANDCRAFTED);
        }
        for (int depth = 1; depth <= 7; depth++) {
            assertEquals(1, recorder.exactAtDepth(depth).size(), "depth " + depth);
        }
    }

    @Test
    void clearingOnAllThreadsEmptiesTheTable() {
        TranspositionTable table = new TranspositionTable(3);
        try (SearchThreads threads = new SearchThreads(table, SearchListener.SILENT, 3)) {
            threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(7), new SearchControl(), HANDCRAFTED);
            assertTrue(table.hashfull() > 0);
            threads.clearTable();
            table.newSearch();
            assertEquals(0, table.hashfull());
            assertEquals(0, table.probe(Fen.parse(MIDDLEGAME).key()));
        }
    }

    @Test
    void clearingADeferredTableDoesNotAllocateIt() {
        TranspositionTable table = TranspositionTable.deferred(8);
        try (SearchThreads threads = new SearchThreads(table, SearchListener.SILENT, 2)) {
            threads.clearTable();
            assertFalse(table.isAllocated());
        }
    }

    @Test
    void helpersSpreadOverTheDepths() {
        assertFalse(Search.skipsDepth(0, 5), "the main thread searches every depth");
        // The first two helpers take turns: one the even depths, the other the odd ones.
        for (int depth = 1; depth <= 20; depth++) {
            assertTrue(Search.skipsDepth(1, depth) != Search.skipsDepth(2, depth), "depth " + depth);
        }
        // Every helper searches half the depths, and no two of the first twenty skip the same ones.
        Set<String> patterns = new HashSet<>();
        for (int helper = 1; helper <= 20; helper++) {
            StringBuilder pattern = new StringBuilder();
            int searched = 0;
            for (int depth = 1; depth <= 24; depth++) {
                boolean skipped = Search.skipsDepth(helper, depth);
                pattern.append(skipped ? '-' : 'x');
                searched += skipped ? 0 : 1;
            }
            assertEquals(12, searched, "helper " + helper + ": " + pattern);
            patterns.add(pattern.toString());
        }
        assertEquals(20, patterns.size(), patterns.toString());
        // Then the cycle starts again.
        assertEquals(Search.skipsDepth(1, 9), Search.skipsDepth(21, 9));
    }

    @Test
    void threadCountOutOfRangeIsRejected() {
        TranspositionTable table = new TranspositionTable(1);
        assertThrows(IllegalArgumentException.class, () -> new SearchThreads(table, SearchListener.SILENT, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new SearchThreads(table, SearchListener.SILENT, SearchThreads.MAX_THREADS + 1));
    }
}
