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
}
