package kestrel.uci.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.Network;
import kestrel.engine.search.Bench;
import kestrel.engine.search.Search;
import kestrel.engine.search.SearchControl;
import kestrel.engine.search.SearchLimits;
import kestrel.engine.search.SearchListener;
import kestrel.engine.search.TranspositionTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Readies the hot paths for the first move, right after the first {@code uciok}: a fresh JVM searches at a tenth of
 * its speed until the JIT has compiled move generation, the search and the network's kernels, and a game's first
 * moves would pay for that on the clock (docs/gui.md, "Warm-up").
 *
 * <p>First the Vector API kernels are compiled, so that no search ever runs on the scalar kernels and then switches
 * (a switch throws away the compiled search that had inlined them); then up to {@value #MAX_THREADS} threads search
 * the bench positions and a few mates, each with its own small table, so that the profile the JIT compiles from has
 * seen every kind of node (a branch never taken while profiling is compiled as a trap, and taking it later costs a
 * recompilation of the whole search). In its second half each search is followed by a rest, which leaves the cores
 * to the JIT's compiler threads, so that their queue is worked off before the first real search. It ends by itself
 * {@value #MILLIS} ms after it started ({@value #ONE_CORE_MILLIS} on one core), or within a thousand nodes when
 * {@link #stop} is called, which the session does when a command needs the engine ({@code go}, {@code bench},
 * {@code quit}); {@code isready} waits for its end ({@link #awaitEnd}), so a GUI that asks whether the engine is
 * ready gets its answer when it is.
 */
final class WarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(WarmUp.class);
    /**
     * How long the warm-up runs at most with two cores or more: with {@code uciok} after about 0.4 s, {@code readyok}
     * comes within 2.5 s.
     */
    static final long MILLIS = 1_900;
    /**
     * How long with one core, where the JIT's compiler threads and the warm-up share it: a second more (the first
     * second of search then reached 0.42 to 1.03 of the settled speed in eight runs, docs/gui.md, "Warm-up").
     */
    static final long ONE_CORE_MILLIS = 2_900;
    static final int MAX_THREADS = 2;
    /**
     * The JIT's compiler threads share the cores with the warm-up, and the compilations its first second asks for
     * queue up: on one core a JIT log showed the search's top-tier methods waiting up to 3 s to be compiled, past
     * {@code readyok}. So from this share of the warm-up on, each search is followed by a rest {@value #REST_FACTOR}
     * times as long, which leaves the cores to the compiler (docs/gui.md, "Warm-up").
     */
    static final double PACED_FROM = 0.5;
    static final int REST_FACTOR = 3;
    /** Nodes a position: enough to reach the depths where pruning and extensions start, short enough to see many. */
    static final long NODES = 20_000;
    /**
     * Nodes of every {@value #DEEP_EVERY}-th search: deep enough for the branches only deep nodes take (null-move
     * verification from depth 12, a singular search whose excluded move was the only one). Left out of the profile,
     * each of them cost a recompilation of the whole search during the first moves.
     */
    static final long DEEP_NODES = 150_000;
    static final int DEEP_EVERY = 4;
    /**
     * Positions with mates near, so that the search's mate-score branches are in the profile too, and two of other
     * kinds that first searches met before the warm-up did.
     */
    static final List<String> MATES = List.of(
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "8/8/8/8/8/5k2/4q3/7K b - - 0 1",
            "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1",
            // Stalemates within reach.
            "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
            "8/8/8/8/8/2k5/2p5/3K4 w - - 0 1",
            // Bishop and knight against a bare king: minor pieces alone, which the draw-by-material test asks
            // about further than for any other material (left out, a first search trapped there).
            "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
            // Castling for a side far behind: its castling moves come up among the quiet moves futility pruning
            // weighs, which asks whether they give check (a first search once trapped there).
            "r3k2r/pppp1ppp/8/8/8/8/PPPQ1PPP/R3K2R b KQkq - 0 1");

    private final SearchControl control = new SearchControl();
    private final Thread thread;
    private final long deadlineNanos;
    /** Whether the searches rest between them from {@link #pacedFromNanos} on ({@link #PACED_FROM}). */
    private final boolean paced;
    private final long pacedFromNanos;

    private WarmUp(EvaluationChoice evaluation, long millis, boolean paced) {
        long start = System.nanoTime();
        deadlineNanos = start + TimeUnit.MILLISECONDS.toNanos(millis);
        this.paced = paced;
        pacedFromNanos = start + (long) (TimeUnit.MILLISECONDS.toNanos(millis) * PACED_FROM);
        thread = new Thread(() -> run(evaluation), "kestrel-warm-up");
        thread.setDaemon(true);
    }

    /** Starts warming up with the evaluation the searches will use. */
    static WarmUp start(EvaluationChoice evaluation) {
        return start(evaluation, Runtime.getRuntime().availableProcessors() > 1 ? MILLIS : ONE_CORE_MILLIS, true);
    }

    /** Starts warming up for at most {@code millis}, without rests: for tests. */
    static WarmUp start(EvaluationChoice evaluation, long millis) {
        return start(evaluation, millis, false);
    }

    /** Starts warming up for at most {@code millis}, resting between searches from halfway on when {@code paced}. */
    static WarmUp start(EvaluationChoice evaluation, long millis, boolean paced) {
        WarmUp warmUp = new WarmUp(evaluation, millis, paced);
        warmUp.thread.start();
        return warmUp;
    }

    /** The positions searched, in order. */
    static List<String> positions() {
        // A mate or stalemate after every two bench positions: the JIT profiles the search's branches only for a
        // while before it compiles it, and a branch it has not seen taken then becomes a trap that costs a
        // recompilation the first time a real search takes it.
        List<String> bench = Bench.positions();
        List<String> positions = new ArrayList<>();
        for (int index = 0; index < bench.size(); index++) {
            positions.add(bench.get(index));
            if (index % 2 == 1) {
                positions.add(MATES.get(index / 2 % MATES.size()));
            }
        }
        return positions;
    }

    /** Ends the warm-up within a thousand nodes; returns at once. */
    void stop() {
        control.stop();
    }

    /** Whether the warm-up has ended. */
    boolean isDone() {
        return !thread.isAlive();
    }

    /** Waits until the warm-up has ended or been told to stop: at most its time. */
    void awaitEnd() {
        try {
            while (!control.isStopped() && thread.isAlive()) {
                thread.join(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(EvaluationChoice evaluation) {
        long start = System.nanoTime();
        try {
            Network.compileVectorKernels(control::isStopped);
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("Warm-up of the vector kernels failed: {}", e.toString());
        }
        long kernelsMillis = (System.nanoTime() - start) / 1_000_000;
        int count = Math.max(1, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()));
        List<String> positions = positions();
        long[] nodes = new long[count];
        Thread[] helpers = new Thread[count - 1];
        for (int index = 1; index < count; index++) {
            int first = index;
            helpers[index - 1] = new Thread(() -> nodes[first] = search(evaluation, positions, first, count),
                    "kestrel-warm-up-" + index);
            helpers[index - 1].setDaemon(true);
            helpers[index - 1].start();
        }
        nodes[0] = search(evaluation, positions, 0, count);
        for (Thread helper : helpers) {
            try {
                helper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        long total = 0;
        for (long part : nodes) {
            total += part;
        }
        LOG.debug("Warm-up: kernels in {} ms, then {} nodes on {} threads, {} ms in all{}", kernelsMillis, total,
                count, (System.nanoTime() - start) / 1_000_000, control.isStopped() ? ", stopped" : "");
    }

    /** Sleeps for {@code nanos}, or until the deadline or a stop if that comes first. */
    private void rest(long nanos) {
        long until = System.nanoTime() + nanos;
        try {
            for (long now = System.nanoTime(); now - until < 0 && now - deadlineNanos < 0 && !control.isStopped();
                    now = System.nanoTime()) {
                TimeUnit.NANOSECONDS.sleep(Math.min(Math.min(until - now, deadlineNanos - now),
                        TimeUnit.MILLISECONDS.toNanos(5)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Searches every {@code step}-th position from {@code first} on, round after round, until the time is up. */
    private long search(EvaluationChoice evaluation, List<String> positions, int first, int step) {
        long nodes = 0;
        try {
            // The smallest table, never cleared: full buckets, and the replacement they need, are profiled too.
            Search search = new Search(new TranspositionTable(1), SearchListener.SILENT);
            int searches = 0;
            for (int index = first; !control.isStopped() && System.nanoTime() - deadlineNanos < 0; index += step) {
                long millisLeft = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
                long budget = ++searches % DEEP_EVERY == 0 ? DEEP_NODES : NODES;
                SearchLimits limits = new SearchLimits().nodes(budget).moveTime(Math.max(1, millisLeft)).moveOverhead(0);
                long searchStart = System.nanoTime();
                nodes += search.run(Fen.parse(positions.get(index % positions.size())), limits, control,
                        evaluation).nodes();
                if (paced && searchStart - pacedFromNanos >= 0) {
                    rest(REST_FACTOR * (System.nanoTime() - searchStart));
                }
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            // Only speed is at stake: the engine plays as well without it.
            LOG.warn("Warm-up failed: {}", e.toString());
        }
        return nodes;
    }
}
