package kestrel.uci.protocol;

import kestrel.engine.Fen;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.search.Search;
import kestrel.engine.search.SearchControl;
import kestrel.engine.search.SearchLimits;
import kestrel.engine.search.SearchListener;
import kestrel.engine.search.TranspositionTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warms the hot paths in the idle time after {@code uciok}: a fresh JVM runs the search at a fraction of its speed
 * until the JIT has compiled move generation, the search and the network's kernels (the Vector API's above all), and
 * without this the first moves of a game would pay for it on the clock. A short search of a few private positions on
 * a thread of its own, with its own 1 MB table and search, so it touches nothing of the engine's; it ends by itself
 * after {@value #NODES} nodes (well under a second of CPU once compiled), or at once when {@link #stop} is called,
 * which the session does when a command needs the engine's full strength ({@code go}, {@code bench}, {@code quit}).
 */
final class WarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(WarmUp.class);
    static final long NODES = 300_000;
    /** An opening, a middlegame and an endgame, so that every evaluation term and move kind is compiled. */
    static final String[] POSITIONS = {
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r2q1rk1/pp2bppp/2n1pn2/2pp4/3P1B2/2P1PN2/PP1NBPPP/R2Q1RK1 w - - 0 9",
        "8/5pk1/6p1/3R3p/5P1P/r5P1/5K2/8 b - - 1 41",
    };

    private final SearchControl control = new SearchControl();
    private final Thread thread;

    private WarmUp(EvaluationChoice evaluation) {
        thread = new Thread(() -> run(evaluation), "kestrel-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
    }

    /** Starts warming up with the evaluation the searches will use. */
    static WarmUp start(EvaluationChoice evaluation) {
        WarmUp warmUp = new WarmUp(evaluation);
        warmUp.thread.start();
        return warmUp;
    }

    /** Ends the warm-up within a thousand nodes; returns at once. */
    void stop() {
        control.stop();
    }

    /** Whether the warm-up thread has ended. */
    boolean isDone() {
        return !thread.isAlive();
    }

    private void run(EvaluationChoice evaluation) {
        long start = System.nanoTime();
        long nodes = 0;
        try {
            Search search = new Search(new TranspositionTable(1), SearchListener.SILENT);
            for (String fen : POSITIONS) {
                if (control.isStopped()) {
                    break;
                }
                nodes += search.run(Fen.parse(fen), new SearchLimits().nodes(NODES / POSITIONS.length), control,
                        evaluation).nodes();
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            // Only speed is at stake: the engine plays as well without it.
            LOG.warn("Warm-up failed: {}", e.toString());
        }
        LOG.debug("Warm-up: {} nodes in {} ms{}", nodes, (System.nanoTime() - start) / 1_000_000,
                control.isStopped() ? ", stopped" : "");
    }
}
