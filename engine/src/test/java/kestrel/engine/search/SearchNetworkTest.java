package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import kestrel.engine.Fen;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TestNetworks;
import org.junit.jupiter.api.Test;

/**
 * Searches that evaluate with a network: the accumulators a reused search attaches to its position, the network each
 * thread of a parallel search evaluates with, and when a new network takes effect.
 */
class SearchNetworkTest {
    private static final String MIDDLEGAME = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String ENDGAME = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    private static final String PROMOTIONS = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    private static final Network FIRST = TestNetworks.random(16, 1);
    private static final Network SECOND = TestNetworks.random(24, 2);

    private static SearchResult fresh(String fen, Network network, int depth) {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        search.useNetwork(network);
        return search.run(Fen.parse(fen), new SearchLimits().depth(depth));
    }

    @Test
    void aReusedSearchEvaluatesAsAFreshOneWhateverTheNetworksBefore() {
        // Node for node: accumulators left over from another position, network or the handcrafted evaluation
        // would change the scores, and so the tree.
        TranspositionTable table = new TranspositionTable(4);
        Search reused = new Search(table, SearchListener.SILENT);
        String[] fens = {MIDDLEGAME, KIWIPETE, ENDGAME, PROMOTIONS, MIDDLEGAME, KIWIPETE, ENDGAME};
        Network[] networks = {FIRST, FIRST, null, SECOND, FIRST, null, FIRST};
        for (int run = 0; run < fens.length; run++) {
            table.clear();
            reused.useNetwork(networks[run]);
            SearchResult result = reused.run(Fen.parse(fens[run]), new SearchLimits().depth(6));
            assertEquals(fresh(fens[run], networks[run], 6), result, "run " + run);
            assertSame(networks[run], reused.evaluatedWith(), "run " + run);
        }
    }

    @Test
    void oneThreadWithANetworkSearchesNodeForNodeAsASingleSearch() {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 1)) {
            threads.useNetwork(FIRST);
            SearchResult threaded = threads.run(Fen.parse(KIWIPETE), new SearchLimits().depth(6),
                    new SearchControl());
            assertEquals(fresh(KIWIPETE, FIRST, 6), threaded);
        }
    }

    @Test
    void everyThreadEvaluatesWithTheNetwork() {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 3)) {
            for (Network network : new Network[] {FIRST, null, SECOND}) {
                threads.useNetwork(network);
                SearchControl control = new SearchControl();
                threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(7), control);
                List<Network> used = threads.networksUsed(control);
                for (Network each : used) {
                    assertSame(network, each, used.toString());
                }
            }
        }
    }

    @Test
    void aNetworkSetDuringASearchTakesEffectFromTheNextOnAllThreads() {
        AtomicReference<SearchThreads> holder = new AtomicReference<>();
        AtomicBoolean switched = new AtomicBoolean();
        SearchListener switchAtTheFirstIteration = new SearchListener() {
            @Override
            public void onIteration(SearchInfo info) {
                // The main thread, during the search: helpers may not have started yet.
                if (switched.compareAndSet(false, true)) {
                    holder.get().useNetwork(SECOND);
                }
            }

            @Override
            public void onCurrentMove(int depth, int move, int moveNumber) {
            }
        };
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), switchAtTheFirstIteration, 8)) {
            holder.set(threads);
            threads.useNetwork(FIRST);
            SearchControl during = new SearchControl();
            threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(6), during);
            assertTrue(switched.get());
            for (Network each : threads.networksUsed(during)) {
                assertSame(FIRST, each);
            }
            SearchControl next = new SearchControl();
            threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(6), next);
            for (Network each : threads.networksUsed(next)) {
                assertSame(SECOND, each);
            }
        }
    }

    @Test
    void aNetworkChangingFromAnotherThreadNeverSplitsASearch() throws InterruptedException {
        AtomicBoolean done = new AtomicBoolean();
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 4)) {
            Thread switcher = new Thread(() -> {
                Network[] choices = {FIRST, null, SECOND};
                for (int turn = 0; !done.get(); turn++) {
                    threads.useNetwork(choices[turn % choices.length]);
                    Thread.yield();
                }
            });
            switcher.start();
            try {
                List<String> split = new ArrayList<>();
                for (int run = 0; run < 40; run++) {
                    SearchControl control = new SearchControl();
                    threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(4), control);
                    List<Network> used = threads.networksUsed(control);
                    if (used.stream().anyMatch(each -> each != used.get(0))) {
                        split.add("run " + run + ": " + used);
                    }
                }
                assertTrue(split.isEmpty(), split.toString());
            } finally {
                done.set(true);
                switcher.join();
            }
        }
    }

    @Test
    void withoutANetworkNoAccumulatorsAreKept() {
        Search search = new Search(new TranspositionTable(1), SearchListener.SILENT);
        search.useNetwork(FIRST);
        search.run(Fen.parse(ENDGAME), new SearchLimits().depth(3));
        search.useNetwork(null);
        search.run(Fen.parse(ENDGAME), new SearchLimits().depth(3));
        assertNull(search.evaluatedWith());
    }
}
