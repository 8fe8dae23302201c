package kestrel.engine.search;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.Consumer;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.Position;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.BuiltInNetwork;

/**
 * The bench: a fixed set of positions, each searched to a fixed depth with an empty table. Its node count on one
 * thread is a fingerprint of the search (any change to what the search does changes it, and nothing else does: a
 * search limited by depth takes no decision from the clock); its speed is a rough measure of this machine. With
 * several threads, or a time per position instead of a depth, it measures the speed of the parallel search.
 */
public final class Bench {
    public static final int DEFAULT_DEPTH = 13;
    public static final int MAX_DEPTH = 64;
    public static final int HASH_MEGABYTES = 16;

    /** Openings, middlegames, endgames and tactics. */
    static final List<String> POSITIONS = List.of(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
            "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
            "rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 4 5",
            "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 0 11",
            "2rq1rk1/pp1bppbp/3p1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
            "r2qr1k1/1b1nbppp/p2p1n2/1p2p3/3PP3/2P1NN1P/PPB2PP1/R1BQR1K1 w - - 0 14",
            "3r1rk1/p1q2ppp/1p2pn2/2b5/2P5/1PN1PB2/P4PPP/R2Q1RK1 w - - 0 15",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
            "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
            "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
            "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
            "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
            "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
            "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
            "R7/P4k2/8/8/8/8/r7/6K1 w - - 0 1",
            "8/8/8/3k4/8/8/3PK3/8 w - - 0 1",
            "8/5pk1/6p1/7p/7P/6P1/5PK1/3R4 w - - 0 1",
            "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
            "6k1/4Rppp/8/8/8/8/5PPP/6K1 w - - 0 1",
            "r2q1rk1/ppp2ppp/2n1bn2/2bpp3/4P3/2PP1NP1/PP1N1PBP/R1BQ1RK1 w - - 0 8");

    private Bench() {
    }

    /** The bench positions in FEN: openings, middlegames, endgames and tactics, for warm-ups too. */
    public static List<String> positions() {
        return POSITIONS;
    }

    /** What a bench run measured. */
    public record Result(long nodes, long elapsedMillis) {
        public long nodesPerSecond() {
            return nodes * 1000 / Math.max(1, elapsedMillis);
        }
    }

    /**
     * Searches every bench position to {@code depth} (1 .. {@value #MAX_DEPTH}) on one thread, writing one line per
     * position to {@code out} and, last, the total: {@code <nodes> nodes <nps> nps}.
     */
    public static Result run(int depth, Consumer<String> out) {
        return run(depth, 1, 0, BuiltInNetwork.orHandcrafted(), false, out);
    }

    /** As {@link #run(int, Consumer)}, evaluating as {@code evaluation} says. */
    public static Result run(int depth, EvaluationChoice evaluation, Consumer<String> out) {
        return run(depth, 1, 0, evaluation, false, out);
    }

    /**
     * Searches every bench position with {@code threads} search threads (Lazy SMP, see {@link SearchThreads}): to
     * {@code depth} when {@code movetimeMillis} is 0, else for {@code movetimeMillis} each, evaluating with the
     * built-in network (the handcrafted evaluation when the jar has none). Writes one line per position to
     * {@code out}, with the depth reached and the time, then the time, the thread count and the CPU time of the main
     * search thread, and last the total: {@code <nodes> nodes <nps> nps}. Only one thread to a fixed depth gives the
     * same node count on every run; the others measure speed. On a machine busy with other work, the main thread's
     * CPU time to a depth says what the wall time would be with a core for each search thread.
     */
    public static Result run(int depth, int threads, long movetimeMillis, Consumer<String> out) {
        return run(depth, threads, movetimeMillis, BuiltInNetwork.orHandcrafted(), true, out);
    }

    /** As {@link #run(int, int, long, Consumer)}, evaluating as {@code evaluation} says. */
    public static Result run(int depth, int threads, long movetimeMillis, EvaluationChoice evaluation,
                             Consumer<String> out) {
        return run(depth, threads, movetimeMillis, evaluation, true, out);
    }

    private static Result run(int depth, int threads, long movetimeMillis, EvaluationChoice evaluation,
                              boolean detailed, Consumer<String> out) {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("bench depth must be 1 .. " + MAX_DEPTH + ", not " + depth);
        }
        if (threads < 1 || threads > SearchThreads.MAX_THREADS) {
            throw new IllegalArgumentException("bench threads must be 1 .. " + SearchThreads.MAX_THREADS + ", not "
                    + threads);
        }
        if (movetimeMillis < 0) {
            throw new IllegalArgumentException("bench movetime must not be negative, not " + movetimeMillis);
        }
        TranspositionTable table = new TranspositionTable(HASH_MEGABYTES);
        // Parsed before the clock starts, which also sets up the attack tables.
        Position[] positions = new Position[POSITIONS.size()];
        for (int index = 0; index < positions.length; index++) {
            positions[index] = Fen.parse(POSITIONS.get(index));
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        boolean cpuMeasured = detailed && cpu.isCurrentThreadCpuTimeSupported();
        long totalNodes = 0;
        long start;
        long cpuStart = cpuMeasured ? cpu.getCurrentThreadCpuTime() : 0;
        try (SearchThreads searchThreads = new SearchThreads(table, SearchListener.SILENT, threads)) {
            start = System.nanoTime();
            for (int index = 0; index < positions.length; index++) {
                String fen = POSITIONS.get(index);
                Position position = positions[index];
                // Each position as a new game: the count must not depend on the positions before it.
                table.clear();
                searchThreads.clearHistory();
                SearchLimits limits = movetimeMillis > 0
                        ? new SearchLimits().moveTime(movetimeMillis).moveOverhead(0)
                        : new SearchLimits().depth(depth);
                long positionStart = System.nanoTime();
                SearchResult result = searchThreads.run(position, limits, new SearchControl(), evaluation);
                long positionMillis = (System.nanoTime() - positionStart) / 1_000_000L;
                totalNodes += result.nodes();
                String line = String.format("%2d/%d %-70s %-6s %10d nodes", index + 1, POSITIONS.size(), fen,
                        Move.toUci(result.bestMove()), result.nodes());
                if (detailed) {
                    line += String.format(" depth %2d %6d ms", result.depth(), positionMillis);
                }
                out.accept(line);
            }
        }
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000L;
        long cpuMillis = cpuMeasured ? (cpu.getCurrentThreadCpuTime() - cpuStart) / 1_000_000L : -1;
        Result result = new Result(totalNodes, elapsedMillis);
        String mode = movetimeMillis > 0 ? "movetime " + movetimeMillis + " ms" : "depth " + depth;
        String summary = mode + ", " + POSITIONS.size() + " positions, " + elapsedMillis + " ms";
        if (detailed) {
            summary += ", " + threads + (threads == 1 ? " thread" : " threads")
                    + (cpuMillis >= 0 ? ", main thread CPU " + cpuMillis + " ms" : "");
        }
        summary += ", " + evaluation.describe();
        out.accept(summary);
        out.accept(totalNodes + " nodes " + result.nodesPerSecond() + " nps");
        return result;
    }
}
