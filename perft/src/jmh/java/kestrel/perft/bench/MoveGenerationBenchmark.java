package kestrel.perft.bench;

import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
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

/** Time to generate all legal moves of one position. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MoveGenerationBenchmark {
    @Param({"start", "kiwipete", "endgame", "promotions"})
    private String positionName;

    private Position position;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];

    @Setup
    public void setUp() {
        position = Fen.parse(BenchmarkPositions.FENS.get(positionName));
    }

    @Benchmark
    public int legalMoves() {
        return MoveGenerator.legalMoves(position, moves, 0);
    }
}
