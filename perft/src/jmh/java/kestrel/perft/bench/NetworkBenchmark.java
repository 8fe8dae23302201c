package kestrel.perft.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.nnue.Accumulators;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.Network;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The network's inference as a search meets it, for a network of random parameters of each hidden size: the output
 * alone, over accumulators already up to date, and a move made, evaluated (the accumulators updated from the parent)
 * and taken back, one legal move of the position after another. Whether the Vector API runs depends on the JVM's
 * options, which forks inherit: {@code java --add-modules jdk.incubator.vector -jar perft-benchmarks.jar Network},
 * and {@code -jvmArgsAppend -Dkestrel.nnue.scalar=true} for the scalar kernels.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class NetworkBenchmark {
    /** The largest quantized weights training makes (as Network.MAX_FEATURE_WEIGHT and MAX_OUTPUT_WEIGHT). */
    private static final int FEATURE_LIMIT = Math.round(Network.WEIGHT_LIMIT * Network.QA);
    private static final int OUTPUT_LIMIT = Math.round(Network.WEIGHT_LIMIT * Network.QB);

    @Param({"128", "512"})
    private int hidden;

    @Param({"start", "kiwipete"})
    private String positionName;

    private Position position;
    private Accumulators accumulators;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private int moveCount;
    private int next;

    @Setup
    public void setUp() {
        accumulators = new Accumulators(randomNetwork(hidden, 1));
        position = Fen.parse(BenchmarkPositions.FENS.get(positionName));
        moveCount = MoveGenerator.legalMoves(position, moves, 0);
        accumulators.startSearch(position);
    }

    @Benchmark
    public int evaluate() {
        return accumulators.evaluate(position);
    }

    @Benchmark
    public int makeEvaluateUnmake() {
        position.makeMove(moves[next]);
        int score = accumulators.evaluate(position);
        position.unmakeMove();
        next = next + 1 == moveCount ? 0 : next + 1;
        return score;
    }

    private static Network randomNetwork(int hidden, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        short[] featureWeights = randomShorts(random, Features.COUNT * hidden, FEATURE_LIMIT);
        short[] featureBiases = randomShorts(random, hidden, FEATURE_LIMIT);
        short[] outputWeights = randomShorts(random, 2 * hidden, OUTPUT_LIMIT);
        return new Network(hidden, featureWeights, featureBiases, outputWeights, 0);
    }

    private static short[] randomShorts(SplittableRandom random, int length, int limit) {
        short[] values = new short[length];
        for (int i = 0; i < length; i++) {
            values[i] = (short) random.nextInt(-limit, limit + 1);
        }
        return values;
    }
}
