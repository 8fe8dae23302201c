package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CancellationException;
import kestrel.engine.Move;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;

class TranspositionTableTest {
    private static final long KEY = 0x9D39247E33776D41L;
    private static final int MOVE = Move.of(Square.E2, Square.E4);

    @Test
    void storedEntryIsFoundWithAllItsFields() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, -123, 7, TranspositionTable.BOUND_LOWER, 3);
        long entry = table.probe(KEY);
        assertEquals(MOVE, TranspositionTable.move(entry));
        assertEquals(-123, TranspositionTable.score(entry, 3));
        assertEquals(7, TranspositionTable.depth(entry));
        assertEquals(TranspositionTable.BOUND_LOWER, TranspositionTable.bound(entry));
    }

    @Test
    void anotherKeyIsNotFound() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 50, 4, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(0, table.probe(KEY ^ 0xFFFF_0000_0000_0000L));
    }

    @Test
    void mateScoresCountFromTheNodeInTheTable() {
        TranspositionTable table = new TranspositionTable(1);
        // At ply 4 the search sees a mate on ply 10 from the root: 6 plies from this node.
        table.store(KEY, MOVE, Score.mateIn(10), 5, TranspositionTable.BOUND_EXACT, 4);
        long entry = table.probe(KEY);
        assertEquals(Score.mateIn(10), TranspositionTable.score(entry, 4));
        // Reached by a transposition at ply 2, the same mate is 8 plies from the root.
        assertEquals(Score.mateIn(8), TranspositionTable.score(entry, 2));
    }

    @Test
    void matedScoresCountFromTheNodeInTheTable() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, Score.matedIn(9), 5, TranspositionTable.BOUND_UPPER, 3);
        assertEquals(Score.matedIn(11), TranspositionTable.score(table.probe(KEY), 5));
    }

    @Test
    void sizeGivesTheExactNumberOfEntries() {
        assertEquals(131_072, new TranspositionTable(1).entryCount());
        assertEquals(3 * 131_072, new TranspositionTable(3).entryCount());
        assertEquals(16 * 131_072, new TranspositionTable(16).entryCount());
    }

    @Test
    void largestSizeIsComputedWithoutOverflow() {
        assertEquals(32_768L * 131_072, TranspositionTable.entriesFor(TranspositionTable.MAX_MEGABYTES));
    }

    @Test
    void aTableTheHeapCannotHoldIsRefusedSayingWhatItNeeds() {
        assumeTrue(Runtime.getRuntime().maxMemory() < (long) TranspositionTable.MAX_MEGABYTES << 20);
        TranspositionTable table = new TranspositionTable(1);
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> table.resize(TranspositionTable.MAX_MEGABYTES));
        assertTrue(refusal.getMessage().matches("a table of 32768 MB needs 32768 MB of free heap; the Java heap allows"
                + " at most \\d+ MB \\(-Xmx\\) and has \\d+ MB free, so start Java with about -Xmx\\d+m; keeping 1 MB"),
                refusal.getMessage());
        assertEquals(1, table.sizeMegabytes());
    }

    @Test
    void anInterruptedResizeGivesUpAndKeepsTheTable() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        Thread.currentThread().interrupt();
        try {
            assertThrows(CancellationException.class, () -> table.resize(128));
        } finally {
            Thread.interrupted();
        }
        assertEquals(1, table.sizeMegabytes());
        assertEquals(MOVE, TranspositionTable.move(table.probe(KEY)));
    }

    @Test
    void aDeferredTableTakesItsMemoryOnlyWhenFirstNeeded() {
        // Far more than the test heap: fine until the memory is asked for.
        TranspositionTable table = TranspositionTable.deferred(TranspositionTable.MAX_MEGABYTES);
        assertEquals(TranspositionTable.MAX_MEGABYTES, table.sizeMegabytes());
        assertEquals(0, table.hashfull());
        table.clear();
        assertThrows(IllegalArgumentException.class, table::allocate);
        assertThrows(IllegalArgumentException.class, table::newSearch);

        // A resize to another size builds the table at once, so a refusal comes with the resize.
        table.resize(1);
        assertEquals(1, table.sizeMegabytes());
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(MOVE, TranspositionTable.move(table.probe(KEY)));
    }

    @Test
    void aDeferredTableIsBuiltByTheFirstSearch() {
        TranspositionTable table = TranspositionTable.deferred(1);
        table.newSearch();
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(MOVE, TranspositionTable.move(table.probe(KEY)));
        assertEquals(131_072, table.entryCount());
    }

    @Test
    void resizeToTheSameSizeEmptiesTheTable() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        table.resize(1);
        assertEquals(1, table.sizeMegabytes());
        assertEquals(0, table.probe(KEY));
    }

    @Test
    void resizeChangesTheSizeAndEmptiesTheTable() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        table.resize(2);
        assertEquals(2, table.sizeMegabytes());
        assertEquals(2 * 131_072, table.entryCount());
        assertEquals(0, table.probe(KEY));
    }

    @Test
    void sizeOutOfRangeIsRejectedAndTheTableKept() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        assertThrows(IllegalArgumentException.class, () -> table.resize(0));
        assertThrows(IllegalArgumentException.class, () -> table.resize(TranspositionTable.MAX_MEGABYTES + 1));
        assertEquals(1, table.sizeMegabytes());
        assertEquals(MOVE, TranspositionTable.move(table.probe(KEY)));
    }

    @Test
    void clearEmptiesTheTable() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_EXACT, 0);
        table.clear();
        assertEquals(0, table.probe(KEY));
    }

    @Test
    void sameKeyKeepsItsMoveWhenTheNewResultHasNone() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 3, TranspositionTable.BOUND_LOWER, 0);
        table.store(KEY, Move.NONE, -5, 4, TranspositionTable.BOUND_UPPER, 0);
        long entry = table.probe(KEY);
        assertEquals(MOVE, TranspositionTable.move(entry));
        assertEquals(-5, TranspositionTable.score(entry, 0));
    }

    @Test
    void deeperResultOfTheSameSearchIsNotReplacedByAMuchShallowerBound() {
        TranspositionTable table = new TranspositionTable(1);
        table.store(KEY, MOVE, 10, 12, TranspositionTable.BOUND_LOWER, 0);
        table.store(KEY, MOVE, 99, 2, TranspositionTable.BOUND_UPPER, 0);
        assertEquals(12, TranspositionTable.depth(table.probe(KEY)));
    }

    @Test
    void fullBucketReplacesTheShallowestEntry() {
        TranspositionTable table = new TranspositionTable(1);
        // Keys differing only in their top 16 bits share a bucket.
        long[] keys = new long[TranspositionTable.BUCKET_SIZE + 1];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = KEY ^ ((long) (i + 1) << 48);
        }
        int[] depths = {9, 3, 8, 7};
        for (int i = 0; i < depths.length; i++) {
            table.store(keys[i], MOVE, 0, depths[i], TranspositionTable.BOUND_EXACT, 0);
        }
        table.store(keys[4], MOVE, 0, 5, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(0, table.probe(keys[1]), "the depth-3 entry made room");
        assertEquals(9, TranspositionTable.depth(table.probe(keys[0])));
        assertEquals(5, TranspositionTable.depth(table.probe(keys[4])));
    }

    @Test
    void fullBucketReplacesAnOldDeepEntryBeforeYoungShallowerOnes() {
        TranspositionTable table = new TranspositionTable(1);
        long[] keys = new long[TranspositionTable.BUCKET_SIZE + 1];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = KEY ^ ((long) (i + 1) << 48);
        }
        table.store(keys[0], MOVE, 0, 10, TranspositionTable.BOUND_EXACT, 0);
        for (int search = 0; search < 3; search++) {
            table.newSearch();
        }
        for (int i = 1; i < 4; i++) {
            table.store(keys[i], MOVE, 0, 6, TranspositionTable.BOUND_EXACT, 0);
        }
        table.store(keys[4], MOVE, 0, 6, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(0, table.probe(keys[0]), "three searches old, depth 10 is worth less than depth 6 now");
    }

    @Test
    void deepEntryFoundAgainByANewSearchIsKept() {
        TranspositionTable table = new TranspositionTable(1);
        long[] keys = new long[TranspositionTable.BUCKET_SIZE + 1];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = KEY ^ ((long) (i + 1) << 48);
        }
        table.store(keys[0], MOVE, 0, 8, TranspositionTable.BOUND_EXACT, 0);
        table.newSearch();
        table.newSearch();
        table.probe(keys[0]); // without this, two searches old, it would be worth 8 - 2 * 4 = 0
        for (int i = 1; i < 4; i++) {
            table.store(keys[i], MOVE, 0, 6, TranspositionTable.BOUND_EXACT, 0);
        }
        table.store(keys[4], MOVE, 0, 6, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(8, TranspositionTable.depth(table.probe(keys[0])));
        assertEquals(6, TranspositionTable.depth(table.probe(keys[4])));
    }

    @Test
    void oldEntryNotFoundAgainIsReplacedBeforeOneThatWas() {
        TranspositionTable table = new TranspositionTable(1);
        long[] keys = new long[TranspositionTable.BUCKET_SIZE + 1];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = KEY ^ ((long) (i + 1) << 48);
        }
        table.store(keys[0], MOVE, 0, 8, TranspositionTable.BOUND_EXACT, 0);
        table.store(keys[1], MOVE, 0, 7, TranspositionTable.BOUND_EXACT, 0);
        table.newSearch();
        table.probe(keys[1]);
        for (int i = 2; i < 4; i++) {
            table.store(keys[i], MOVE, 0, 6, TranspositionTable.BOUND_EXACT, 0);
        }
        table.store(keys[4], MOVE, 0, 6, TranspositionTable.BOUND_EXACT, 0);
        assertEquals(0, table.probe(keys[0]), "one search old and never probed: worth 8 - 4 = 4");
        assertEquals(7, TranspositionTable.depth(table.probe(keys[1])));
    }

    @Test
    void hashfullCountsEntriesOfTheCurrentSearch() {
        TranspositionTable table = new TranspositionTable(1);
        assertEquals(0, table.hashfull());
        // Fill every slot: keys spread over all buckets by the multiply-shift index.
        for (long i = 0; i < table.entryCount() * 4; i++) {
            long key = i * 0x9E3779B97F4A7C15L;
            table.store(key, MOVE, 0, 1, TranspositionTable.BOUND_EXACT, 0);
        }
        assertEquals(1000, table.hashfull());
        table.newSearch();
        assertEquals(0, table.hashfull());
    }
}
