package kestrel.engine.nnue.training;

import java.util.Arrays;
import kestrel.engine.nnue.Features;

/**
 * The network's parameters in float, laid out as in the file: feature weights [768][hidden], feature biases
 * [hidden], output weights [2 * hidden] (side to move first), output bias. The same shape holds gradients and the
 * optimizer's moments.
 */
final class Parameters {
    final int hidden;
    final float[] featureWeights;
    final float[] featureBiases;
    final float[] outputWeights;
    final float[] outputBias = new float[1];

    Parameters(int hidden) {
        this.hidden = hidden;
        this.featureWeights = new float[Features.COUNT * hidden];
        this.featureBiases = new float[hidden];
        this.outputWeights = new float[2 * hidden];
    }

    /** The arrays, in a fixed order, for code that treats every parameter alike. */
    float[][] arrays() {
        return new float[][] {featureWeights, featureBiases, outputWeights, outputBias};
    }

    void clear() {
        for (float[] array : arrays()) {
            Arrays.fill(array, 0f);
        }
    }

    /** this += other, element by element. */
    void add(Parameters other) {
        float[][] mine = arrays();
        float[][] theirs = other.arrays();
        for (int a = 0; a < mine.length; a++) {
            float[] target = mine[a];
            float[] source = theirs[a];
            for (int i = 0; i < target.length; i++) {
                target[i] += source[i];
            }
        }
    }
}
