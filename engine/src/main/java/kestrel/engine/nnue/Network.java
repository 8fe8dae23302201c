package kestrel.engine.nnue;

import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * A quantized perspective network, immutable, so any number of searches may share one.
 *
 * <p>768 inputs per side ({@link Features}) feed a feature transformer of {@code hidden} neurons, whose weights and
 * biases both perspectives share. Each perspective's accumulator goes through SCReLU (clamp to [0, 1], then square);
 * the two results, the side to move's first, feed one output neuron. Evaluation in centipawns = output * SCALE.
 *
 * <p>Integer arithmetic, exact and overflow-free (see docs/nnue.md): feature weights and biases are int16 at scale
 * QA = 255 and clipped to |w| &le; {@link #WEIGHT_LIMIT} in training, so an accumulator of at most 32 pieces plus
 * the bias stays within 33 * 502 = 16,566 (an int16 would hold it). The activation v = clamp(acc, 0, QA) is at most
 * 255; an output weight (scale QB = 64) at most 126, so each term v * v * w is below 2^23 and 256 of them fit an int.
 * The sum is taken in ints over chunks of 256 neurons and in a long across chunks, divided by QA (back to scale
 * QA * QB), the output bias (scale QA * QB) added, and the result times SCALE / (QA * QB), rounded, is the score.
 *
 * <p>In memory the int16 parameters are widened to int, and accumulators are ints: Java 17's loop vectorizer does not
 * mix 16- and 32-bit lanes, so int arrays throughout, each loop indexing its arrays by the same {@code i} (separate
 * arrays per weight row and per perspective rather than offsets into one array, which it cannot prove free of
 * overlap), and a branch-free clamp, are what lets every loop here run on vector instructions.
 */
public final class Network {
    public static final int QA = 255;
    public static final int QB = 64;
    public static final int SCALE = 400;
    /** The largest magnitude of any float weight or bias the trainer keeps, so that quantization cannot overflow. */
    public static final float WEIGHT_LIMIT = 1.97f;
    public static final int MAX_HIDDEN = 4096;
    /** Neurons per int partial sum: 256 * 255 * 255 * 126 stays below 2^31. */
    private static final int CHUNK = 256;

    private final int hidden;
    /** One row of {@code hidden} weights per input feature. */
    private final int[][] featureWeights;
    private final int[] featureBiases;
    /** Output weights of the side to move's neurons and of the other side's. */
    private final int[] ownOutputWeights;
    private final int[] otherOutputWeights;
    private final int outputBias;

    /**
     * A network from its int16 parameters, laid out as in the file: feature weights [768][hidden] (feature-major),
     * biases [hidden], output weights [2 * hidden] (side to move's neurons first), output bias.
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
        this.hidden = hidden;
        this.featureWeights = new int[Features.COUNT][];
        for (int feature = 0; feature < Features.COUNT; feature++) {
            this.featureWeights[feature] = widen(featureWeights, feature * hidden, hidden);
        }
        this.featureBiases = widen(featureBiases, 0, hidden);
        this.ownOutputWeights = widen(outputWeights, 0, hidden);
        this.otherOutputWeights = widen(outputWeights, hidden, hidden);
        this.outputBias = outputBias;
    }

    private static int[] widen(short[] values, int from, int length) {
        int[] result = new int[length];
        for (int i = 0; i < length; i++) {
            result[i] = values[from + i];
        }
        return result;
    }

    public int hidden() {
        return hidden;
    }

    /** The int16 weight of input {@code feature} into neuron {@code neuron} (for writing the file). */
    short featureWeight(int feature, int neuron) {
        return (short) featureWeights[feature][neuron];
    }

    short featureBias(int neuron) {
        return (short) featureBiases[neuron];
    }

    /** Output weight {@code index} in the file's order: the side to move's neurons, then the other side's. */
    short outputWeight(int index) {
        return (short) (index < hidden ? ownOutputWeights[index] : otherOutputWeights[index - hidden]);
    }

    int outputBias() {
        return outputBias;
    }

    /** Adds the weights of {@code feature} to the accumulator. */
    void addFeature(int[] accumulator, int feature) {
        int[] weights = featureWeights[feature];
        for (int i = 0; i < hidden; i++) {
            accumulator[i] += weights[i];
        }
    }

    /** target = source - weights(removed) + weights(added), the common quiet move, in one pass. */
    void subtractAdd(int[] source, int[] target, int removed, int added) {
        int[] removedRow = featureWeights[removed];
        int[] addedRow = featureWeights[added];
        for (int i = 0; i < hidden; i++) {
            target[i] = source[i] - removedRow[i] + addedRow[i];
        }
    }

    /** target = source - weights(removed1) - weights(removed2) + weights(added), a capture, in one pass. */
    void subtractSubtractAdd(int[] source, int[] target, int removed1, int removed2, int added) {
        int[] removedRow1 = featureWeights[removed1];
        int[] removedRow2 = featureWeights[removed2];
        int[] addedRow = featureWeights[added];
        for (int i = 0; i < hidden; i++) {
            target[i] = source[i] - removedRow1[i] - removedRow2[i] + addedRow[i];
        }
    }

    /** Fills the two accumulators (White's perspective, Black's) from the position's pieces. */
    public void refresh(Position position, int[] white, int[] black) {
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
    public int evaluate(int[] own, int[] other) {
        long sum = activatedDot(own, ownOutputWeights) + activatedDot(other, otherOutputWeights);
        long output = sum / QA + outputBias;
        // Rounded to the nearest centipawn rather than toward zero, which would bias every score toward a draw.
        return (int) Math.floorDiv(output * SCALE + QA * QB / 2, QA * QB);
    }

    /** The evaluation computed from scratch, allocating: for the {@code eval} command and tests. */
    public int evaluate(Position position) {
        int[] white = new int[hidden];
        int[] black = new int[hidden];
        refresh(position, white, black);
        return position.sideToMove() == Piece.WHITE ? evaluate(white, black) : evaluate(black, white);
    }

    /** Sum of SCReLU(acc[i]) * w[i] over one perspective's neurons, at scale QA * QA * QB. */
    private long activatedDot(int[] accumulator, int[] weights) {
        long sum = 0;
        for (int start = 0; start < hidden; start += CHUNK) {
            int end = Math.min(hidden, start + CHUNK);
            int partial = 0;
            for (int i = start; i < end; i++) {
                // clamp(x, 0, QA) without branches or Math.min/max, which the vectorizer leaves scalar.
                int x = accumulator[i];
                int positive = x & ~(x >> 31);
                int excess = QA - positive;
                int v = QA - (excess & ~(excess >> 31));
                partial += v * weights[i] * v;
            }
            sum += partial;
        }
        return sum;
    }
}
