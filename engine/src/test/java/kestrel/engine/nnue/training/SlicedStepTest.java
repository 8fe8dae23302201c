package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;
import org.junit.jupiter.api.Test;

/**
 * The optimizer's work after a batch, shared by the training threads in slices of rows: the same values, bit for bit,
 * as one pass over everything, so a network trains the same however its threads cut that work.
 */
class SlicedStepTest {
    private static final int HIDDEN = 16;

    @Test
    void gradientSumsInSlicesAreTheWholeSums() {
        for (KingBuckets buckets : new KingBuckets[] {KingBuckets.NONE, KingBuckets.FOUR}) {
            Parameters whole = randomGradients(buckets, 1);
            Parameters sliced = randomGradients(buckets, 1);
            Parameters other = randomGradients(buckets, 2);
            whole.add(other);
            whole.sumFactorsFromFeatures();
            for (int[] slice : slices(sliced.arrayCount(), 3)) {
                sliced.add(other, slice[0], slice[1]);
            }
            for (int[] slice : slices(sliced.factorWeights.length, 3)) {
                sliced.sumFactorsFromFeatures(slice[0], slice[1]);
            }
            assertSameValues(whole, sliced);
        }
    }

    @Test
    void adamInSlicesIsAdamInOnePassThenTheClamp() {
        for (KingBuckets buckets : new KingBuckets[] {KingBuckets.NONE, KingBuckets.FOUR}) {
            FloatNetwork whole = FloatNetwork.initial(HIDDEN, true, true, buckets, 3, 7);
            FloatNetwork sliced = FloatNetwork.initial(HIDDEN, true, true, buckets, 3, 7);
            Adam wholeAdam = new Adam(HIDDEN, buckets.count(), 3, 0.01);
            Adam slicedAdam = new Adam(HIDDEN, buckets.count(), 3, 0.01);
            for (int step = 1; step <= 3; step++) {
                // Large gradients and a large rate, so that the clamp to the weight limit has work to do.
                Parameters gradients = randomGradients(buckets, 10 + step);
                wholeAdam.step(whole.parameters, gradients, 0.9);
                whole.constrain();
                float size = slicedAdam.startStep(0.9);
                for (int[] slice : slices(gradients.arrayCount(), 4)) {
                    slicedAdam.update(sliced.parameters, gradients, size, slice[0], slice[1], Network.WEIGHT_LIMIT);
                }
                for (int[] slice : slices(sliced.featureRows(), 4)) {
                    sliced.constrainFeatureRows(slice[0], slice[1]);
                }
                assertSameValues(whole.parameters, sliced.parameters);
            }
            boolean clamped = false;
            for (float[] array : whole.parameters.arrays()) {
                for (float value : array) {
                    clamped |= Math.abs(value) == Network.WEIGHT_LIMIT;
                }
            }
            assertTrue(clamped, "no parameter reached the limit, so the clamp went untested");
        }
    }

    private static Parameters randomGradients(KingBuckets buckets, long seed) {
        return RandomParameters.of(HIDDEN, buckets.count(), 3, seed);
    }

    /** {@code count} rows cut into {@code parts} uneven ranges, as threads get them. */
    private static int[][] slices(int count, int parts) {
        int[][] result = new int[parts][];
        for (int part = 0; part < parts; part++) {
            result[part] = new int[] {count * part / parts, count * (part + 1) / parts};
        }
        return result;
    }

    private static void assertSameValues(Parameters expected, Parameters actual) {
        float[][] want = expected.arrays();
        float[][] got = actual.arrays();
        for (int a = 0; a < want.length; a++) {
            assertArrayEquals(want[a], got[a], 0f, "array " + a);
        }
    }
}
