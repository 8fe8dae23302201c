package kestrel.engine.nnue.training;

import kestrel.engine.nnue.Network;

/**
 * What {@code kestrel train} is asked to do; every value checked here.
 *
 * @param hidden             neurons of the feature transformer (per perspective)
 * @param epochs             passes over the training positions
 * @param batchSize          positions per optimizer step
 * @param learningRate       Adam's step size in the first epoch
 * @param learningRateDecay  factor applied to the step size after each epoch
 * @param wdl                λ: the target is (1 - λ) * sigmoid(score / 400) + λ * result
 * @param threads            threads computing each batch's gradient; the result depends on it (float sums)
 * @param seed               seeds the initial weights and the shuffles
 * @param validationFraction share of the positions, the last ones, held out to measure the validation loss
 * @param maxScore           positions whose |score| is at least this (mates, won positions) are left out
 * @param factorised         train with the factoriser: a row per piece kind shared by its 64 inputs (see
 *                           {@link FloatNetwork}); the network written is the same shape either way
 * @param mirror             each epoch, train on a seeded half of the positions mirrored left to right (files a and
 *                           h swapped), which the network cannot tell from real ones as it does not see castling
 */
public record TrainingSettings(int hidden, int epochs, int batchSize, double learningRate, double learningRateDecay,
                               double wdl, int threads, long seed, double validationFraction, int maxScore,
                               boolean factorised, boolean mirror) {
    // The defaults are the settings of the shipped network (docs/nnue.md, "Networks tried" says how each was chosen).
    public static final int DEFAULT_HIDDEN = 128;
    public static final int DEFAULT_EPOCHS = 10;
    public static final int DEFAULT_BATCH = 1024;
    public static final double DEFAULT_LEARNING_RATE = 0.002;
    public static final double DEFAULT_LEARNING_RATE_DECAY = 0.9;
    public static final double DEFAULT_WDL = 0.0;
    public static final long DEFAULT_SEED = 1;
    public static final double DEFAULT_VALIDATION = 0.05;
    public static final int DEFAULT_MAX_SCORE = 10_000;
    public static final boolean DEFAULT_FACTORISED = true;
    public static final boolean DEFAULT_MIRROR = true;

    public TrainingSettings {
        require(hidden >= 1 && hidden <= Network.MAX_HIDDEN, "hidden size must be 1 .. " + Network.MAX_HIDDEN);
        require(epochs >= 1, "epochs must be at least 1");
        require(batchSize >= 1, "batch size must be at least 1");
        require(learningRate > 0 && learningRate < 1, "learning rate must be in (0, 1)");
        require(learningRateDecay > 0 && learningRateDecay <= 1, "learning-rate decay must be in (0, 1]");
        require(wdl >= 0 && wdl <= 1, "wdl must be in [0, 1]");
        require(threads >= 1 && threads <= 256, "threads must be 1 .. 256");
        require(validationFraction >= 0 && validationFraction < 1, "validation fraction must be in [0, 1)");
        require(maxScore >= 1, "max score must be at least 1");
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
