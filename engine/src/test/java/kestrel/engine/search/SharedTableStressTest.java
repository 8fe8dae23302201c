package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Several threads store into and probe one small table at once, as the search threads of Lazy SMP do, crowding a
 * few buckets so that slots are replaced all the time. Every key stores data of its own (a function of the key), and
 * no two keys share the 16 check bits: a probe that answers with anything but that key's data saw a torn entry or
 * another key's entry.
 */
class SharedTableStressTest {
    private static final int THREADS = 4;
    private static final int KEYS = 4096;
    /** All keys go into this many buckets, 64 keys to a bucket of 4 slots. */
    private static final int BUCKETS_USED = 64;
    private static final long RUN_NANOS = 400_000_000L;

    /** Key {@code id}: the id in the 16 check bits, and low bits that choose one of the first buckets. */
    private static long key(int id, long bucketCount) {
        long bucket = id % BUCKETS_USED;
        // The smallest 32-bit value whose multiply-shift index is this bucket, plus a little inside the bucket.
        long low = ((bucket << 32) + bucketCount - 1) / bucketCount + (id / BUCKETS_USED);
        return (long) id << 48 | low;
    }

    private static int move(int id) {
        return (id * 40_503 + 1) & 0xFFFF | 1;
    }

    private static int score(int id) {
        return id % 2001 - 1000;
    }

    private static int depth(int id) {
        return 1 + id % 60;
    }

    private static int bound(int id) {
        return 1 + id % 3;
    }

    @Test
    void noProbeEverReturnsAnotherKeysData() throws InterruptedException {
        TranspositionTable table = new TranspositionTable(1);
        table.newSearch();
        long bucketCount = table.entryCount() / TranspositionTable.BUCKET_SIZE;
        long[] keys = new long[KEYS];
        for (int id = 0; id < KEYS; id++) {
            keys[id] = key(id, bucketCount);
        }
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicLong hits = new AtomicLong();
        AtomicLong probes = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int thread = 0; thread < THREADS; thread++) {
            long seed = thread;
            threads.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(seed);
                long threadHits = 0;
                long threadProbes = 0;
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                long end = System.nanoTime() + RUN_NANOS;
                while (failure.get() == null && System.nanoTime() < end) {
                    for (int round = 0; round < 1000; round++) {
                        int stored = random.nextInt(KEYS);
                        table.store(keys[stored], move(stored), score(stored), depth(stored), bound(stored), 0);
                        int probed = random.nextInt(KEYS);
                        long entry = table.probe(keys[probed]);
                        threadProbes++;
                        if (entry == 0) {
                            continue;
                        }
                        threadHits++;
                        if (TranspositionTable.move(entry) != move(probed)
                                || TranspositionTable.score(entry, 0) != score(probed)
                                || TranspositionTable.depth(entry) != depth(probed)
                                || TranspositionTable.bound(entry) != bound(probed)) {
                            failure.compareAndSet(null, "key " + probed + " answered with entry "
                                    + Long.toHexString(entry));
                        }
                    }
                }
                hits.addAndGet(threadHits);
                probes.addAndGet(threadProbes);
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(null, failure.get());
        // The table was really fought over: many probes found their key, many found it replaced.
        assertTrue(hits.get() > 1000, hits + " hits");
        assertTrue(probes.get() - hits.get() > 1000, (probes.get() - hits.get()) + " misses");
    }

    @Test
    void theKeysOfTheTestFillOnlyTheirBuckets() {
        TranspositionTable table = new TranspositionTable(1);
        table.newSearch();
        long bucketCount = table.entryCount() / TranspositionTable.BUCKET_SIZE;
        for (int id = 0; id < KEYS; id++) {
            table.store(key(id, bucketCount), move(id), score(id), depth(id), bound(id), 0);
        }
        // 64 buckets of 4 slots, all among the first 1000 slots that hashfull counts: 256 per mille, every slot.
        assertEquals(BUCKETS_USED * TranspositionTable.BUCKET_SIZE, table.hashfull());
    }
}
