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
 * the bias stays within 33 * 502 = 16,566 and fits an int16. The activation v = clamp(acc, 0, QA) is at most 255; an
 * output weight (scale QB = 64) at most 126, so each term v * v * w is below 2^23 and 256 of them fit an int. The
 * sum is taken in ints over chunks of 256 neurons and in a long across chunks, divided by QA (back to scale QA * QB),
 * the output bias (scale QA * QB) added, and the result times SCALE / (QA * QB), rounded, is the score.
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
    /** [feature][neuron], feature-major so one piece's weights are one contiguous row. */
    private final short[] featureWeights;
    private final short[] featureBiases;
    /** [side to move's neurons..., other side's neurons...]. */
    private final short[] outputWeights;
    private final int outputBias;

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
        this.featureWeights = featureWeights.clone();
        this.featureBiases = featureBiases.clone();
        this.outputWeights = outputWeights.clone();
        this.outputBias = outputBias;
    }

    public int hidden() {
        return hidden;
    }

    /** The int16 weight of input {@code feature} into neuron {@code neuron} (for writing the file). */
    short featureWeight(int feature, int neuron) {
        return featureWeights[feature * hidden + neuron];
    }

    short featureBias(int neuron) {
        return featureBiases[neuron];
    }

    short outputWeight(int index) {
        return outputWeights[index];
    }

    int outputBias() {
        return outputBias;
    }

    /** Sets {@code accumulator[offset .. offset + hidden)} to the biases. */
    void setToBiases(short[] accumulator, int offset) {
        System.arraycopy(featureBiases, 0, accumulator, offset, hidden);
    }

    /** Adds the weights of {@code feature} to the accumulator at {@code offset}. */
    void addFeature(short[] accumulator, int offset, int feature) {
        short[] weights = featureWeights;
        int row = feature * hidden;
        for (int i = 0; i < hidden; i++) {
            accumulator[offset + i] += weights[row + i];
        }
    }

    void subtractFeature(short[] accumulator, int offset, int feature) {
        short[] weights = featureWeights;
        int row = feature * hidden;
        for (int i = 0; i < hidden; i++) {
            accumulator[offset + i] -= weights[row + i];
        }
    }

    /** target = source - weights(removed) + weights(added), the common quiet move, in one pass. */
    void subtractAdd(short[] source, short[] target, int offset, int removed, int added) {
        short[] weights = featureWeights;
        int removedRow = removed * hidden;
        int addedRow = added * hidden;
        for (int i = 0; i < hidden; i++) {
            target[offset + i] = (short) (source[offset + i] - weights[removedRow + i] + weights[addedRow + i]);
        }
    }

    /** target = source - weights(removed1) - weights(removed2) + weights(added), a capture, in one pass. */
    void subtractSubtractAdd(short[] source, short[] target, int offset, int removed1, int removed2, int added) {
        short[] weights = featureWeights;
        int removedRow1 = removed1 * hidden;
        int removedRow2 = removed2 * hidden;
        int addedRow = added * hidden;
        for (int i = 0; i < hidden; i++) {
            target[offset + i] = (short) (source[offset + i] - weights[removedRow1 + i] - weights[removedRow2 + i]
                    + weights[addedRow + i]);
        }
    }

    /**
     * Fills {@code accumulator} ({@code 2 * hidden} values: White's perspective, then Black's) from the position's
     * pieces.
     */
    public void refresh(Position position, short[] accumulator) {
        setToBiases(accumulator, 0);
        setToBiases(accumulator, hidden);
        for (long rest = position.occupied(); rest != 0; rest &= rest - 1) {
            int square = Long.numberOfTrailingZeros(rest);
            int piece = position.pieceAt(square);
            addFeature(accumulator, 0, Features.index(Piece.WHITE, piece, square));
            addFeature(accumulator, hidden, Features.index(Piece.BLACK, piece, square));
        }
    }

    /** The score in centipawns for {@code sideToMove}, from an accumulator laid out as {@link #refresh} fills it. */
    public int evaluate(short[] accumulator, int sideToMove) {
        int us = sideToMove == Piece.WHITE ? 0 : hidden;
        int them = hidden - us;
        long sum = activatedDot(accumulator, us, 0) + activatedDot(accumulator, them, hidden);
        long output = sum / QA + outputBias;
        // Rounded to the nearest centipawn rather than toward zero, which would bias every score toward a draw.
        return (int) Math.floorDiv(output * SCALE + QA * QB / 2, QA * QB);
    }

    /** The evaluation computed from scratch, allocating: for the {@code eval} command and tests. */
    public int evaluate(Position position) {
        short[] accumulator = new short[2 * hidden];
        refresh(position, accumulator);
        return evaluate(accumulator, position.sideToMove());
    }

    /** Sum of SCReLU(acc[i]) * w[i] for one perspective's neurons, at scale QA * QA * QB. */
    private long activatedDot(short[] accumulator, int accumulatorOffset, int weightOffset) {
        short[] weights = outputWeights;
        long sum = 0;
        for (int start = 0; start < hidden; start += CHUNK) {
            int end = Math.min(hidden, start + CHUNK);
            int partial = 0;
            for (int i = start; i < end; i++) {
                int v = Math.min(Math.max(accumulator[accumulatorOffset + i], 0), QA);
                partial += v * weights[weightOffset + i] * v;
            }
            sum += partial;
        }
        return sum;
    }
}
