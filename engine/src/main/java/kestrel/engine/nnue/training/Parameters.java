package kestrel.engine.nnue.training;

import java.util.Arrays;
import kestrel.engine.nnue.Features;

/**
 * The network's parameters in float: feature weights as one row of {@code hidden} per input, one more row per
 * (relative colour, piece type) for the factoriser (see {@link FloatNetwork}), feature biases [hidden], output
 * weights [buckets][2 * hidden] (each bucket's side to move first), output biases [buckets]. The same shape holds
 * gradients and the optimizer's moments. Rows are separate arrays so that the loops over them index every array by
 * the same {@code i}, which Java 17 vectorizes (offsets into one shared array it cannot prove free of overlap).
 */
final class Parameters {
    final int hidden;
    final float[][] featureWeights;
    /** Row {@code k} is shared by the 64 inputs of piece kind k ({@link Features#kind}); zero unless factorised. */
    final float[][] factorWeights;
    final float[] featureBiases;
    /** One row of 2 * hidden per output bucket ({@link kestrel.engine.nnue.Network#outputBucket}). */
    final float[][] outputWeights;
    final float[] outputBias;
    /** Every array above, rows first, for code that treats every parameter alike. */
    private final float[][] all;

    /** Parameters of one output bucket. */
    Parameters(int hidden) {
        this(hidden, 1);
    }

    Parameters(int hidden, int buckets) {
        this.hidden = hidden;
        this.featureWeights = new float[Features.COUNT][hidden];
        this.factorWeights = new float[Features.KINDS][hidden];
        this.featureBiases = new float[hidden];
        this.outputWeights = new float[buckets][2 * hidden];
        this.outputBias = new float[buckets];
        all = new float[Features.COUNT + Features.KINDS + buckets + 2][];
        System.arraycopy(featureWeights, 0, all, 0, Features.COUNT);
        System.arraycopy(factorWeights, 0, all, Features.COUNT, Features.KINDS);
        all[Features.COUNT + Features.KINDS] = featureBiases;
        System.arraycopy(outputWeights, 0, all, Features.COUNT + Features.KINDS + 1, buckets);
        all[Features.COUNT + Features.KINDS + buckets + 1] = outputBias;
    }

    int buckets() {
        return outputBias.length;
    }

    /**
     * The arrays, in a fixed order: the feature weight rows, the factor rows, the biases, the output weight rows
     * (bucket by bucket), the output biases. With one bucket, the order and the arrays of the trainer before buckets.
     */
    float[][] arrays() {
        return all;
    }

    void clear() {
        for (float[] array : arrays()) {
            Arrays.fill(array, 0f);
        }
    }

    /** Each factor row becomes the sum of the rows of its 64 inputs: the gradient of a factor from theirs. */
    void sumFactorsFromFeatures() {
        for (float[] row : factorWeights) {
            Arrays.fill(row, 0f);
        }
        for (int feature = 0; feature < Features.COUNT; feature++) {
            float[] target = factorWeights[Features.kind(feature)];
            float[] source = featureWeights[feature];
            for (int i = 0; i < hidden; i++) {
                target[i] += source[i];
            }
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
