package kestrel.perft;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import kestrel.engine.Fen;
import kestrel.engine.Position;

/**
 * Measures perft speed on fixed positions, without a cache: the raw speed of move generation and make/unmake.
 * The JIT compiler is warmed up first, so the timed runs measure compiled code.
 */
public final class PerftBench {
    /** A position and depth to time, with the count it must give. */
    public record Target(String name, String fen, int depth, long expectedNodes) {
    }

    /** One timed count. */
    public record Measurement(Target target, long nodes, long nanos) {
        public double nodesPerSecond() {
            return nodes * 1e9 / nanos;
        }

        /** The count matched the known one; a fast wrong count is worthless. */
        public boolean correct() {
            return nodes == target.expectedNodes();
        }
    }

    /** Best and median speed of the runs of one target. */
    public record TargetSummary(Target target, int runs, double bestNodesPerSecond, double medianNodesPerSecond) {
    }

    /** The start position to depth 6 and Kiwipete (Chess Programming Wiki "Perft Results", position 2) to depth 5. */
    public static final List<Target> TARGETS = List.of(
            new Target("startpos", Fen.START, 6, 119_060_324L),
            new Target("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
                    193_690_690L));

    private static final int WARM_UP_SHALLOW_RUNS = 5;

    private final Perft perft = new Perft();

    /** Runs every target a few times one ply shallower, then once at full depth, untimed. */
    public void warmUp() {
        for (int i = 0; i < WARM_UP_SHALLOW_RUNS; i++) {
            for (Target target : TARGETS) {
                perft.count(Fen.parse(target.fen()), target.depth() - 1);
            }
        }
        for (Target target : TARGETS) {
            perft.count(Fen.parse(target.fen()), target.depth());
        }
    }

    /** Times {@code runs} rounds over every target, handing each measurement to {@code listener}. */
    public List<Measurement> run(int runs, Consumer<Measurement> listener) {
        List<Measurement> measurements = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            for (Target target : TARGETS) {
                Measurement measurement = measure(target);
                listener.accept(measurement);
                measurements.add(measurement);
            }
        }
        return measurements;
    }

    /** Times one count of {@code target}. */
    public Measurement measure(Target target) {
        Position position = Fen.parse(target.fen());
        long start = System.nanoTime();
        long nodes = perft.count(position, target.depth());
        return new Measurement(target, nodes, System.nanoTime() - start);
    }

    /** Best and median speed per target, in the order of {@link #TARGETS}. */
    public static List<TargetSummary> summarize(List<Measurement> measurements) {
        List<TargetSummary> summaries = new ArrayList<>();
        for (Target target : TARGETS) {
            double[] speeds = measurements.stream()
                    .filter(m -> m.target().equals(target))
                    .mapToDouble(Measurement::nodesPerSecond)
                    .sorted()
                    .toArray();
            if (speeds.length > 0) {
                summaries.add(new TargetSummary(target, speeds.length, speeds[speeds.length - 1], median(speeds)));
            }
        }
        return summaries;
    }

    private static double median(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
