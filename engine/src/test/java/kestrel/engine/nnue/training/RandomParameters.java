package kestrel.engine.nnue.training;

import java.util.SplittableRandom;

/** Parameters (or gradients) of one shape filled with seeded values in [-1, 1), for the optimizer's tests. */
final class RandomParameters {
    private RandomParameters() {
    }

    static Parameters of(int hidden, int kingBuckets, int buckets, long seed) {
        Parameters parameters = new Parameters(hidden, kingBuckets, buckets);
        SplittableRandom random = new SplittableRandom(seed);
        for (float[] array : parameters.arrays()) {
            for (int i = 0; i < array.length; i++) {
                array[i] = (float) (random.nextDouble() * 2 - 1);
            }
        }
        return parameters;
    }
}
