package kestrel.engine.nnue.training;

import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;

/**
 * What {@code kestrel train} is asked to do; every value checked here.
 *
 * <p>A run is a number of <b>periods</b>: {@code epochs} passes over the training positions, or, when
 * {@code superbatches} is above 0, that many superbatches of {@code superbatchBatches} full batches each, drawn from
 * as many passes over the data as they take (a new shuffle whenever one pass is used up). The learning rate and λ
 * follow their schedules over the periods, and the validation loss is measured after each period. A superbatch is a
 * fixed number of positions, so runs on different amounts of data take the same steps.
 *
 * @param hidden               neurons of the feature transformer (per perspective)
 * @param epochs               passes over the training positions; 0 when the run counts superbatches
 * @param superbatches         superbatches to train; 0 to count epochs instead
 * @param superbatchBatches    batches of {@code batchSize} in a superbatch
 * @param batchSize            positions per optimizer step
 * @param learningRate         Adam's step size in the first period
 * @param learningRateSchedule the factor on it in each period
 * @param lambda               λ in each period: the target is λ * result + (1 - λ) * sigmoid(score / 400)
 * @param threads              threads computing each batch's gradient; the result depends on it (float sums)
 * @param seed                 seeds the initial weights and the shuffles
 * @param validationFraction   share of the positions, the last ones, held out to measure the validation loss
 * @param maxScore             positions whose |score| is at least this (mates, won positions) are left out
 * @param factorised           train with the factoriser: a row per piece kind shared by its 64 inputs (see
 *                             {@link FloatNetwork}); the network written is the same shape either way
 * @param mirror               in each pass over the data, train on a seeded half of the positions mirrored left to
 *                             right (files a and h swapped), which the network cannot tell from real ones as it does
 *                             not see castling; not with {@code kingMirror}, where a position and its mirror image
 *                             are the same inputs
 * @param kingMirror           the network mirrors each perspective's board left to right while its king is on files
 *                             e to h (file format version 2)
 * @param outputBuckets        output buckets, 1 .. {@value Network#MAX_OUTPUT_BUCKETS}, chosen by the piece count
 *                             ({@link Network#outputBucket}); 1 is the first shape (file format version 1 unless
 *                             {@code kingMirror})
 * @param resultScale          the scale K at which the result term of the loss reads the output:
 *                             (1 − λ) (sigmoid(out) − sigmoid(score / 400))² + λ (sigmoid(out × 400 / K) − result)².
 *                             400, the default, is the plain blend of the target. With K where sigmoid(score / K)
 *                             predicts the results best ({@link TrainingData#fittedResultScale}) the two terms agree
 *                             on average, so blending the result in does not stretch the evaluation's scale
 * @param kingBuckets          the king input buckets ({@link KingBuckets}); {@link KingBuckets#NONE} for one set of
 *                             inputs (more write file format version 3)
 * @param weightDecay          decoupled weight decay (AdamW): each step first shrinks every parameter by the factor
 *                             {@code 1 - rate * weightDecay}, pulling weights the data does not keep asking for back
 *                             towards 0; 0, the default, is plain Adam
 */
public record TrainingSettings(int hidden, int epochs, int superbatches, int superbatchBatches, int batchSize,
                               double learningRate, LearningRateSchedule learningRateSchedule, LambdaSchedule lambda,
                               int threads, long seed, double validationFraction, int maxScore, boolean factorised,
                               boolean mirror, boolean kingMirror, int outputBuckets, double resultScale,
                               KingBuckets kingBuckets, double weightDecay) {
    // The defaults are the recipe of nets 7 and 8, the first networks to ship (net 8 trained 14 epochs); docs/nnue.md,
    // "Networks tried", says how each was chosen. The schedules and superbatches beyond them are for the networks
    // still to be tried.
    /** What the built-in network's training ({@code BuiltInNetwork.NAME}) added to the defaults. */
    public static final String BUILT_IN_NETWORK_OPTIONS =
            "--hidden 512 --king-mirror --output-buckets 8 --lr-schedule cosine --epochs 16 --weight-decay 0.05";
    public static final int DEFAULT_HIDDEN = 128;
    public static final int DEFAULT_EPOCHS = 10;
    public static final int DEFAULT_BATCH = 1024;
    public static final double DEFAULT_LEARNING_RATE = 0.002;
    public static final LearningRateSchedule.Kind DEFAULT_LEARNING_RATE_SCHEDULE =
            LearningRateSchedule.Kind.EXPONENTIAL;
    public static final double DEFAULT_LEARNING_RATE_DECAY = 0.9;
    /** Cosine and step decay end at 1 % of the start rate, where the field's trainers end or below. */
    public static final double DEFAULT_LEARNING_RATE_FINAL_FRACTION = 0.01;
    /** Step decay's stages: with the final fraction 0.01, the rate is 1, 0.1 and 0.01 of the start. */
    public static final int DEFAULT_LEARNING_RATE_STEPS = 3;
    public static final double DEFAULT_LAMBDA = 0.0;
    /** Bullet's superbatch: 6,104 batches, 100,007,936 positions at its batch of 16,384. */
    public static final int DEFAULT_SUPERBATCH_BATCHES = 6104;
    public static final long DEFAULT_SEED = 1;
    public static final double DEFAULT_VALIDATION = 0.05;
    public static final int DEFAULT_MAX_SCORE = 10_000;
    public static final boolean DEFAULT_FACTORISED = true;
    public static final boolean DEFAULT_MIRROR = true;
    public static final int DEFAULT_OUTPUT_BUCKETS = 1;
    /** The network's own scale: the result term reads the output as the score term does. */
    public static final double DEFAULT_RESULT_SCALE = Network.SCALE;
    public static final double DEFAULT_WEIGHT_DECAY = 0.0;

    public TrainingSettings {
        require(hidden >= 1 && hidden <= Network.MAX_HIDDEN, "hidden size must be 1 .. " + Network.MAX_HIDDEN);
        require(superbatches >= 0, "superbatches must be at least 0");
        require(superbatches > 0 ? epochs == 0 : epochs >= 1,
                superbatches > 0 ? "a run counts epochs or superbatches, not both" : "epochs must be at least 1");
        require(superbatchBatches >= 1, "batches per superbatch must be at least 1");
        require(batchSize >= 1, "batch size must be at least 1");
        require((long) superbatchBatches * batchSize <= Integer.MAX_VALUE,
                "a superbatch must hold at most " + Integer.MAX_VALUE + " positions");
        require(learningRate > 0 && learningRate < 1, "learning rate must be in (0, 1)");
        require(learningRateSchedule != null && lambda != null, "schedules missing");
        require(threads >= 1 && threads <= 256, "threads must be 1 .. 256");
        require(validationFraction >= 0 && validationFraction < 1, "validation fraction must be in [0, 1)");
        require(maxScore >= 1, "max score must be at least 1");
        require(outputBuckets >= 1 && outputBuckets <= Network.MAX_OUTPUT_BUCKETS,
                "output buckets must be 1 .. " + Network.MAX_OUTPUT_BUCKETS);
        require(!(mirror && kingMirror), "mirrored halves mean nothing with king mirroring: a king-mirrored network "
                + "sees a position and its mirror image as the same inputs");
        require(resultScale >= 50 && resultScale <= 2000, "result scale must be 50 .. 2000");
        require(kingBuckets != null, "king buckets missing");
        require(weightDecay >= 0 && weightDecay * learningRate < 1, "weight decay must be at least 0, and with the "
                + "learning rate shrink each step by less than all");
    }

    /** A run without weight decay. */
    public TrainingSettings(int hidden, int epochs, int superbatches, int superbatchBatches, int batchSize,
                            double learningRate, LearningRateSchedule learningRateSchedule, LambdaSchedule lambda,
                            int threads, long seed, double validationFraction, int maxScore, boolean factorised,
                            boolean mirror, boolean kingMirror, int outputBuckets, double resultScale,
                            KingBuckets kingBuckets) {
        this(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate, learningRateSchedule, lambda,
                threads, seed, validationFraction, maxScore, factorised, mirror, kingMirror, outputBuckets,
                resultScale, kingBuckets, DEFAULT_WEIGHT_DECAY);
    }

    /** A run without king buckets. */
    public TrainingSettings(int hidden, int epochs, int superbatches, int superbatchBatches, int batchSize,
                            double learningRate, LearningRateSchedule learningRateSchedule, LambdaSchedule lambda,
                            int threads, long seed, double validationFraction, int maxScore, boolean factorised,
                            boolean mirror, boolean kingMirror, int outputBuckets, double resultScale) {
        this(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate, learningRateSchedule, lambda,
                threads, seed, validationFraction, maxScore, factorised, mirror, kingMirror, outputBuckets,
                resultScale, KingBuckets.NONE);
    }

    /** A run whose result term reads the output at the network's own scale, {@value Network#SCALE}. */
    public TrainingSettings(int hidden, int epochs, int superbatches, int superbatchBatches, int batchSize,
                            double learningRate, LearningRateSchedule learningRateSchedule, LambdaSchedule lambda,
                            int threads, long seed, double validationFraction, int maxScore, boolean factorised,
                            boolean mirror, boolean kingMirror, int outputBuckets) {
        this(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate, learningRateSchedule, lambda,
                threads, seed, validationFraction, maxScore, factorised, mirror, kingMirror, outputBuckets,
                DEFAULT_RESULT_SCALE);
    }

    /** A run of the first shape: no king mirroring, one output bucket. */
    public TrainingSettings(int hidden, int epochs, int superbatches, int superbatchBatches, int batchSize,
                            double learningRate, LearningRateSchedule learningRateSchedule, LambdaSchedule lambda,
                            int threads, long seed, double validationFraction, int maxScore, boolean factorised,
                            boolean mirror) {
        this(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate, learningRateSchedule, lambda,
                threads, seed, validationFraction, maxScore, factorised, mirror, false, 1);
    }

    /**
     * Net 8's kind of run: {@code epochs} epochs, the rate multiplied by {@code learningRateDecay} after each, a
     * constant λ {@code wdl}.
     */
    public TrainingSettings(int hidden, int epochs, int batchSize, double learningRate, double learningRateDecay,
                            double wdl, int threads, long seed, double validationFraction, int maxScore,
                            boolean factorised, boolean mirror) {
        this(hidden, epochs, 0, DEFAULT_SUPERBATCH_BATCHES, batchSize, learningRate,
                LearningRateSchedule.exponential(learningRateDecay), LambdaSchedule.constant(wdl), threads, seed,
                validationFraction, maxScore, factorised, mirror);
    }

    /** These settings with the result term read at {@code scale} ({@link #resultScale}). */
    public TrainingSettings withResultScale(double scale) {
        return new TrainingSettings(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate,
                learningRateSchedule, lambda, threads, seed, validationFraction, maxScore, factorised, mirror,
                kingMirror, outputBuckets, scale, kingBuckets, weightDecay);
    }

    /** These settings with the king input buckets {@code buckets}. */
    public TrainingSettings withKingBuckets(KingBuckets buckets) {
        return new TrainingSettings(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate,
                learningRateSchedule, lambda, threads, seed, validationFraction, maxScore, factorised, mirror,
                kingMirror, outputBuckets, resultScale, buckets, weightDecay);
    }

    /** These settings with the weight decay {@code decay} ({@link #weightDecay}). */
    public TrainingSettings withWeightDecay(double decay) {
        return new TrainingSettings(hidden, epochs, superbatches, superbatchBatches, batchSize, learningRate,
                learningRateSchedule, lambda, threads, seed, validationFraction, maxScore, factorised, mirror,
                kingMirror, outputBuckets, resultScale, kingBuckets, decay);
    }

    /** Whether the run counts superbatches rather than epochs. */
    public boolean countsSuperbatches() {
        return superbatches > 0;
    }

    /** The periods of the run, over which the schedules go: superbatches or epochs. */
    public int periods() {
        return countsSuperbatches() ? superbatches : epochs;
    }

    /** Positions in a superbatch. */
    public int superbatchPositions() {
        return superbatchBatches * batchSize;
    }

    /** Adam's step size in period {@code period} (1 .. periods). */
    public double learningRate(int period) {
        return learningRate * learningRateSchedule.factor(period, periods());
    }

    /** λ in period {@code period} (1 .. periods). */
    public double lambda(int period) {
        return lambda.at(period, periods());
    }

    /** λ of the validation loss (and of the handcrafted baseline): the last period's, whatever the schedule. */
    public double validationLambda() {
        return lambda.end();
    }

    /** How many of {@code total} positions are held out for validation: the last ones. */
    public int validationCount(int total) {
        return (int) Math.round(total * validationFraction);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
