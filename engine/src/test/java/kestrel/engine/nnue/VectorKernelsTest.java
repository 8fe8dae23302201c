package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import kestrel.engine.Fen;
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
                // One perspective: the other one's weights are zero.
                short[] none = new short[hidden];
                assertEquals(ScalarKernels.activatedDot(accumulator, weights, 0, hidden),
                        VectorKernels.activatedDotPair(accumulator, weights, accumulator, none, hidden),
                        "hidden " + hidden);
            }
        }
    }

    @Test
    void bothPerspectivesInOnePassEqualTwoScalarSums() {
        SplittableRandom random = new SplittableRandom(4);
        for (int hidden : HIDDEN_SIZES) {
            for (int round = 0; round < 50; round++) {
                short[] own = randomShorts(random, hidden, Short.MAX_VALUE);
                short[] other = randomShorts(random, hidden, Short.MAX_VALUE);
                short[] ownWeights = randomShorts(random, hidden, Network.MAX_OUTPUT_WEIGHT);
                short[] otherWeights = randomShorts(random, hidden, Network.MAX_OUTPUT_WEIGHT);
                assertEquals(ScalarKernels.activatedDot(own, ownWeights, 0, hidden)
                                + ScalarKernels.activatedDot(other, otherWeights, 0, hidden),
                        VectorKernels.activatedDotPair(own, ownWeights, other, otherWeights, hidden),
                        "hidden " + hidden);
            }
        }
    }

    @Test
    void bothPerspectivesAtTheLargestSumsDoNotOverflow() {
        for (int hidden : HIDDEN_SIZES) {
            short[] saturated = new short[hidden];
            Arrays.fill(saturated, (short) 16_566);
            short[] weights = new short[hidden];
            Arrays.fill(weights, (short) Network.MAX_OUTPUT_WEIGHT);
            // Each perspective's chunk sums reach nearly 2^31: added as ints before the long they would wrap.
            long expected = 2L * hidden * Network.QA * Network.QA * Network.MAX_OUTPUT_WEIGHT;
            assertEquals(expected, VectorKernels.activatedDotPair(saturated, weights, saturated, weights, hidden));
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
                assertEquals(expected, VectorKernels.activatedDotPair(saturated, weights, saturated,
                        new short[hidden], hidden));
            }
        }
    }

    @Test
    void evaluationsOfRandomPositionsEqualTheDefinition() {
        List<Position> positions = RandomPositions.of(300, 3);
        for (int hidden : new int[] {16, 24, 128, 136, 512}) {
            assertEvaluationsEqualTheDefinition(TestNetworks.random(hidden, hidden), positions);
        }
    }

    /** The same with king mirroring and output buckets: every bucket of 8 is met, and both sides of each king. */
    @Test
    void evaluationsOfKingMirroredBucketedNetworksEqualTheDefinition() {
        List<Position> positions = new ArrayList<>(RandomPositions.of(600, 4));
        // Random games seldom get down to bucket 0's two to five pieces.
        for (String fen : new String[] {"8/5k2/8/8/8/2K5/8/8 w - - 0 1", "8/8/8/4k3/8/8/3K4/7R b - - 0 1",
            "6k1/5p2/8/8/8/8/1P6/K7 b - - 0 1", "8/8/3k4/8/8/2N5/8/4K2B w - - 0 1", "1k6/8/8/8/8/8/8/6K1 w - - 0 1"}) {
            positions.add(Fen.parse(fen));
        }
        int[] buckets = new int[8];
        for (Position position : positions) {
            buckets[Network.outputBucket(Long.bitCount(position.occupied()), 8)]++;
        }
        assertTrue(Arrays.stream(buckets).allMatch(count -> count > 0), () -> Arrays.toString(buckets));
        for (int hidden : new int[] {16, 136}) {
            assertEvaluationsEqualTheDefinition(TestNetworks.random(hidden, true, 8, hidden), positions);
            assertEvaluationsEqualTheDefinition(TestNetworks.random(hidden, true, 1, hidden), positions);
            assertEvaluationsEqualTheDefinition(TestNetworks.random(hidden, false, 3, hidden), positions);
        }
    }

    private static void assertEvaluationsEqualTheDefinition(Network network, List<Position> positions) {
        String shape = network.describe();
        Accumulators accumulators = new Accumulators(network);
        for (Position position : positions) {
            int expected = definition(network, position);
            assertEquals(expected, network.evaluate(position), shape);
            accumulators.startSearch(position);
            assertEquals(expected, accumulators.evaluate(position), shape);
        }
    }

    /**
     * The network's evaluation read off its parameters in longs, one neuron at a time: with king mirroring a
     * perspective whose king is on files e to h reads every square mirrored (file ^ 7); the bucket is
     * (pieces - 2) * N / 32 for N buckets, at most N - 1.
     */
    private static int definition(Network network, Position position) {
        int hidden = network.hidden();
        long[] white = new long[hidden];
        long[] black = new long[hidden];
        for (int i = 0; i < hidden; i++) {
            white[i] = network.featureBias(i);
            black[i] = network.featureBias(i);
        }
        boolean whiteMirrored = network.kingMirror() && position.kingSquare(Piece.WHITE) % 8 >= 4;
        boolean blackMirrored = network.kingMirror() && position.kingSquare(Piece.BLACK) % 8 >= 4;
        int pieces = 0;
        for (int square = 0; square < 64; square++) {
            int piece = position.pieceAt(square);
            if (piece == Piece.NONE) {
                continue;
            }
            pieces++;
            int whiteSquare = whiteMirrored ? square / 8 * 8 + 7 - square % 8 : square;
            int blackSquare = blackMirrored ? square / 8 * 8 + 7 - square % 8 : square;
            for (int i = 0; i < hidden; i++) {
                white[i] += network.featureWeight(Features.index(Piece.WHITE, piece, whiteSquare), i);
                black[i] += network.featureWeight(Features.index(Piece.BLACK, piece, blackSquare), i);
            }
        }
        int bucket = Math.min(network.outputBuckets() - 1, (pieces - 2) * network.outputBuckets() / 32);
        long[] own = position.sideToMove() == Piece.WHITE ? white : black;
        long[] other = position.sideToMove() == Piece.WHITE ? black : white;
        long sum = 0;
        for (int i = 0; i < hidden; i++) {
            long ownActivation = Math.max(0, Math.min(Network.QA, own[i]));
            long otherActivation = Math.max(0, Math.min(Network.QA, other[i]));
            sum += ownActivation * ownActivation * network.outputWeight(bucket, i)
                    + otherActivation * otherActivation * network.outputWeight(bucket, hidden + i);
        }
        long output = sum / Network.QA + network.outputBias(bucket);
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
