package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.eval.Evaluator;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.nnue.TestNetworks;
import org.junit.jupiter.api.Test;

/**
 * Searches that evaluate with a network: a reused search evaluates node for node as a fresh one whatever it evaluated
 * with before, and every thread of a parallel search evaluates as the run was told.
 */
class SearchNetworkTest {
    private static final String MIDDLEGAME = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String ENDGAME = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    private static final String PROMOTIONS = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    private static final EvaluationChoice FIRST = new NetworkEvaluation(TestNetworks.random(16, 1));
    private static final EvaluationChoice SECOND = new NetworkEvaluation(TestNetworks.random(24, 2));

    private static SearchResult fresh(String fen, EvaluationChoice evaluation, int depth) {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        return search.run(Fen.parse(fen), new SearchLimits().depth(depth), evaluation);
    }

    @Test
    void aReusedSearchEvaluatesAsAFreshOneWhateverItEvaluatedWithBefore() {
        // Node for node: accumulators left over from another position, network or the handcrafted evaluation
        // would change the scores, and so the tree.
        TranspositionTable table = new TranspositionTable(4);
        Search reused = new Search(table, SearchListener.SILENT);
        String[] fens = {MIDDLEGAME, KIWIPETE, ENDGAME, PROMOTIONS, MIDDLEGAME, KIWIPETE, ENDGAME, PROMOTIONS};
        EvaluationChoice[] choices = {FIRST, FIRST, HANDCRAFTED, SECOND, FIRST, HANDCRAFTED, FIRST, FIRST};
        for (int run = 0; run < fens.length; run++) {
            table.clear();
            reused.clearHistory();
            SearchResult result = reused.run(Fen.parse(fens[run]), new SearchLimits().depth(6), choices[run]);
            assertEquals(fresh(fens[run], choices[run], 6), result, "run " + run);
            assertEquals(choices[run], reused.evaluatedWith(), "run " + run);
        }
    }

    @Test
    void aThreadKeepsItsAccumulatorsWhileTheSameNetworkIsChosenAgain() {
        Network network = TestNetworks.random(16, 3);
        Search search = new Search(new TranspositionTable(1), SearchListener.SILENT);
        search.run(Fen.parse(ENDGAME), new SearchLimits().depth(2), new NetworkEvaluation(network));
        Evaluator first = search.evaluator();
        search.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(2), new NetworkEvaluation(network));
        assertSame(first, search.evaluator());
        search.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(2), SECOND);
        assertNotSame(first, search.evaluator());
    }

    @Test
    void aNetworkSearchDiffersFromAHandcraftedOne() {
        // Guards the test above: were the evaluation ignored, every run would agree with every other.
        assertNotEquals(fresh(MIDDLEGAME, HANDCRAFTED, 6).nodes(), fresh(MIDDLEGAME, FIRST, 6).nodes());
    }

    @Test
    void oneThreadWithANetworkSearchesNodeForNodeAsASingleSearch() {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 1)) {
            SearchResult threaded = threads.run(Fen.parse(KIWIPETE), new SearchLimits().depth(6),
                    new SearchControl(), FIRST);
            assertEquals(fresh(KIWIPETE, FIRST, 6), threaded);
        }
    }

    @Test
    void everyThreadEvaluatesAsItsRunWasTold() {
        try (SearchThreads threads = new SearchThreads(new TranspositionTable(4), SearchListener.SILENT, 3)) {
            for (EvaluationChoice choice : new EvaluationChoice[] {FIRST, HANDCRAFTED, SECOND, FIRST}) {
                SearchControl control = new SearchControl();
                threads.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(7), control, choice);
                List<EvaluationChoice> used = threads.evaluationsUsed(control);
                for (EvaluationChoice each : used) {
                    assertEquals(choice, each, used.toString());
                }
            }
        }
    }
}
