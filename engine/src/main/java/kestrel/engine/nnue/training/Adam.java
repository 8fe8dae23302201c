package kestrel.engine.nnue.training;

/**
 * The Adam optimizer (β1 = 0.9, β2 = 0.999, ε = 1e-8, with bias correction), updating every parameter each step:
 * the feature rows of pieces absent from a batch keep moving on their momentum, as in dense Adam. With a weight decay
 * it is AdamW: each step first shrinks every parameter by {@code 1 - rate * decay}, apart from the gradient's step.
 */
final class Adam {
    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;

    private final Parameters firstMoments;
    private final Parameters secondMoments;
    private final double weightDecay;
    private long steps;
    /** What the current step keeps of each parameter before its gradient step: {@code 1 - rate * weightDecay}. */
    private float kept = 1;

    Adam(int hidden, int buckets) {
        this(hidden, 1, buckets, 0);
    }

    Adam(int hidden, int kingBuckets, int buckets, double weightDecay) {
        firstMoments = new Parameters(hidden, kingBuckets, buckets);
        secondMoments = new Parameters(hidden, kingBuckets, buckets);
        this.weightDecay = weightDecay;
    }

    Parameters firstMoments() {
        return firstMoments;
    }

    Parameters secondMoments() {
        return secondMoments;
    }

    /** Steps taken so far: the bias correction depends on it. */
    long steps() {
        return steps;
    }

    /** Takes up a run whose moments were read back ({@link TrainingCheckpoint}) after {@code steps} steps. */
    void restoreSteps(long steps) {
        this.steps = steps;
    }

    /** One step of size {@code learningRate} against {@code gradients} (means over the batch). */
    void step(Parameters parameters, Parameters gradients, double learningRate) {
        update(parameters, gradients, startStep(learningRate), 0, parameters.arrayCount(), Float.POSITIVE_INFINITY);
    }

    /**
     * Counts a step of size {@code learningRate} and returns its size with the bias correction folded in, for the
     * {@link #update}s that share the step's arrays.
     */
    float startStep(double learningRate) {
        steps++;
        kept = (float) (1 - learningRate * weightDecay);
        return (float) (learningRate * Math.sqrt(1 - Math.pow(BETA2, steps)) / (1 - Math.pow(BETA1, steps)));
    }

    /**
     * The step of size {@code size} ({@link #startStep}) on the arrays {@code from .. to} of
     * {@link Parameters#arrays}, after the step's weight decay, each parameter then clamped to ±{@code limit}: element
     * by element, so threads may share the arrays and every value is the one a single thread computes.
     */
    void update(Parameters parameters, Parameters gradients, float size, int from, int to, float limit) {
        float beta1 = (float) BETA1;
        float beta2 = (float) BETA2;
        float epsilon = (float) EPSILON;
        float keep = kept;
        float[][] values = parameters.arrays();
        float[][] grads = gradients.arrays();
        float[][] m = firstMoments.arrays();
        float[][] v = secondMoments.arrays();
        for (int a = from; a < to; a++) {
            float[] value = values[a];
            float[] grad = grads[a];
            float[] first = m[a];
            float[] second = v[a];
            for (int i = 0; i < value.length; i++) {
                float g = grad[i];
                first[i] = beta1 * first[i] + (1 - beta1) * g;
                second[i] = beta2 * second[i] + (1 - beta2) * g * g;
                float updated = value[i] * keep - size * first[i] / ((float) Math.sqrt(second[i]) + epsilon);
                value[i] = Math.min(Math.max(updated, -limit), limit);
            }
        }
    }
}
