package kestrel.engine.nnue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.search.Bench;

/**
 * A measurement, not a test: the CPU time of the network's inference in this JVM, whichever kernels it runs (docs/nnue.md,
 * "Inference speed"). CPU time of the measuring thread, best of many batches, so that other work on a shared machine
 * counts as little as it can. Prints, for random networks of hidden size 128 and 512 and one of 128 with king
 * mirroring and 8 output buckets (then the plain 128 again), the cost of an evaluation over up-to-date accumulators
 * and of a move made, evaluated and taken back (Kiwipete's moves in turn), then the CPU time
 * of the first evaluations of a cold network, and last the built-in bench twice in this JVM (the second warm).
 *
 * <pre>
 * java [--add-modules jdk.incubator.vector] -cp engine/target/classes:engine/target/test-classes \
 *     kestrel.engine.nnue.InferenceSpeed
 * </pre>
 */
public final class InferenceSpeed {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final Pattern MAIN_THREAD_CPU = Pattern.compile("main thread CPU (\\d+) ms");
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static long sink;

    private InferenceSpeed() {
    }

    public static void main(String[] args) {
        System.out.println("kernels: " + (Network.vectorized() ? "Vector API" : "scalar"));
        System.out.println(coldStart(TestNetworks.random(128, 1)));
        for (int hidden : new int[] {128, 512}) {
            System.out.println(steadyState(TestNetworks.random(hidden, 2)));
        }
        // Format version 2's shape: the output through one of 8 buckets, a refresh when a move takes a king across
        // d/e (2 of Kiwipete's 48 moves: Kd1 and O-O-O).
        System.out.println(steadyState(TestNetworks.random(128, true, 8, 2)));
        System.out.println(steadyState(TestNetworks.random(128, 2)));
        for (int run = 1; run <= 2; run++) {
            List<String> lines = new ArrayList<>();
            Bench.Result result = Bench.run(Bench.DEFAULT_DEPTH, 1, 0, lines::add);
            Matcher cpu = MAIN_THREAD_CPU.matcher(String.join("\n", lines));
            long cpuMillis = cpu.find() ? Long.parseLong(cpu.group(1)) : -1;
            System.out.printf("bench run %d: %d nodes, main thread CPU %d ms, %d nodes per CPU second%n", run,
                    result.nodes(), cpuMillis, cpuMillis > 0 ? result.nodes() * 1000 / cpuMillis : -1);
        }
        System.out.println(sink == 42 ? "" : "done");
    }

    /** The CPU time of the first 20,000 make + evaluate + unmake of a fresh JVM, as the search meets them. */
    private static String coldStart(Network network) {
        Position position = Fen.parse(KIWIPETE);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        Accumulators accumulators = new Accumulators(network);
        accumulators.startSearch(position);
        long start = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < 20_000; i++) {
            position.makeMove(moves[i % count]);
            sink += accumulators.evaluate(position);
            position.unmakeMove();
        }
        return String.format("hidden 128, first 20,000 make + evaluate + unmake: %.0f ms CPU",
                (CPU.getCurrentThreadCpuTime() - start) / 1e6);
    }

    private static String steadyState(Network network) {
        Position position = Fen.parse(KIWIPETE);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        Accumulators accumulators = new Accumulators(network);
        accumulators.startSearch(position);
        int batch = 5_000;
        double bestEvaluate = Double.MAX_VALUE;
        double bestMove = Double.MAX_VALUE;
        for (int round = 0; round < 150; round++) {
            long t0 = CPU.getCurrentThreadCpuTime();
            for (int i = 0; i < batch; i++) {
                sink += accumulators.evaluate(position);
            }
            long t1 = CPU.getCurrentThreadCpuTime();
            for (int i = 0; i < batch; i++) {
                position.makeMove(moves[i % count]);
                sink += accumulators.evaluate(position);
                position.unmakeMove();
            }
            long t2 = CPU.getCurrentThreadCpuTime();
            if (round >= 50) {
                bestEvaluate = Math.min(bestEvaluate, (t1 - t0) / (double) batch);
                bestMove = Math.min(bestMove, (t2 - t1) / (double) batch);
            }
        }
        return String.format("%s: evaluate %.0f ns, make + evaluate + unmake %.0f ns (CPU, best of 100 batches)",
                network.describe(), bestEvaluate, bestMove);
    }
}
