package kestrel.engine.nnue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * A quantized perspective network, immutable, so any number of searches may share one.
 *
 * <p>768 inputs per side ({@link Features}) feed a feature transformer of {@code hidden} neurons, whose weights and
 * biases both perspectives share. Each perspective's accumulator goes through SCReLU (clamp to [0, 1], then square);
 * the two results, the side to move's first, feed one output neuron. Evaluation in centipawns = output * SCALE.
 *
 * <p>Two options of the shape (file format version 2): <b>king mirroring</b>, where each perspective sees the board
 * flipped left to right while its own king stands on files e to h ({@link Features#mirror}), and <b>output
 * buckets</b>, N output neurons of which the position's piece count picks one ({@link #outputBucket}). A network of
 * version 1 has neither: no mirroring, one bucket. Version 3 adds <b>king buckets</b> ({@link KingBuckets}): K sets of
 * 768 inputs, of which each perspective's own king square picks one.
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
 * {@code jdk.incubator.vector} ({@code --add-modules jdk.incubator.vector}) and once the JIT has compiled them, on
 * {@link ScalarKernels} until then and when the module is absent: the network switches from the one to the other at
 * run time ({@link #vectorKernelsInUse()}), and both give the same results bit for bit. Each weight row and each
 * perspective's accumulator is an array of its own.
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
    /** The most output buckets a network may have: one per piece count from 2 to 33 would be more than enough. */
    public static final int MAX_OUTPUT_BUCKETS = 32;
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

    /**
     * Compiles the vector kernels on the calling thread and switches to them, when the Vector API is there and no
     * compilation has started yet; returns at once otherwise. For a warm-up before the first search: the search's own
     * compiled code then never sees the switch, which throws away every compiled method that inlined the scalar
     * kernels, and no background thread takes CPU from the first searches. Returns early, without switching, once
     * {@code stopped} says so.
     */
    public static void compileVectorKernels(BooleanSupplier stopped) {
        if (VECTORIZED && !vectorKernelsInUse && VECTOR_WARM_UP_STARTED.compareAndSet(false, true)) {
            if (!VectorWarmUp.run(() -> vectorKernelsInUse = true, stopped)) {
                // Stopped halfway: the first evaluation starts the background warm-up as if none had run.
                VECTOR_WARM_UP_STARTED.set(false);
            }
        }
    }

    private final int hidden;
    /** Whether each perspective's board is flipped left to right while its king stands on files e to h. */
    private final boolean kingMirror;
    private final KingBuckets kingBuckets;
    /** Whether there is more than one king bucket: without, the bucket is always 0 and never looked up. */
    private final boolean kingBucketed;
    private final int outputBuckets;
    /** One row of {@code hidden} weights per input feature: 768 per king bucket. */
    private final short[][] featureWeights;
    private final short[] featureBiases;
    /** Per output bucket, the output weights of the side to move's neurons and of the other side's. */
    private final short[][] ownOutputWeights;
    private final short[][] otherOutputWeights;
    private final int[] outputBiases;

    /**
     * A network of the first shape (no king mirroring, one output) from its int16 parameters, laid out as in the
     * file: feature weights [768][hidden] (feature-major), biases [hidden], output weights [2 * hidden] (side to
     * move's neurons first), output bias.
     *
     * @throws IllegalArgumentException if a size does not match, or a parameter is beyond what training produces
     */
    public Network(int hidden, short[] featureWeights, short[] featureBiases, short[] outputWeights, int outputBias) {
        this(hidden, false, 1, featureWeights, featureBiases, outputWeights, new int[] {outputBias});
    }

    /**
     * A network from its int16 parameters, laid out as in the file: feature weights [768][hidden] (feature-major),
     * biases [hidden], output weights [outputBuckets][2 * hidden] (bucket after bucket, each the side to move's
     * neurons first), output biases [outputBuckets].
     *
     * @throws IllegalArgumentException if a size does not match, or a parameter is beyond what training produces
     */
    public Network(int hidden, boolean kingMirror, int outputBuckets, short[] featureWeights, short[] featureBiases,
                   short[] outputWeights, int[] outputBiases) {
        this(hidden, kingMirror, KingBuckets.NONE, outputBuckets, featureWeights, featureBiases, outputWeights,
                outputBiases);
    }

    /**
     * A network with king buckets from its int16 parameters, laid out as in the file: feature weights
     * [768 * kingBuckets][hidden] (bucket after bucket, feature-major), biases [hidden], output weights
     * [outputBuckets][2 * hidden], output biases [outputBuckets].
     *
     * @throws IllegalArgumentException if a size does not match, or a parameter is beyond what training produces
     */
    public Network(int hidden, boolean kingMirror, KingBuckets kingBuckets, int outputBuckets, short[] featureWeights,
                   short[] featureBiases, short[] outputWeights, int[] outputBiases) {
        if (hidden < 1 || hidden > MAX_HIDDEN) {
            throw new IllegalArgumentException("hidden size must be 1 .. " + MAX_HIDDEN + ": " + hidden);
        }
        if (outputBuckets < 1 || outputBuckets > MAX_OUTPUT_BUCKETS) {
            throw new IllegalArgumentException("output buckets must be 1 .. " + MAX_OUTPUT_BUCKETS + ": "
                    + outputBuckets);
        }
        int features = Features.COUNT * kingBuckets.count();
        if (featureWeights.length != features * hidden || featureBiases.length != hidden
                || outputWeights.length != outputBuckets * 2 * hidden || outputBiases.length != outputBuckets) {
            throw new IllegalArgumentException("array sizes do not match hidden size " + hidden + ", "
                    + kingBuckets.count() + " king buckets and " + outputBuckets + " output buckets");
        }
        for (int bucket = 0; bucket < outputBuckets; bucket++) {
            if (outputBiases[bucket] != (short) outputBiases[bucket]) {
                throw new IllegalArgumentException("output bias beyond int16: " + outputBiases[bucket]);
            }
        }
        checkRange("feature weight", featureWeights, MAX_FEATURE_WEIGHT);
        checkRange("feature bias", featureBiases, MAX_FEATURE_WEIGHT);
        checkRange("output weight", outputWeights, MAX_OUTPUT_WEIGHT);
        this.hidden = hidden;
        this.kingMirror = kingMirror;
        this.kingBuckets = kingBuckets;
        this.kingBucketed = kingBuckets.count() > 1;
        this.outputBuckets = outputBuckets;
        this.featureWeights = new short[features][];
        for (int feature = 0; feature < features; feature++) {
            this.featureWeights[feature] = Arrays.copyOfRange(featureWeights, feature * hidden, (feature + 1) * hidden);
        }
        this.featureBiases = featureBiases.clone();
        this.ownOutputWeights = new short[outputBuckets][];
        this.otherOutputWeights = new short[outputBuckets][];
        for (int bucket = 0; bucket < outputBuckets; bucket++) {
            int start = bucket * 2 * hidden;
            this.ownOutputWeights[bucket] = Arrays.copyOfRange(outputWeights, start, start + hidden);
            this.otherOutputWeights[bucket] = Arrays.copyOfRange(outputWeights, start + hidden, start + 2 * hidden);
        }
        this.outputBiases = outputBiases.clone();
    }

    /**
     * The output bucket of a position with {@code pieceCount} pieces (kings included) for a network of
     * {@code buckets} buckets: {@code (pieceCount - 2) * buckets / 32}, kept within 0 .. buckets - 1. With 8 buckets
     * that is {@code (pieceCount - 2) / 4}: 2 to 5 pieces bucket 0, ..., 30 to 32 pieces bucket 7. The trainer and
     * the engine both call this one definition.
     */
    public static int outputBucket(int pieceCount, int buckets) {
        return Math.max(0, Math.min(buckets - 1, (pieceCount - 2) * buckets / 32));
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

    /** Whether the network mirrors each perspective's board left to right while its king is on files e to h. */
    public boolean kingMirror() {
        return kingMirror;
    }

    public int outputBuckets() {
        return outputBuckets;
    }

    public KingBuckets kingBuckets() {
        return kingBuckets;
    }

    /**
     * Whether a perspective's inputs depend on where its own king stands (king mirroring or king buckets), so that a
     * king move can change all of them.
     */
    public boolean viewFollowsKing() {
        return kingMirror || kingBuckets.count() > 1;
    }

    /**
     * The shape in words: "hidden size 128", then ", king mirroring", ", 4 king buckets" and ", 8 output buckets"
     * when it has them.
     */
    public String describe() {
        return "hidden size " + hidden + (kingMirror ? ", king mirroring" : "")
                + (kingBuckets.count() > 1 ? ", " + kingBuckets.count() + " king buckets" : "")
                + (outputBuckets > 1 ? ", " + outputBuckets + " output buckets" : "");
    }

    /**
     * What {@code perspective}'s view XORs into every square in {@code position}: {@link Features#mirror} of its
     * king's square with king mirroring, 0 without.
     */
    int mirror(Position position, int perspective) {
        return mirrorOfKing(position.kingSquare(perspective));
    }

    /** {@link #mirror} of a view whose own king stands on {@code kingSquare}. */
    int mirrorOfKing(int kingSquare) {
        return kingMirror ? Features.mirror(kingSquare) : 0;
    }

    /** The king bucket of {@code perspective}'s view in {@code position}. */
    int kingBucket(Position position, int perspective) {
        if (!kingBucketed) {
            return 0;
        }
        int kingSquare = position.kingSquare(perspective);
        return kingBuckets.bucket(perspective, kingSquare, mirrorOfKing(kingSquare));
    }

    /**
     * The view of {@code perspective} with its own king on {@code kingSquare}, one number for its mirror and king
     * bucket: {@code bucket * 2 + (mirrored ? 1 : 0)}, 0 .. 2K - 1.
     */
    int view(int perspective, int kingSquare) {
        int mirror = mirrorOfKing(kingSquare);
        int bucket = kingBucketed ? kingBuckets.bucket(perspective, kingSquare, mirror) : 0;
        return bucket * 2 + (mirror != 0 ? 1 : 0);
    }

    /** The int16 weight of input {@code feature} into neuron {@code neuron} (for writing the file). */
    short featureWeight(int feature, int neuron) {
        return featureWeights[feature][neuron];
    }

    short featureBias(int neuron) {
        return featureBiases[neuron];
    }

    /**
     * Output weight {@code index} of bucket {@code bucket} in the file's order: the side to move's neurons, then the
     * other side's.
     */
    short outputWeight(int bucket, int index) {
        return index < hidden ? ownOutputWeights[bucket][index] : otherOutputWeights[bucket][index - hidden];
    }

    int outputBias(int bucket) {
        return outputBiases[bucket];
    }

    /** Adds the weights of {@code feature} to the accumulator. */
    void addFeature(short[] accumulator, int feature) {
        if (vectorKernelsInUse) {
            VectorKernels.add(accumulator, featureWeights[feature], hidden);
        } else {
            ScalarKernels.add(accumulator, featureWeights[feature], hidden);
        }
    }

    /** Subtracts the weights of {@code feature} from the accumulator. */
    void subtractFeature(short[] accumulator, int feature) {
        if (vectorKernelsInUse) {
            VectorKernels.subtract(accumulator, featureWeights[feature], hidden);
        } else {
            ScalarKernels.subtract(accumulator, featureWeights[feature], hidden);
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
        refresh(position, Piece.WHITE, white);
        refresh(position, Piece.BLACK, black);
    }

    /** The feature biases, every accumulator's value on an empty board. */
    void copyBiases(short[] accumulator) {
        System.arraycopy(featureBiases, 0, accumulator, 0, hidden);
    }

    /** Fills {@code perspective}'s accumulator from the position's pieces; allocates nothing. */
    void refresh(Position position, int perspective, short[] accumulator) {
        copyBiases(accumulator);
        int mirror = mirror(position, perspective);
        int bucket = kingBucket(position, perspective);
        for (long rest = position.occupied(); rest != 0; rest &= rest - 1) {
            int square = Long.numberOfTrailingZeros(rest);
            addFeature(accumulator, Features.bucketed(bucket, perspective, position.pieceAt(square), square ^ mirror));
        }
    }

    /**
     * The score in centipawns for the side to move, from its accumulator and the other side's, in a position of
     * {@code pieceCount} pieces (which picks the output bucket).
     */
    public int evaluate(short[] own, short[] other, int pieceCount) {
        if (VECTORIZED && !vectorKernelsInUse) {
            startVectorWarmUp();
        }
        int bucket = outputBuckets == 1 ? 0 : outputBucket(pieceCount, outputBuckets);
        long sum = vectorKernelsInUse
                ? VectorKernels.activatedDotPair(own, ownOutputWeights[bucket], other, otherOutputWeights[bucket], hidden)
                : ScalarKernels.activatedDot(own, ownOutputWeights[bucket], 0, hidden)
                        + ScalarKernels.activatedDot(other, otherOutputWeights[bucket], 0, hidden);
        long output = sum / QA + outputBiases[bucket];
        // Rounded to the nearest centipawn rather than toward zero, which would bias every score toward a draw.
        return (int) Math.floorDiv(output * SCALE + QA * QB / 2, QA * QB);
    }

    /** The evaluation computed from scratch, allocating: for the {@code eval} command and tests. */
    public int evaluate(Position position) {
        short[] white = new short[hidden];
        short[] black = new short[hidden];
        refresh(position, white, black);
        int pieces = Long.bitCount(position.occupied());
        return position.sideToMove() == Piece.WHITE ? evaluate(white, black, pieces) : evaluate(black, white, pieces);
    }
}
