package kestrel.engine.nnue.training;

import java.util.SplittableRandom;
import kestrel.engine.Position;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;

/**
 * The network as the trainer sees it: float parameters, a forward pass, the gradient of the loss, and the
 * quantization into the engine's {@link Network}. Its output is in units of score / {@value Network#SCALE}, so
 * sigmoid(output) is the expected result and output * SCALE the centipawns.
 *
 * <p><b>Factoriser.</b> When {@code factorised}, the weight row an input feeds into the hidden layer is its own row
 * plus a row shared by the 64 inputs of its piece kind ("my knight", "their rook", ...). The shared row learns
 * what a piece is worth anywhere from every position that has one, while each square's own row learns only from
 * the positions with a piece of that kind on that square; with few positions that is what lets the network learn
 * the common part first. The engine's network has no such rows: quantization adds them into each input's row, so
 * inference is the same as without. With <b>king buckets</b> the factor rows are instead one per input of a bucket,
 * shared by the K buckets ({@link Parameters#factorOf}): each bucket's own rows learn only how the king's place
 * changes an input's worth, and an input seen rarely in one bucket still learns from the others.
 *
 * <p><b>King mirroring</b> and king buckets change only which inputs are active ({@link TrainingData#features}); <b>output
 * buckets</b> give each bucket ({@link Network#outputBucket}) its own output weights and bias, and a position's
 * forward and backward pass use its bucket's alone.
 */
public final class FloatNetwork {
    final Parameters parameters;
    private final boolean factorised;
    private final boolean kingMirror;
    private final KingBuckets kingBuckets;
    /** Each input's row as the forward pass uses it: its own weights plus its factor's. */
    private final float[][] effectiveWeights;

    FloatNetwork(int hidden, boolean factorised) {
        this(hidden, factorised, false, 1);
    }

    FloatNetwork(int hidden, boolean factorised, boolean kingMirror, int buckets) {
        this(hidden, factorised, kingMirror, KingBuckets.NONE, buckets);
    }

    FloatNetwork(int hidden, boolean factorised, boolean kingMirror, KingBuckets kingBuckets, int buckets) {
        parameters = new Parameters(hidden, kingBuckets.count(), buckets);
        this.factorised = factorised;
        this.kingMirror = kingMirror;
        this.kingBuckets = kingBuckets;
        effectiveWeights = factorised ? new float[Features.COUNT * kingBuckets.count()][hidden]
                : parameters.featureWeights;
    }

    public int hidden() {
        return parameters.hidden;
    }

    public boolean kingMirror() {
        return kingMirror;
    }

    public int outputBuckets() {
        return parameters.buckets();
    }

    public KingBuckets kingBuckets() {
        return kingBuckets;
    }

    /** Seeded random start: small feature weights, so accumulators begin inside SCReLU's working range. */
    static FloatNetwork initial(int hidden, boolean factorised, long seed) {
        return initial(hidden, factorised, false, 1, seed);
    }

    /**
     * Seeded random start of any shape. The random numbers are drawn in the order of the first shape's, each
     * bucket's output weights after the one before, so a network of one bucket starts as it always did.
     */
    static FloatNetwork initial(int hidden, boolean factorised, boolean kingMirror, int buckets, long seed) {
        return initial(hidden, factorised, kingMirror, KingBuckets.NONE, buckets, seed);
    }

    /** As {@link #initial(int, boolean, boolean, int, long)}, the feature rows bucket after bucket. */
    static FloatNetwork initial(int hidden, boolean factorised, boolean kingMirror, KingBuckets kingBuckets,
                                int buckets, long seed) {
        FloatNetwork network = new FloatNetwork(hidden, factorised, kingMirror, kingBuckets, buckets);
        SplittableRandom random = new SplittableRandom(seed);
        Parameters p = network.parameters;
        for (float[] row : p.featureWeights) {
            fillUniform(row, 0.1f, random);
        }
        fillUniform(p.featureBiases, 0.1f, random);
        for (float[] row : p.outputWeights) {
            fillUniform(row, (float) (1 / Math.sqrt(hidden)), random);
        }
        network.constrain();
        return network;
    }

    private static void fillUniform(float[] values, float limit, SplittableRandom random) {
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) ((random.nextDouble() * 2 - 1) * limit);
        }
    }

    /**
     * The output for the features in {@code work} (own and other view) through the output bucket
     * {@code work.bucket}; leaves the sums and their activations in the workspace.
     *
     * <p>The output layer is three loops over the hidden neurons: the activations and each neuron pair's term are
     * element-wise loops the JIT vectorizes (plain float arrays indexed by the same {@code i}, no branches), then the
     * terms are summed. The sum adds them one by one in neuron order, as the single loop before did, so the network
     * trained is the same bit for bit (Java's float arithmetic has one answer for one order; the JIT may vectorize
     * such a float sum only in that order). Partial sums in lanes would be faster and change every trained network.
     */
    float forward(Workspace work) {
        Parameters p = parameters;
        int hidden = p.hidden;
        accumulate(p, effectiveWeights, work.ownFeatures, work.featureCount, work.own);
        accumulate(p, effectiveWeights, work.otherFeatures, work.featureCount, work.other);
        activate(work.own, work.ownActivation, hidden);
        activate(work.other, work.otherActivation, hidden);
        float[] ownActivation = work.ownActivation;
        float[] otherActivation = work.otherActivation;
        float[] outputWeights = p.outputWeights[work.bucket];
        float[] terms = work.terms;
        for (int i = 0; i < hidden; i++) {
            terms[i] = ownActivation[i] * outputWeights[i] + otherActivation[i] * outputWeights[hidden + i];
        }
        float sum = p.outputBias[work.bucket];
        for (int i = 0; i < hidden; i++) {
            sum += terms[i];
        }
        return sum;
    }

    /** {@code activations[i] = screlu(sums[i])} for the first {@code hidden}. */
    private static void activate(float[] sums, float[] activations, int hidden) {
        for (int i = 0; i < hidden; i++) {
            float clamped = Math.min(Math.max(sums[i], 0f), 1f);
            activations[i] = clamped * clamped;
        }
    }

    private static void accumulate(Parameters p, float[][] weights, int[] features, int count, float[] sums) {
        int hidden = p.hidden;
        System.arraycopy(p.featureBiases, 0, sums, 0, hidden);
        for (int f = 0; f < count; f++) {
            float[] row = weights[features[f]];
            for (int i = 0; i < hidden; i++) {
                sums[i] += row[i];
            }
        }
    }

    /**
     * Adds to {@code gradients} the gradient of the loss whose derivative with respect to the output is
     * {@code outputGradient}, for the position of the last {@link #forward} on {@code work}. The factor rows' share
     * is added once per batch, by {@link #addFactorGradients}.
     */
    void backward(Workspace work, float outputGradient, Parameters gradients) {
        Parameters p = parameters;
        int hidden = p.hidden;
        int bucket = work.bucket;
        float[] outputWeights = p.outputWeights[bucket];
        float[] outputWeightGradients = gradients.outputWeights[bucket];
        float[] biasGradients = gradients.featureBiases;
        gradients.outputBias[bucket] += outputGradient;
        // The output weights' gradients, one loop per half of the array (one loop storing into both halves would
        // not vectorize: the JIT cannot prove that i and hidden + i never meet).
        float[] ownActivation = work.ownActivation;
        float[] otherActivation = work.otherActivation;
        for (int i = 0; i < hidden; i++) {
            outputWeightGradients[i] += outputGradient * ownActivation[i];
        }
        for (int i = 0; i < hidden; i++) {
            outputWeightGradients[hidden + i] += outputGradient * otherActivation[i];
        }
        for (int i = 0; i < hidden; i++) {
            float own = work.own[i];
            float other = work.other[i];
            float ownGradient = outputGradient * outputWeights[i] * screluSlope(own);
            float otherGradient = outputGradient * outputWeights[hidden + i] * screluSlope(other);
            work.ownGradient[i] = ownGradient;
            work.otherGradient[i] = otherGradient;
            biasGradients[i] += ownGradient + otherGradient;
        }
        float[] ownGradients = work.ownGradient;
        float[] otherGradients = work.otherGradient;
        for (int f = 0; f < work.featureCount; f++) {
            float[] ownRow = gradients.featureWeights[work.ownFeatures[f]];
            for (int i = 0; i < hidden; i++) {
                ownRow[i] += ownGradients[i];
            }
            float[] otherRow = gradients.featureWeights[work.otherFeatures[f]];
            for (int i = 0; i < hidden; i++) {
                otherRow[i] += otherGradients[i];
            }
        }
    }

    static float screlu(float x) {
        float clamped = Math.min(Math.max(x, 0f), 1f);
        return clamped * clamped;
    }

    private static float screluSlope(float x) {
        return x > 0f && x < 1f ? 2 * x : 0f;
    }

    /** The float evaluation in centipawns for the side to move, as the quantized network approximates it. */
    public double evaluate(Position position) {
        Workspace work = new Workspace(hidden());
        int us = position.sideToMove();
        int ownKing = position.kingSquare(us);
        int otherKing = position.kingSquare(us ^ 1);
        int ownMirror = kingMirror ? Features.mirror(ownKing) : 0;
        int otherMirror = kingMirror ? Features.mirror(otherKing) : 0;
        int ownBucket = kingBuckets.bucket(us, ownKing, ownMirror);
        int otherBucket = kingBuckets.bucket(us ^ 1, otherKing, otherMirror);
        int count = 0;
        for (long rest = position.occupied(); rest != 0; rest &= rest - 1) {
            int square = Long.numberOfTrailingZeros(rest);
            int piece = position.pieceAt(square);
            work.ownFeatures[count] = Features.bucketed(ownBucket, us, piece, square ^ ownMirror);
            work.otherFeatures[count] = Features.bucketed(otherBucket, us ^ 1, piece, square ^ otherMirror);
            count++;
        }
        work.featureCount = count;
        work.bucket = Network.outputBucket(count, outputBuckets());
        return forward(work) * Network.SCALE;
    }

    /**
     * Completes a batch's summed {@code gradients}: a factor row's gradient is the sum of those of its inputs' rows,
     * as it is added into each of them. Nothing to do without the factoriser.
     */
    void addFactorGradients(Parameters gradients) {
        if (factorised) {
            gradients.sumFactorsFromFeatures();
        }
    }

    /** Whether the network trains with the factoriser. */
    boolean factorised() {
        return factorised;
    }

    /**
     * Clamps every parameter to ±{@link Network#WEIGHT_LIMIT}, which keeps the quantized sums in range, and, when
     * factorised, each input's own weights so that own + factor stays within the limit too; then brings the rows
     * the forward pass uses up to date. Called after every change of the parameters.
     */
    void constrain() {
        float limit = Network.WEIGHT_LIMIT;
        for (float[] values : parameters.arrays()) {
            for (int i = 0; i < values.length; i++) {
                values[i] = Math.min(Math.max(values[i], -limit), limit);
            }
        }
        constrainFeatureRows(0, effectiveWeights.length);
    }

    /** The input rows, 768 per king bucket: the unit in which threads share {@link #constrainFeatureRows}. */
    int featureRows() {
        return effectiveWeights.length;
    }

    /**
     * The second half of {@link #constrain}, once every parameter is within the limit: for the input rows
     * {@code from .. to}, each input's own weights clamped so that own + factor stays within it, and the rows the
     * forward pass uses brought up to date. Row by row, so threads may share the rows. Nothing to do without the
     * factoriser.
     */
    void constrainFeatureRows(int from, int to) {
        if (!factorised) {
            return;
        }
        float limit = Network.WEIGHT_LIMIT;
        int hidden = parameters.hidden;
        for (int feature = from; feature < to; feature++) {
            float[] own = parameters.featureWeights[feature];
            float[] factor = parameters.factorWeights[parameters.factorOf(feature)];
            float[] effective = effectiveWeights[feature];
            for (int i = 0; i < hidden; i++) {
                own[i] = Math.min(Math.max(own[i], -limit - factor[i]), limit - factor[i]);
                effective[i] = own[i] + factor[i];
            }
        }
    }

    /**
     * The engine's network: feature weights and biases times QA, output weights times QB, output biases times
     * QA * QB, each rounded to the nearest int16; output weights bucket after bucket, as the file holds them.
     */
    public Network quantize() {
        Parameters p = parameters;
        int buckets = p.buckets();
        int features = Features.COUNT * kingBuckets.count();
        float[] featureWeights = new float[features * p.hidden];
        for (int feature = 0; feature < features; feature++) {
            System.arraycopy(effectiveWeights[feature], 0, featureWeights, feature * p.hidden, p.hidden);
        }
        float[] outputWeights = new float[buckets * 2 * p.hidden];
        for (int bucket = 0; bucket < buckets; bucket++) {
            System.arraycopy(p.outputWeights[bucket], 0, outputWeights, bucket * 2 * p.hidden, 2 * p.hidden);
        }
        short[] outputBiases = round(p.outputBias, Network.QA * Network.QB);
        int[] biases = new int[buckets];
        for (int bucket = 0; bucket < buckets; bucket++) {
            biases[bucket] = outputBiases[bucket];
        }
        return new Network(p.hidden, kingMirror, kingBuckets, buckets, round(featureWeights, Network.QA),
                round(p.featureBiases, Network.QA), round(outputWeights, Network.QB), biases);
    }

    private static short[] round(float[] values, int scale) {
        short[] result = new short[values.length];
        for (int i = 0; i < values.length; i++) {
            long rounded = Math.round((double) values[i] * scale);
            result[i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, rounded));
        }
        return result;
    }
}
