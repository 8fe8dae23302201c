package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Vector API kernels equal the scalar ones bit for bit, called directly on random rows and accumulators, at hidden
 * sizes that are and are not multiples of the vector length; and a network's evaluations equal a plain long-arithmetic
 * reading of its definition on random positions.
 */
class VectorKernelsTest {
    private static final int[] HIDDEN_SIZES = {1, 7, 16, 24, 128, 136, 512, 4096};

    @BeforeAll
    static void vectorApiPresent() {
        assumeTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), "no jdk.incubator.vector");
    }

    @Test
    void updatesEqualTheScalarOnes() {
        SplittableRandom random = new SplittableRandom(1);
        for (int hidden : HIDDEN_SIZES) {
            for (int round = 0; round < 20; round++) {
                // Any int16 values: both kernels wrap around the same way, so even overflowing sums must agree.
                short[] source = randomShorts(random, hidden, Short.MAX_VALUE);
                short[] row1 = randomShorts(random, hidden, Short.MAX_VALUE);
                short[] row2 = randomShorts(random, hidden, Short.MAX_VALUE);
                short[] row3 = randomShorts(random, hidden, Short.MAX_VALUE);

                short[] scalar = source.clone();
                short[] vector = source.clone();
                ScalarKernels.add(scalar, row1, hidden);
                VectorKernels.add(vector, row1, hidden);
                assertArrayEquals(scalar, vector, "add, hidden " + hidden);

                ScalarKernels.subtractAdd(source, scalar, row1, row2, hidden);
                VectorKernels.subtractAdd(source, vector, row1, row2, hidden);
                assertArrayEquals(scalar, vector, "subtractAdd, hidden " + hidden);

                ScalarKernels.subtractSubtractAdd(source, scalar, row1, row2, row3, hidden);
                VectorKernels.subtractSubtractAdd(source, vector, row1, row2, row3, hidden);
                assertArrayEquals(scalar, vector, "subtractSubtractAdd, hidden " + hidden);

                // In place, as castling's second step runs.
                ScalarKernels.subtractAdd(scalar, scalar, row3, row1, hidden);
                VectorKernels.subtractAdd(vector, vector, row3, row1, hidden);
                assertArrayEquals(scalar, vector, "subtractAdd in place, hidden " + hidden);
            }
        }
    }

    @Test
    void activatedDotEqualsTheScalarOne() {
        SplittableRandom random = new SplittableRandom(2);
        for (int hidden : HIDDEN_SIZES) {
            for (int round = 0; round < 50; round++) {
                // Accumulators over the whole int16 range, so the clamp is tested on both sides.
                short[] accumulator = randomShorts(random, hidden, Short.MAX_VALUE);
                short[] weights = randomShorts(random, hidden, Network.MAX_OUTPUT_WEIGHT);
                assertEquals(ScalarKernels.activatedDot(accumulator, weights, 0, hidden),
                        VectorKernels.activatedDot(accumulator, weights, hidden), "hidden " + hidden);
            }
        }
    }

    @Test
    void activatedDotIsExactAtTheLargestSums() {
        for (int hidden : HIDDEN_SIZES) {
            short[] saturated = new short[hidden];
            Arrays.fill(saturated, (short) 16_566);
            for (int sign : new int[] {1, -1}) {
                short[] weights = new short[hidden];
                Arrays.fill(weights, (short) (sign * Network.MAX_OUTPUT_WEIGHT));
                long expected = (long) sign * hidden * Network.QA * Network.QA * Network.MAX_OUTPUT_WEIGHT;
                assertEquals(expected, ScalarKernels.activatedDot(saturated, weights, 0, hidden));
                assertEquals(expected, VectorKernels.activatedDot(saturated, weights, hidden));
            }
        }
    }

    @Test
    void evaluationsOfRandomPositionsEqualTheDefinition() {
        List<Position> positions = RandomPositions.of(300, 3);
        for (int hidden : new int[] {16, 24, 128, 136, 512}) {
            Network network = TestNetworks.random(hidden, hidden);
            Accumulators accumulators = new Accumulators(network);
            for (Position position : positions) {
                int expected = definition(network, position);
                assertEquals(expected, network.evaluate(position), "hidden " + hidden);
                accumulators.startSearch(position);
                assertEquals(expected, accumulators.evaluate(position), "hidden " + hidden);
            }
        }
    }

    /** The network's evaluation read off its parameters in longs, one neuron at a time. */
    private static int definition(Network network, Position position) {
        int hidden = network.hidden();
        long[] white = new long[hidden];
        long[] black = new long[hidden];
        for (int i = 0; i < hidden; i++) {
            white[i] = network.featureBias(i);
            black[i] = network.featureBias(i);
        }
        for (int square = 0; square < 64; square++) {
            int piece = position.pieceAt(square);
            if (piece == Piece.NONE) {
                continue;
            }
            for (int i = 0; i < hidden; i++) {
                white[i] += network.featureWeight(Features.index(Piece.WHITE, piece, square), i);
                black[i] += network.featureWeight(Features.index(Piece.BLACK, piece, square), i);
            }
        }
        long[] own = position.sideToMove() == Piece.WHITE ? white : black;
        long[] other = position.sideToMove() == Piece.WHITE ? black : white;
        long sum = 0;
        for (int i = 0; i < hidden; i++) {
            long ownActivation = Math.max(0, Math.min(Network.QA, own[i]));
            long otherActivation = Math.max(0, Math.min(Network.QA, other[i]));
            sum += ownActivation * ownActivation * network.outputWeight(i)
                    + otherActivation * otherActivation * network.outputWeight(hidden + i);
        }
        long output = sum / Network.QA + network.outputBias();
        return (int) Math.floorDiv(output * Network.SCALE + Network.QA * Network.QB / 2, Network.QA * Network.QB);
    }

    private static short[] randomShorts(SplittableRandom random, int length, int limit) {
        short[] values = new short[length];
        for (int i = 0; i < length; i++) {
            values[i] = (short) random.nextInt(-limit, limit + 1);
        }
        return values;
    }
}
