package kestrel.engine.nnue;

import java.util.SplittableRandom;

/** Networks for tests that need one but not a trained one. */
public final class TestNetworks {
    private TestNetworks() {
    }

    /**
     * A network with seeded random parameters spread over the whole range training allows, so that sums reach the
     * sizes where an overflow would show.
     */
    public static Network random(int hidden, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int featureLimit = Math.round(Network.WEIGHT_LIMIT * Network.QA);
        int outputLimit = Math.round(Network.WEIGHT_LIMIT * Network.QB);
        short[] featureWeights = new short[Features.COUNT * hidden];
        for (int i = 0; i < featureWeights.length; i++) {
            featureWeights[i] = (short) random.nextInt(-featureLimit, featureLimit + 1);
        }
        short[] featureBiases = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            featureBiases[i] = (short) random.nextInt(-featureLimit, featureLimit + 1);
        }
        short[] outputWeights = new short[2 * hidden];
        for (int i = 0; i < outputWeights.length; i++) {
            outputWeights[i] = (short) random.nextInt(-outputLimit, outputLimit + 1);
        }
        return new Network(hidden, featureWeights, featureBiases, outputWeights, random.nextInt(-30_000, 30_000));
    }

    /** As {@link #random(int, long)}, of any shape: king mirroring or not, {@code buckets} output buckets. */
    public static Network random(int hidden, boolean kingMirror, int buckets, long seed) {
        Network plain = random(hidden, seed);
        SplittableRandom random = new SplittableRandom(seed + 1);
        int outputLimit = Math.round(Network.WEIGHT_LIMIT * Network.QB);
        short[] featureWeights = new short[Features.COUNT * hidden];
        for (int feature = 0; feature < Features.COUNT; feature++) {
            for (int i = 0; i < hidden; i++) {
                featureWeights[feature * hidden + i] = plain.featureWeight(feature, i);
            }
        }
        short[] featureBiases = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            featureBiases[i] = plain.featureBias(i);
        }
        short[] outputWeights = new short[buckets * 2 * hidden];
        for (int i = 0; i < outputWeights.length; i++) {
            outputWeights[i] = (short) random.nextInt(-outputLimit, outputLimit + 1);
        }
        int[] outputBiases = new int[buckets];
        for (int bucket = 0; bucket < buckets; bucket++) {
            outputBiases[bucket] = random.nextInt(-30_000, 30_000);
        }
        return new Network(hidden, kingMirror, buckets, featureWeights, featureBiases, outputWeights, outputBiases);
    }

    /**
     * As {@link #random(int, boolean, int, long)}, with king buckets: every bucket's 768 rows drawn on their own, so
     * that reading a wrong bucket's row changes the sums.
     */
    public static Network random(int hidden, boolean kingMirror, KingBuckets kingBuckets, int buckets, long seed) {
        Network shape = random(hidden, kingMirror, buckets, seed);
        SplittableRandom random = new SplittableRandom(seed + 2);
        int featureLimit = Math.round(Network.WEIGHT_LIMIT * Network.QA);
        short[] featureWeights = new short[Features.COUNT * kingBuckets.count() * hidden];
        for (int i = 0; i < featureWeights.length; i++) {
            featureWeights[i] = (short) random.nextInt(-featureLimit, featureLimit + 1);
        }
        short[] featureBiases = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            featureBiases[i] = shape.featureBias(i);
        }
        short[] outputWeights = new short[buckets * 2 * hidden];
        for (int bucket = 0; bucket < buckets; bucket++) {
            for (int i = 0; i < 2 * hidden; i++) {
                outputWeights[bucket * 2 * hidden + i] = shape.outputWeight(bucket, i);
            }
        }
        int[] outputBiases = new int[buckets];
        for (int bucket = 0; bucket < buckets; bucket++) {
            outputBiases[bucket] = shape.outputBias(bucket);
        }
        return new Network(hidden, kingMirror, kingBuckets, buckets, featureWeights, featureBiases, outputWeights,
                outputBiases);
    }
}
