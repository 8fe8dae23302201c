package kestrel.perft.bench;

import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
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
 * Time of one static evaluation. The pawn cache is warm after the first call, as it mostly is in a search, so this
 * measures the piece terms plus a cache hit.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EvaluationBenchmark {
    @Param({"start", "kiwipete", "endgame", "promotions"})
    private String positionName;

    private Position position;
    private final Evaluation evaluation = new Evaluation();

    @Setup
    public void setUp() {
        position = Fen.parse(BenchmarkPositions.FENS.get(positionName));
    }

    @Benchmark
    public int evaluate() {
        return evaluation.evaluate(position);
    }
}
