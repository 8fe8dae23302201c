package kestrel.engine.nnue.training;

import java.util.Locale;

/**
 * How the learning rate moves over a run: the factor the start rate is multiplied by in each period (an epoch, or a
 * superbatch with {@link TrainingSettings#superbatches}). The rate is constant within a period.
 *
 * <ul>
 *   <li>{@link Kind#EXPONENTIAL}: {@code decay^(p − 1)} in period p, the rate multiplied by {@code decay} after each
 *       period. Net 8's recipe (decay 0.9); it never depends on how many periods follow.
 *   <li>{@link Kind#COSINE}: from 1 in the first period to {@code finalFraction} in the last along half a cosine,
 *       {@code f + (1 − f)(1 + cos(π t)) / 2} with {@code t = (p − 1) / (P − 1)}.
 *   <li>{@link Kind#STEP}: {@code steps} stages of (about) equal length, stage s (0 .. steps − 1) at
 *       {@code finalFraction^(s / (steps − 1))}: with 3 steps and 0.01, the rate is 1, 0.1 and 0.01 of the start.
 * </ul>
 * Cosine and step reach {@code finalFraction} in the last period (with one period there is only the start).
 *
 * @param kind          the shape
 * @param decay         {@link Kind#EXPONENTIAL}'s factor per period, in (0, 1]; 1 for the others
 * @param finalFraction the last period's share of the start rate for {@link Kind#COSINE} and {@link Kind#STEP}, in
 *                      (0, 1]; 1 for exponential
 * @param steps         {@link Kind#STEP}'s number of stages, at least 2; 1 for the others
 */
public record LearningRateSchedule(Kind kind, double decay, double finalFraction, int steps) {
    /** The shapes; {@code --lr-schedule} takes their names in lower case. */
    public enum Kind {
        EXPONENTIAL, COSINE, STEP;

        /** The name on the command line. */
        public String optionName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind named {@code name} on the command line ({@link #optionName}, any case). */
        public static Kind fromOptionName(String name) {
            for (Kind kind : values()) {
                if (kind.optionName().equalsIgnoreCase(name)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown learning-rate schedule '" + name
                    + "' (exponential, cosine or step)");
        }
    }

    public LearningRateSchedule {
        if (kind == null) {
            throw new IllegalArgumentException("learning-rate schedule missing");
        }
        require(decay > 0 && decay <= 1, "learning-rate decay must be in (0, 1]");
        require(finalFraction > 0 && finalFraction <= 1, "learning-rate final fraction must be in (0, 1]");
        require(steps >= 1 && steps <= 1000, "learning-rate steps must be 1 .. 1000");
        require(kind == Kind.EXPONENTIAL || decay == 1, "the decay belongs to the exponential schedule");
        require(kind != Kind.EXPONENTIAL || finalFraction == 1, "the final fraction belongs to cosine and step");
        require(kind != Kind.STEP || steps >= 2, "step decay needs at least 2 steps");
        require(kind == Kind.STEP || steps == 1, "only step decay has steps");
    }

    /** Net 8's: the rate multiplied by {@code decay} after each period. */
    public static LearningRateSchedule exponential(double decay) {
        return new LearningRateSchedule(Kind.EXPONENTIAL, decay, 1, 1);
    }

    /** Half a cosine from the start rate down to {@code finalFraction} of it in the last period. */
    public static LearningRateSchedule cosine(double finalFraction) {
        return new LearningRateSchedule(Kind.COSINE, 1, finalFraction, 1);
    }

    /** {@code steps} equal stages, each a constant factor below the one before, the last at {@code finalFraction}. */
    public static LearningRateSchedule step(double finalFraction, int steps) {
        return new LearningRateSchedule(Kind.STEP, 1, finalFraction, steps);
    }

    /** The factor on the start rate in period {@code period} (1 .. periods) of {@code periods}. */
    public double factor(int period, int periods) {
        if (period < 1 || period > periods) {
            throw new IllegalArgumentException("period " + period + " of " + periods);
        }
        return switch (kind) {
            // Written as net 8's trainer wrote it, so that its rates are the same doubles.
            case EXPONENTIAL -> Math.pow(decay, period - 1);
            case COSINE -> periods == 1 ? 1 : finalFraction + (1 - finalFraction)
                    * (1 + Math.cos(Math.PI * (period - 1) / (periods - 1))) / 2;
            case STEP -> periods == 1 ? 1 : Math.pow(finalFraction, (double) stage(period, periods) / (steps - 1));
        };
    }

    /** The stage (0 .. steps − 1) of a period under step decay: the first period is in 0, the last in steps − 1. */
    int stage(int period, int periods) {
        return (int) Math.min(steps - 1, (long) (period - 1) * steps / (periods - 1));
    }

    /** As the trainer prints it: {@code x0.9 per epoch}, {@code cosine to 0.01}, {@code 3 steps to 0.01}. */
    public String describe(String period) {
        return switch (kind) {
            case EXPONENTIAL -> "x" + decay + " per " + period;
            case COSINE -> "cosine to " + finalFraction;
            case STEP -> steps + " steps to " + finalFraction;
        };
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
