package kestrel.engine.nnue.training;

import java.util.SplittableRandom;

/**
 * The training positions in the order the trainer meets them: pass after pass over positions 0 .. count − 1, each
 * pass in a new order shuffled by the trainer's generator and, with mirroring, with its own mirrored half. Batches
 * are taken in turn; a batch that reaches the end of a pass goes on into the next, so superbatches of full batches
 * run over passes as far as they need. Epochs are passes: an epoch's batches take exactly one.
 *
 * <p>A pass draws from the generator, in this order, the shuffle (Fisher-Yates) and, only when mirroring, a salt;
 * position i is read mirrored in that pass when a hash of the salt and i is odd. This is the order and the rule of
 * the trainer before superbatches, so epoch runs are the same bit for bit.
 *
 * <p>A taken position is its index, or {@code ~index} (negative) when it is to be read mirrored.
 */
final class PositionStream {
    private final int[] order;
    private final SplittableRandom random;
    private final boolean mirror;
    /** The next entry of {@link #order} to take; {@code order.length} when a new pass is due. */
    private int next;
    private long mirrorSalt;
    private long taken;
    private long passes;

    PositionStream(int count, SplittableRandom random, boolean mirror) {
        if (count < 1) {
            throw new IllegalArgumentException("no positions to train on");
        }
        order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        this.random = random;
        this.mirror = mirror;
        next = count;
    }

    /** Positions of one pass. */
    int size() {
        return order.length;
    }

    /** Positions left in the current pass: 0 before the first and at the end of each. */
    int leftInPass() {
        return order.length - next;
    }

    /** Ends the current pass, if any positions are left in it, and starts a new one: its shuffle and salt. */
    void startPass() {
        shuffle(order, random);
        // Drawn only when mirroring, so that runs without it keep their random stream.
        mirrorSalt = mirror ? random.nextLong() | 1 : 0;
        next = 0;
        passes++;
    }

    /** Fills {@code batch[0 .. size)} with the next positions, starting new passes as they are needed. */
    void take(int[] batch, int size) {
        int filled = 0;
        while (filled < size) {
            if (next == order.length) {
                startPass();
            }
            int count = Math.min(size - filled, order.length - next);
            for (int k = 0; k < count; k++) {
                int index = order[next + k];
                batch[filled + k] = mirror && (mix(mirrorSalt + index) & 1) != 0 ? ~index : index;
            }
            filled += count;
            next += count;
        }
        taken += size;
    }

    /**
     * Takes up a stream that had started {@code passes} passes, was at entry {@code next} of the last and had taken
     * {@code taken} positions, from a new stream on the same generator: the passes' shuffles (and salts) are drawn
     * again, so the generator and the order are where they were.
     */
    void restore(long passes, int next, long taken) {
        for (long pass = 0; pass < passes; pass++) {
            startPass();
        }
        this.next = next;
        this.taken = taken;
    }

    /** The next entry of the current pass to take (for {@link #restore}). */
    int next() {
        return next;
    }

    /** Positions taken so far, over all passes. */
    long taken() {
        return taken;
    }

    /** Passes started so far. */
    long passes() {
        return passes;
    }

    /** Passes over the data the positions taken so far amount to: 2.5 is two whole passes and half of a third. */
    double passesTaken() {
        return taken / (double) order.length;
    }

    /** A 64-bit finalizer (splitmix64's): neighbouring inputs give unrelated bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Fisher-Yates with the trainer's generator. */
    private static void shuffle(int[] values, SplittableRandom random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
    }
}
