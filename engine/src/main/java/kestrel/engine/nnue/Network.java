package kestrel.engine.nnue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * A quantized perspective network, immutable, so any number of searches may share one.
 *
 * <p>768 inputs per side ({@link Features}) feed a feature transformer of {@code hidden} neurons, whose weights and
 * biases both perspectives share. Each perspective's accumulator goes through SCReLU (clamp to [0, 1], then square);
 * the two results, the side to move's first, feed one output neuron. Evaluation in centipawns = output * SCALE.
 *
 * <p>Integer arithmetic, exact and overflow-free (see docs/nnue.md), in int16 as the file stores it: feature weights
 * and biases are at scale QA = 255 and at most {@link #MAX_FEATURE_WEIGHT} = 502 in magnitude (training clips them to
 * {@link #WEIGHT_LIMIT}), so an accumulator, the bias plus at most 64 pieces, stays within 65 * 502 = 32,630 and is an
 * int16 at every step. The activation v = clamp(acc, 0, QA) is at most 255; an output weight (scale QB = 64) at most
 * {@link #MAX_OUTPUT_WEIGHT} = 126, so v * w fits an int16, each term v * v * w is below 2^23 and 256 of them fit an
 * int. The sum is taken in ints over chunks of 256 neurons and in a long across chunks, divided by QA (back to scale
 * QA * QB), the output bias (scale QA * QB) added, and the result times SCALE / (QA * QB), rounded, is the score. The
 * constructor refuses parameters beyond these limits.
 *
 * <p>The inner loops run on {@link VectorKernels} (the Vector API, int16 lanes) when the runtime has the module
 * {@code jdk.incubator.vector} ({@code --add-modules jdk.incubator.vector}), on {@link ScalarKernels} otherwise; the
 * choice is made once, in a constant the JIT folds, and both give the same results bit for bit. Each weight row and
 * each perspective's accumulator is an array of its own.
 */
public final class Network {
    public static final int QA = ActivationRange.QA;
    public static final int QB = 64;
    public static final int SCALE = 400;
    /** The largest magnitude of any float weight or bias the trainer keeps, so that quantization cannot overflow. */
    public static final float WEIGHT_LIMIT = 1.97f;
    /** The largest magnitude of a quantized feature weight or bias: 65 of them fit an int16. */
    public static final int MAX_FEATURE_WEIGHT = Math.round(WEIGHT_LIMIT * QA);
    /** The largest magnitude of a quantized output weight: times QA it fits an int16. */
    public static final int MAX_OUTPUT_WEIGHT = Math.round(WEIGHT_LIMIT * QB);
    public static final int MAX_HIDDEN = 4096;
    /** Neurons per int partial sum: 256 * 255 * 255 * 126 stays below 2^31. */
    static final int CHUNK = ActivationRange.CHUNK;
    /**
     * The system property that, set to true, keeps inference on the scalar kernels although the Vector API is there:
     * for tests and measurements. Read once.
     */
    public static final String SCALAR_PROPERTY = "kestrel.nnue.scalar";
    /** Whether the Vector API is in the runtime and not switched off. */
    private static final boolean VECTORIZED =
            ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent() && !Boolean.getBoolean(SCALAR_PROPERTY);
    /**
     * Whether the inner loops run on {@link VectorKernels} yet: only once they are compiled. Until the JIT's top tier
     * has compiled them, Vector API code runs some hundred times slower than the scalar loops (a fresh process
     * searched its first move four times slower), so from the first evaluation on a thread of its own runs them on
     * scratch arrays ({@link VectorWarmUp}) while the scalar kernels serve, and then switches. Not before: at start-up
     * it would hold up {@code uciok}. Both give the same results to the
     * bit, so a switch in the middle of a search changes nothing but speed. Read without synchronization (a
     * volatile read in every kernel call cost 10 % of the search's speed): a thread that sees the switch late only
     * evaluates on the scalar kernels a little longer.
     */
    private static boolean vectorKernelsInUse;
    private static final AtomicBoolean VECTOR_WARM_UP_STARTED = new AtomicBoolean();

    /** Starts compiling the vector kernels in the background, once, when the Vector API is there. */
    private static void startVectorWarmUp() {
        if (!VECTOR_WARM_UP_STARTED.get() && VECTOR_WARM_UP_STARTED.compareAndSet(false, true)) {
            VectorWarmUp.start(() -> vectorKernelsInUse = true);
        }
    }

    private final int hidden;
    /** One row of {@code hidden} weights per input feature. */
    private final short[][] featureWeights;
    private final short[] featureBiases;
    /** Output weights of the side to move's neurons and of the other side's. */
    private final short[] ownOutputWeights;
    private final short[] otherOutputWeights;
    private final int outputBias;

    /**
     * A network from its int16 parameters, laid out as in the file: feature weights [768][hidden] (feature-major),
     * biases [hidden], output weights [2 * hidden] (side to move's neurons first), output bias.
     *
     * @throws IllegalArgumentException if a size does not match, or a parameter is beyond what training produces
     */
    public Network(int hidden, short[] featureWeights, short[] featureBiases, short[] outputWeights, int outputBias) {
        if (hidden < 1 || hidden > MAX_HIDDEN) {
            throw new IllegalArgumentException("hidden size must be 1 .. " + MAX_HIDDEN + ": " + hidden);
        }
        if (featureWeights.length != Features.COUNT * hidden || featureBiases.length != hidden
                || outputWeights.length != 2 * hidden) {
            throw new IllegalArgumentException("array sizes do not match hidden size " + hidden);
        }
        if (outputBias != (short) outputBias) {
            throw new IllegalArgumentException("output bias beyond int16: " + outputBias);
        }
        checkRange("feature weight", featureWeights, MAX_FEATURE_WEIGHT);
        checkRange("feature bias", featureBiases, MAX_FEATURE_WEIGHT);
        checkRange("output weight", outputWeights, MAX_OUTPUT_WEIGHT);
        this.hidden = hidden;
        this.featureWeights = new short[Features.COUNT][];
        for (int feature = 0; feature < Features.COUNT; feature++) {
            this.featureWeights[feature] = Arrays.copyOfRange(featureWeights, feature * hidden, (feature + 1) * hidden);
        }
        this.featureBiases = featureBiases.clone();
        this.ownOutputWeights = Arrays.copyOfRange(outputWeights, 0, hidden);
        this.otherOutputWeights = Arrays.copyOfRange(outputWeights, hidden, 2 * hidden);
        this.outputBias = outputBias;
    }

    private static void checkRange(String name, short[] values, int limit) {
        for (int i = 0; i < values.length; i++) {
            if (Math.abs(values[i]) > limit) {
                throw new IllegalArgumentException(name + " " + i + " is " + values[i] + ", beyond +-" + limit);
            }
        }
    }

    /**
     * Whether inference runs on the Vector API here (the module is in the runtime and not switched off), once its
     * kernels are compiled ({@link #vectorKernelsInUse}).
     */
    public static boolean vectorized() {
        return VECTORIZED;
    }

    /** Whether the Vector API kernels are compiled and in use now. */
    public static boolean vectorKernelsInUse() {
        return vectorKernelsInUse;
    }

    public int hidden() {
        return hidden;
    }

    /** The int16 weight of input {@code feature} into neuron {@code neuron} (for writing the file). */
    short featureWeight(int feature, int neuron) {
        return featureWeights[feature][neuron];
    }

    short featureBias(int neuron) {
        return featureBiases[neuron];
    }

    /** Output weight {@code index} in the file's order: the side to move's neurons, then the other side's. */
    short outputWeight(int index) {
        return index < hidden ? ownOutputWeights[index] : otherOutputWeights[index - hidden];
    }

    int outputBias() {
        return outputBias;
    }

    /** Adds the weights of {@code feature} to the accumulator. */
    void addFeature(short[] accumulator, int feature) {
        if (vectorKernelsInUse) {
            VectorKernels.add(accumulator, featureWeights[feature], hidden);
        } else {
            ScalarKernels.add(accumulator, featureWeights[feature], hidden);
        }
    }

    /** target = source - weights(removed) + weights(added), the common quiet move, in one pass. */
    void subtractAdd(short[] source, short[] target, int removed, int added) {
        if (vectorKernelsInUse) {
            VectorKernels.subtractAdd(source, target, featureWeights[removed], featureWeights[added], hidden);
        } else {
            ScalarKernels.subtractAdd(source, target, featureWeights[removed], featureWeights[added], hidden);
        }
    }

    /** target = source - weights(removed1) - weights(removed2) + weights(added), a capture, in one pass. */
    void subtractSubtractAdd(short[] source, short[] target, int removed1, int removed2, int added) {
        if (vectorKernelsInUse) {
            VectorKernels.subtractSubtractAdd(source, target, featureWeights[removed1], featureWeights[removed2],
                    featureWeights[added], hidden);
        } else {
            ScalarKernels.subtractSubtractAdd(source, target, featureWeights[removed1], featureWeights[removed2],
                    featureWeights[added], hidden);
        }
    }

    /** Fills the two accumulators (White's perspective, Black's) from the position's pieces. */
    public void refresh(Position position, short[] white, short[] black) {
        System.arraycopy(featureBiases, 0, white, 0, hidden);
        System.arraycopy(featureBiases, 0, black, 0, hidden);
        for (long rest = position.occupied(); rest != 0; rest &= rest - 1) {
            int square = Long.numberOfTrailingZeros(rest);
            int piece = position.pieceAt(square);
            addFeature(white, Features.index(Piece.WHITE, piece, square));
            addFeature(black, Features.index(Piece.BLACK, piece, square));
        }
    }

    /** The score in centipawns for the side to move, from its accumulator and the other side's. */
    public int evaluate(short[] own, short[] other) {
        if (VECTORIZED && !vectorKernelsInUse) {
            startVectorWarmUp();
        }
        long sum = activatedDot(own, ownOutputWeights) + activatedDot(other, otherOutputWeights);
        long output = sum / QA + outputBias;
        // Rounded to the nearest centipawn rather than toward zero, which would bias every score toward a draw.
        return (int) Math.floorDiv(output * SCALE + QA * QB / 2, QA * QB);
    }

    /** The evaluation computed from scratch, allocating: for the {@code eval} command and tests. */
    public int evaluate(Position position) {
        short[] white = new short[hidden];
        short[] black = new short[hidden];
        refresh(position, white, black);
        return position.sideToMove() == Piece.WHITE ? evaluate(white, black) : evaluate(black, white);
    }

    /** Sum of SCReLU(acc[i]) * w[i] over one perspective's neurons, at scale QA * QA * QB. */
    private long activatedDot(short[] accumulator, short[] weights) {
        return vectorKernelsInUse ? VectorKernels.activatedDot(accumulator, weights, hidden)
                : ScalarKernels.activatedDot(accumulator, weights, 0, hidden);
    }
}
