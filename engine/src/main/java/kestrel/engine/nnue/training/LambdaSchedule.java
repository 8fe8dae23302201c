package kestrel.engine.nnue.training;

/**
 * λ, the weight of the game result in the target {@code λ × result + (1 − λ) × sigmoid(score / SCALE)}, over a run:
 * {@code start} in the first period (epoch or superbatch), {@code end} in the last, on a straight line between,
 * constant within a period. Start equal to end is a constant λ, as every network so far was trained.
 *
 * <p>The validation loss is always measured with {@code end}, the target the run ends on, so that the losses of
 * different periods (and {@code --keep-best}'s choice among them) compare like with like.
 */
public record LambdaSchedule(double start, double end) {
    public LambdaSchedule {
        if (!(start >= 0 && start <= 1 && end >= 0 && end <= 1)) {
            throw new IllegalArgumentException("lambda must be in [0, 1]");
        }
    }

    public static LambdaSchedule constant(double lambda) {
        return new LambdaSchedule(lambda, lambda);
    }

    public boolean isConstant() {
        return start == end;
    }

    /** λ in period {@code period} (1 .. periods) of {@code periods}: exactly start in the first, end in the last. */
    public double at(int period, int periods) {
        if (period < 1 || period > periods) {
            throw new IllegalArgumentException("period " + period + " of " + periods);
        }
        if (isConstant() || periods == 1) {
            return start;
        }
        double t = (period - 1) / (double) (periods - 1);
        return start * (1 - t) + end * t;
    }
}
