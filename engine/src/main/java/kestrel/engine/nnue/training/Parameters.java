package kestrel.engine.nnue.training;

import java.util.Arrays;
import kestrel.engine.nnue.Features;

/**
 * The network's parameters in float: feature weights as one row of {@code hidden} per input (768 per king bucket),
 * the factoriser's rows (see {@link FloatNetwork}: one per piece kind, or with king buckets one per input of a bucket,
 * shared by the buckets), feature biases [hidden], output
 * weights [buckets][2 * hidden] (each bucket's side to move first), output biases [buckets]. The same shape holds
 * gradients and the optimizer's moments. Rows are separate arrays so that the loops over them index every array by
 * the same {@code i}, which Java 17 vectorizes (offsets into one shared array it cannot prove free of overlap).
 */
final class Parameters {
    final int hidden;
    final float[][] featureWeights;
    /** The factor rows, each shared by the inputs {@link #factorOf} maps to it; zero unless factorised. */
    final float[][] factorWeights;
    private final int kingBuckets;
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
        this(hidden, 1, buckets);
    }

    Parameters(int hidden, int kingBuckets, int buckets) {
        this.hidden = hidden;
        this.kingBuckets = kingBuckets;
        int features = Features.COUNT * kingBuckets;
        int factors = kingBuckets == 1 ? Features.KINDS : Features.COUNT;
        this.featureWeights = new float[features][hidden];
        this.factorWeights = new float[factors][hidden];
        this.featureBiases = new float[hidden];
        this.outputWeights = new float[buckets][2 * hidden];
        this.outputBias = new float[buckets];
        all = new float[features + factors + buckets + 2][];
        System.arraycopy(featureWeights, 0, all, 0, features);
        System.arraycopy(factorWeights, 0, all, features, factors);
        all[features + factors] = featureBiases;
        System.arraycopy(outputWeights, 0, all, features + factors + 1, buckets);
        all[features + factors + buckets + 1] = outputBias;
    }

    /**
     * The factor row of input {@code feature}: its piece kind ({@link Features#kind}) with one king bucket; with
     * more, the same input of every bucket shares a row ({@code feature % 768}), which learns what a piece on a square
     * is worth wherever the king stands from all positions, while the buckets' own rows learn only the difference.
     */
    int factorOf(int feature) {
        return kingBuckets == 1 ? Features.kind(feature) : feature % Features.COUNT;
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

    /** Each factor row becomes the sum of the rows of its inputs: the gradient of a factor from theirs. */
    void sumFactorsFromFeatures() {
        sumFactorsFromFeatures(0, factorWeights.length);
    }

    /**
     * {@link #sumFactorsFromFeatures()} for the factor rows {@code from .. to} alone, each summed over its inputs in
     * input order, so that threads may share the rows and the sums are those of one thread.
     */
    void sumFactorsFromFeatures(int from, int to) {
        for (int factor = from; factor < to; factor++) {
            Arrays.fill(factorWeights[factor], 0f);
        }
        for (int feature = 0; feature < featureWeights.length; feature++) {
            int factor = factorOf(feature);
            if (factor < from || factor >= to) {
                continue;
            }
            float[] target = factorWeights[factor];
            float[] source = featureWeights[feature];
            for (int i = 0; i < hidden; i++) {
                target[i] += source[i];
            }
        }
    }

    /** How many arrays {@link #arrays} holds: the unit in which threads share the element-wise work. */
    int arrayCount() {
        return all.length;
    }

    /** this += other, element by element. */
    void add(Parameters other) {
        add(other, 0, all.length);
    }

    /** {@link #add(Parameters)} for the arrays {@code from .. to} of {@link #arrays} alone. */
    void add(Parameters other, int from, int to) {
        float[][] mine = arrays();
        float[][] theirs = other.arrays();
        for (int a = from; a < to; a++) {
            float[] target = mine[a];
            float[] source = theirs[a];
            for (int i = 0; i < target.length; i++) {
                target[i] += source[i];
            }
        }
    }
}
