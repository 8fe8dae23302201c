package kestrel.engine.search;

import java.util.Arrays;

/**
 * The raw static evaluations one search thread computed lately, by position key, so that a position met again (a
 * re-search, the next iteration, a transposition, quiescence coming back to it) is not evaluated twice. A network's
 * evaluation brings the accumulators up to date and sums a thousand neurons; a look-up here is one array read.
 *
 * <p>An entry is one {@code long}: the key's upper 48 bits with the evaluation in the lower 16 (signed); the slot is
 * chosen by the key's lower {@value #INDEX_BITS} bits, so a hit has matched all 64 bits of the key (an empty slot, 0,
 * answers only a key whose upper 48 bits are all zero: one in 2^48). The evaluation of a position depends on nothing
 * but the position, so a hit returns exactly what evaluating would; the search's decisions, and its node counts, are
 * the same with the cache as without. Which entry a new one replaces does not matter for the same reason: the slot
 * is simply overwritten.
 *
 * <p>Valid for one evaluator: cleared when the search is given another ({@link #clear}). Allocated once, 512 KB.
 */
final class EvaluationCache {
    /** Answered by {@link #probe} for a position not in the cache (no evaluation comes near it). */
    static final int MISS = Integer.MIN_VALUE;
    static final int INDEX_BITS = 16;
    private static final int MASK = (1 << INDEX_BITS) - 1;
    private static final long KEY_BITS = ~0xFFFFL;

    private final long[] entries = new long[1 << INDEX_BITS];

    /** The evaluation stored for {@code key}, or {@link #MISS}. */
    int probe(long key) {
        long entry = entries[(int) key & MASK];
        return ((entry ^ key) & KEY_BITS) == 0 ? (short) entry : MISS;
    }

    /** Keeps {@code evaluation} (within a signed 16-bit range) for {@code key}, in place of whatever held its slot. */
    void store(long key, int evaluation) {
        assert evaluation == (short) evaluation : evaluation;
        entries[(int) key & MASK] = (key & KEY_BITS) | (evaluation & 0xFFFFL);
    }

    /** Forgets every entry, for another evaluator. */
    void clear() {
        Arrays.fill(entries, 0L);
    }
}
