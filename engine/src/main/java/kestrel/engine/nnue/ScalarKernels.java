package kestrel.engine.nnue;

/**
 * The network's inner loops in plain Java: the accumulator updates and the SCReLU output sum. They run wherever the
 * Vector API is not in the runtime ({@code java} without {@code --add-modules jdk.incubator.vector}), and they define
 * the results {@link VectorKernels} must equal bit for bit.
 *
 * <p>Accumulators and weights are int16. An accumulator update is computed in int and stored back as a short: the
 * true value always fits (see {@link Network}), so the narrowing never changes it. Java 17's loop vectorizer runs
 * these update loops on vector instructions; it leaves the output sum scalar, since that mixes 16-bit loads with a
 * 32-bit sum.
 */
final class ScalarKernels {
    private ScalarKernels() {
    }

    /** accumulator += row. */
    static void add(short[] accumulator, short[] row, int hidden) {
        for (int i = 0; i < hidden; i++) {
            accumulator[i] = (short) (accumulator[i] + row[i]);
        }
    }

    /** accumulator -= row. */
    static void subtract(short[] accumulator, short[] row, int hidden) {
        for (int i = 0; i < hidden; i++) {
            accumulator[i] = (short) (accumulator[i] - row[i]);
        }
    }

    /** target = source - removed + added. */
    static void subtractAdd(short[] source, short[] target, short[] removed, short[] added, int hidden) {
        for (int i = 0; i < hidden; i++) {
            target[i] = (short) (source[i] - removed[i] + added[i]);
        }
    }

    /** target = source - removed1 - removed2 + added. */
    static void subtractSubtractAdd(short[] source, short[] target, short[] removed1, short[] removed2, short[] added,
            int hidden) {
        for (int i = 0; i < hidden; i++) {
            target[i] = (short) (source[i] - removed1[i] - removed2[i] + added[i]);
        }
    }

    /**
     * The sum of clamp(acc[i], 0, QA)² * w[i] over neurons {@code from} to {@code to} (exclusive), at scale QA² * QB:
     * in an int over each {@link Network#CHUNK} neurons, in a long across them.
     */
    static long activatedDot(short[] accumulator, short[] weights, int from, int to) {
        long sum = 0;
        for (int start = from; start < to; start += ActivationRange.CHUNK) {
            int end = Math.min(to, start + ActivationRange.CHUNK);
            int partial = 0;
            for (int i = start; i < end; i++) {
                int v = Math.max(0, Math.min(ActivationRange.QA, accumulator[i]));
                partial += v * weights[i] * v;
            }
            sum += partial;
        }
        return sum;
    }
}
