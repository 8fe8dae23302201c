package kestrel.engine.nnue;

import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the Vector API kernels on scratch arrays on a daemon thread until the JIT has compiled them (a batch of calls
 * then takes a fraction of what it took interpreted), then tells the network to use them. Loaded only when the
 * module is in the runtime.
 */
final class VectorWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(VectorWarmUp.class);
    /** The hidden sizes the kernels are run at: a whole number of vectors, and one with a tail. */
    private static final int[] SIZES = {128, 136};
    private static final int BATCH = 1_000;
    private static final int MAX_BATCHES = 400;
    /** At this many nanoseconds per round of calls or less a batch ran compiled code (interpreted: microseconds). */
    private static final long COMPILED_NANOS_PER_ROUND = 1_000;

    private VectorWarmUp() {
    }

    /** Starts the warm-up; {@code whenCompiled} runs on its thread when the kernels are compiled (or after the cap). */
    static void start(Runnable whenCompiled) {
        Thread thread = new Thread(() -> run(whenCompiled, () -> false), "kestrel-vector-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Runs the kernels on the calling thread until they are compiled (or the cap), then {@code whenCompiled}; returns
     * whether it ran that, which it does not when {@code stopped} said so first or the kernels failed.
     */
    static boolean run(Runnable whenCompiled, BooleanSupplier stopped) {
        long start = System.nanoTime();
        int batches = 0;
        long sink = 0;
        try {
            short[][] rows = new short[4][SIZES[1]];
            for (short[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    row[i] = (short) ((i * 37 + row.length) % 200 - 100);
                }
            }
            short[] accumulator = new short[SIZES[1]];
            short[] target = new short[SIZES[1]];
            for (; batches < MAX_BATCHES; batches++) {
                if (stopped.getAsBoolean()) {
                    return false;
                }
                long batchStart = System.nanoTime();
                for (int call = 0; call < BATCH; call++) {
                    int hidden = SIZES[call & 1];
                    // Add and take away the same rows, so the values stay within int16 however long this runs.
                    VectorKernels.add(accumulator, rows[0], hidden);
                    // A refresh (a king crossing into another view) subtracts rows: left out, that kernel alone ran
                    // a cold bench's refreshes on the Vector API's slow fallback for its first nine seconds.
                    VectorKernels.subtract(accumulator, rows[0], hidden);
                    VectorKernels.add(accumulator, rows[0], hidden);
                    VectorKernels.subtractAdd(accumulator, target, rows[0], rows[1], hidden);
                    VectorKernels.subtractSubtractAdd(target, target, rows[1], rows[2], rows[2], hidden);
                    sink += VectorKernels.activatedDotPair(target, rows[3], accumulator, rows[2], hidden);
                }
                if ((System.nanoTime() - batchStart) / BATCH <= COMPILED_NANOS_PER_ROUND) {
                    break;
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // The scalar kernels serve on: only speed is at stake.
            LOG.warn("Vector API warm-up failed, evaluating with the scalar kernels: {}", e.toString());
            return false;
        }
        whenCompiled.run();
        LOG.debug("Vector API kernels compiled after {} calls, {} ms ({})", (long) (batches + 1) * BATCH,
                (System.nanoTime() - start) / 1_000_000, sink);
        return true;
    }
}
