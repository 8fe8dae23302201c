package kestrel.engine.nnue;

import java.util.Arrays;
import java.util.Locale;

/**
 * King input buckets: the square of a perspective's own king picks which of K sets of 768 input weights that
 * perspective's pieces feed, so the first layer can learn, say, what a pawn on f2 is worth behind a castled king and
 * what it is worth in front of a king on e1, instead of one compromise for both.
 *
 * <p>A layout maps each of the 64 squares, as the perspective sees its own king (Black's board flipped vertically,
 * and left to right too while a king-mirrored network's king stands on files e to h, {@link Features#mirror}), to a
 * bucket 0 .. K - 1. Input {@code i} of bucket {@code b} is then feature {@code b * 768 + i}. The file stores the
 * map, so a network carries its own layout; the named layouts are those {@code kestrel train --king-buckets} offers.
 *
 * <p>Immutable.
 */
public final class KingBuckets {
    /** One bucket: the inputs of every network before king buckets. */
    public static final KingBuckets NONE = new KingBuckets("none", new int[64]);
    /**
     * Four buckets over the board as a king-mirrored perspective sees it (files a to d): a1-b1 (castled either way,
     * or in the corner), c1-d1 (castled long, or at home: e1 mirrored is d1), ranks 2 and 3, and ranks 4 to 8.
     */
    public static final KingBuckets FOUR = new KingBuckets("four", mapByRank(
            new int[] {0, 0, 1, 1}, new int[] {2, 2, 2, 2}, new int[] {2, 2, 2, 2}, new int[] {3, 3, 3, 3}));
    /** The most buckets a layout may have. */
    public static final int MAX = 32;

    private final String name;
    private final int[] bucketOfSquare;
    private final int count;

    private KingBuckets(String name, int[] bucketOfSquare) {
        this.name = name;
        this.bucketOfSquare = bucketOfSquare;
        this.count = Arrays.stream(bucketOfSquare).max().orElse(0) + 1;
    }

    /**
     * A layout of files a to d, mirrored onto files e to h; {@code ranks[r]} holds rank r + 1's four buckets, and the
     * last rank given stands for every rank above it.
     */
    private static int[] mapByRank(int[]... ranks) {
        int[] map = new int[64];
        for (int square = 0; square < 64; square++) {
            int file = square & 7;
            int[] rank = ranks[Math.min(square >>> 3, ranks.length - 1)];
            map[square] = rank[file < 4 ? file : 7 - file];
        }
        return map;
    }

    /**
     * The layout of a file: 64 buckets, one per square, that use every bucket from 0 up to the largest.
     *
     * @throws IllegalArgumentException if not 64 values, a value is outside 0 .. {@value #MAX} - 1, or a bucket
     *                                  below the largest is used by no square
     */
    public static KingBuckets of(int[] bucketOfSquare) {
        if (bucketOfSquare.length != 64) {
            throw new IllegalArgumentException("a king bucket layout has 64 squares, not " + bucketOfSquare.length);
        }
        boolean[] used = new boolean[MAX];
        for (int bucket : bucketOfSquare) {
            if (bucket < 0 || bucket >= MAX) {
                throw new IllegalArgumentException("king bucket " + bucket + " is outside 0 .. " + (MAX - 1));
            }
            used[bucket] = true;
        }
        int count = Arrays.stream(bucketOfSquare).max().orElse(0) + 1;
        for (int bucket = 0; bucket < count; bucket++) {
            if (!used[bucket]) {
                throw new IllegalArgumentException("king bucket " + bucket + " is used by no square");
            }
        }
        for (KingBuckets named : new KingBuckets[] {NONE, FOUR}) {
            if (Arrays.equals(named.bucketOfSquare, bucketOfSquare)) {
                return named;
            }
        }
        return new KingBuckets("custom", bucketOfSquare.clone());
    }

    /**
     * The named layout {@code name}: "none" or "four".
     *
     * @throws IllegalArgumentException for any other name
     */
    public static KingBuckets named(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "none":
                return NONE;
            case "four":
                return FOUR;
            default:
                throw new IllegalArgumentException("unknown king bucket layout '" + name + "' (none, four)");
        }
    }

    /** How many buckets: 1 for {@link #NONE}. */
    public int count() {
        return count;
    }

    /** The layout's name: "none", "four", or "custom" for a map read from a file that no name has. */
    public String name() {
        return name;
    }

    /** The bucket of a king on {@code relativeSquare}, the square as its own perspective sees it after mirroring. */
    public int bucket(int relativeSquare) {
        return bucketOfSquare[relativeSquare];
    }

    /**
     * The bucket of {@code perspective}'s view when its own king stands on {@code kingSquare} and the view XORs
     * {@code mirror} into every square ({@link Features#mirror}, or 0 without king mirroring).
     */
    public int bucket(int perspective, int kingSquare, int mirror) {
        return bucketOfSquare[Features.relativeSquare(perspective, kingSquare) ^ mirror];
    }

    /** The 64 buckets, square a1 first: what the file stores. */
    public int[] toArray() {
        return bucketOfSquare.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KingBuckets buckets && Arrays.equals(bucketOfSquare, buckets.bucketOfSquare);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bucketOfSquare);
    }

    @Override
    public String toString() {
        return name + " (" + count + (count == 1 ? " bucket)" : " buckets)");
    }
}
