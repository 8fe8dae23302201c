package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PerftCacheTest {
    private static final long KEY = 0x463B96181691FC9CL;
    /** Differs from KEY only in high bits, so it falls into the same bucket. */
    private static final long SAME_BUCKET_KEY = KEY ^ 0x7000000000000000L;

    @Test
    void storedCountIsFoundAtItsDepth() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 5, 4_865_609);
        assertEquals(4_865_609, cache.probe(KEY, 5));
    }

    @Test
    void countOfAnotherDepthIsAMiss() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 5, 4_865_609);
        assertEquals(PerftCache.MISS, cache.probe(KEY, 4));
    }

    @Test
    void countOfAnotherKeyInTheSameBucketIsAMiss() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 5, 4_865_609);
        assertEquals(PerftCache.MISS, cache.probe(SAME_BUCKET_KEY, 5));
    }

    @Test
    void emptyTableMissesEvenTheZeroKey() {
        assertEquals(PerftCache.MISS, new PerftCache(1).probe(0, 2));
    }

    @Test
    void deeperCountSurvivesShallowerStoresToItsBucket() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 6, 119_060_324);
        cache.store(SAME_BUCKET_KEY, 2, 400);
        cache.store(SAME_BUCKET_KEY ^ 0x0100000000000000L, 3, 8_902);
        assertEquals(119_060_324, cache.probe(KEY, 6));
        assertEquals(8_902, cache.probe(SAME_BUCKET_KEY ^ 0x0100000000000000L, 3));
    }

    @Test
    void sameKeyHoldsCountsOfTwoDepths() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 4, 197_281);
        cache.store(KEY, 3, 8_902);
        assertEquals(197_281, cache.probe(KEY, 4));
        assertEquals(8_902, cache.probe(KEY, 3));
    }

    @Test
    void clearForgetsEveryCount() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 5, 4_865_609);
        cache.clear();
        assertEquals(PerftCache.MISS, cache.probe(KEY, 5));
    }

    @Test
    void countTooLargeForAnEntryIsNotStored() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 9, 1L << 56);
        assertEquals(PerftCache.MISS, cache.probe(KEY, 9));
    }

    @Test
    void largestStorableCountIsKeptExactly() {
        PerftCache cache = new PerftCache(1);
        cache.store(KEY, 9, (1L << 56) - 1);
        assertEquals((1L << 56) - 1, cache.probe(KEY, 9));
    }

    @Test
    void oneMegabyteHolds32768BucketsOfTwoEntries() {
        assertEquals(65_536, new PerftCache(1).capacity());
    }

    @Test
    void sizeIsRoundedDownToAPowerOfTwo() {
        assertEquals(new PerftCache(4).capacity(), new PerftCache(7).capacity());
    }

    @Test
    void sizeBelowOneMegabyteIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new PerftCache(0));
    }

    @Test
    void sizeAboveTheMaximumIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new PerftCache(PerftCache.MAX_MEGABYTES + 1));
    }
}
