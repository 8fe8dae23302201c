package kestrel.perft;

import java.util.Arrays;

/**
 * A hash table of subtree counts for deep perft runs: positions that recur by transposition are counted once.
 *
 * <p>The table is one {@code long[]}, cut into buckets of two entries (32 bytes, half a cache line). An entry is
 * two longs:
 * <pre>
 *  long 0      the position's full 64-bit Zobrist key (checked on every probe)
 *  long 1      bits 0-7   depth of the subtree counted (0 marks an empty entry: only depths >= 1 are stored)
 *              bits 8-63  leaf count of that subtree, below 2^56
 * </pre>
 * The first entry of a bucket keeps the deeper of the counts offered to it, the second takes whatever comes, so a
 * costly count survives a stream of cheap ones. A hit needs both the key and the depth to match.
 */
public final class PerftCache {
    /** The largest table accepted, in MiB: a Java array holds at most 2^31 elements, 16 GiB of longs. */
    public static final int MAX_MEGABYTES = 8192;

    private static final int LONGS_PER_BUCKET = 4;
    private static final int BYTES_PER_BUCKET = LONGS_PER_BUCKET * Long.BYTES;
    private static final int DEPTH_BITS = 8;
    private static final long DEPTH_MASK = (1L << DEPTH_BITS) - 1;
    /** Counts at or above this do not fit beside the depth and are not stored. */
    private static final long COUNT_LIMIT = 1L << (Long.SIZE - DEPTH_BITS);

    /** Returned by {@link #probe} when the table holds no count for the position at that depth. */
    public static final long MISS = -1;

    private final long[] table;
    private final long bucketMask;

    /**
     * A table of at most {@code megabytes} MiB (rounded down to a power of two of buckets).
     *
     * @throws IllegalArgumentException when the size is below 1 or above {@link #MAX_MEGABYTES}
     */
    public PerftCache(int megabytes) {
        if (megabytes < 1 || megabytes > MAX_MEGABYTES) {
            throw new IllegalArgumentException(
                    "the perft cache size must be 1 to " + MAX_MEGABYTES + " MB, not " + megabytes);
        }
        long buckets = Long.highestOneBit((long) megabytes * 1024 * 1024 / BYTES_PER_BUCKET);
        table = new long[Math.toIntExact(buckets * LONGS_PER_BUCKET)];
        bucketMask = buckets - 1;
    }

    /** Number of entries the table holds. */
    public int capacity() {
        return table.length / 2;
    }

    /** The stored leaf count of the position with this key at this depth, or {@link #MISS}. */
    public long probe(long key, int depth) {
        int bucket = bucketStart(key);
        for (int entry = bucket; entry < bucket + LONGS_PER_BUCKET; entry += 2) {
            long data = table[entry + 1];
            if (table[entry] == key && (data & DEPTH_MASK) == depth) {
                return data >>> DEPTH_BITS;
            }
        }
        return MISS;
    }

    /** Remembers a count; depths outside 1..255 and counts of 2^56 or more are not stored. */
    public void store(long key, int depth, long count) {
        if (depth < 1 || depth > DEPTH_MASK || count < 0 || count >= COUNT_LIMIT) {
            return;
        }
        int bucket = bucketStart(key);
        long data = count << DEPTH_BITS | depth;
        if ((table[bucket + 1] & DEPTH_MASK) <= depth) {
            table[bucket] = key;
            table[bucket + 1] = data;
        } else {
            table[bucket + 2] = key;
            table[bucket + 3] = data;
        }
    }

    /** Forgets every count. */
    public void clear() {
        Arrays.fill(table, 0);
    }

    private int bucketStart(long key) {
        return (int) (key & bucketMask) * LONGS_PER_BUCKET;
    }
}
