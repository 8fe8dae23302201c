package kestrel.engine.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.CancellationException;

/**
 * The transposition table: what earlier searches learnt about positions, kept in one fixed-size primitive array of
 * packed entries so that probing and storing never allocate.
 *
 * <p><b>Size.</b> The {@code Hash} option gives megabytes (1 .. {@value #MAX_MEGABYTES}); the table holds exactly
 * {@code megabytes * 2^20 / 8} entries of one {@code long} each, kept in segments of 2^23 longs (64 MiB; tables up to
 * 64 MB have a single segment): a Java array holds at most 2^31 - 1 elements, and the JVM cannot pause a thread
 * while it clears a new array, so one huge array would hold up the whole program (quit included) for seconds.
 *
 * <p><b>Indexing.</b> Entries come in buckets of {@value #BUCKET_SIZE} (32 bytes). The bucket of a key is
 * {@code (low 32 bits of key * bucket count) >>> 32} (multiply-shift, so any size works, not only powers of two); the
 * top 16 bits of the key, which the index never uses, are kept in the entry to verify it.
 *
 * <p><b>Entry layout</b>, one {@code long} (0 = empty slot, since a stored entry always has a bound):
 * <pre>
 *  bits  0-15  best move, packed as {@link kestrel.engine.Move} (0 = none)
 *  bits 16-31  score, signed 16 bits; a mate score counts plies from this position, not from the root
 *  bits 32-39  depth in plies, 0 .. 255 (0 = quiescence)
 *  bits 40-41  bound: 1 upper (fail low), 2 lower (fail high), 3 exact; 0 only in an empty slot
 *  bits 42-47  generation (age) of the search that wrote it, 0 .. 63, wrapping
 *  bits 48-63  verification: the top 16 bits of the Zobrist key
 * </pre>
 * <p><b>Sharing.</b> The search threads (Lazy SMP) probe and store at once, without locks. Each entry verifies
 * itself: its key check and its data are one {@code long}, read and written in one access ({@link VarHandle} opaque
 * mode, which the Java memory model guarantees to be atomic for a {@code long}, unlike a plain access), so a probe
 * sees either a whole entry stored under its key or a miss, never the check of one store with the data of another.
 * Two threads storing into one bucket at once may lose one of the two entries, which costs a little work and is
 * never wrong. A key collision (another position with the same 16 check bits in the same bucket) can still return
 * another position's entry: the search plays a table move only if the move generator produced it in this position.
 *
 * <p><b>Replacement.</b> Storing into a bucket takes the slot that already holds the same key, else an empty slot,
 * else the slot of least worth, worth being depth minus 4 per generation of age (old and shallow entries go first).
 * An entry for the same key is not overwritten by a shallower non-exact result of the same search, and keeps its
 * move when the new result has none. A probe that finds an entry of an earlier search makes it current again.
 *
 * <p>Resize and clear only between searches; probing and storing may run on several threads at once, and clearing
 * too, each thread its own slice ({@link #clearSlice}).
 */
public final class TranspositionTable {
    public static final int MIN_MEGABYTES = 1;
    public static final int MAX_MEGABYTES = 32_768;

    public static final int BOUND_NONE = 0;
    public static final int BOUND_UPPER = 1;
    public static final int BOUND_LOWER = 2;
    public static final int BOUND_EXACT = 3;

    static final int BUCKET_SIZE = 4;
    private static final int ENTRY_BYTES = Long.BYTES;
    private static final int SEGMENT_SHIFT = 23;
    private static final long SEGMENT_LONGS = 1L << SEGMENT_SHIFT;
    private static final int SEGMENT_MASK = (int) SEGMENT_LONGS - 1;
    private static final int SAMPLE_SIZE = 1000;

    private static final int MOVE_SHIFT = 0;
    private static final int SCORE_SHIFT = 16;
    private static final int DEPTH_SHIFT = 32;
    private static final int BOUND_SHIFT = 40;
    private static final int GENERATION_SHIFT = 42;
    private static final int CHECK_SHIFT = 48;
    private static final int GENERATION_MASK = 63;
    private static final int MAX_DEPTH = 255;
    /** Worth lost per generation of age when choosing a slot to replace. */
    private static final int AGE_PENALTY = 4;
    /** Atomic access to one entry of a segment, shared by the search threads. */
    private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(long[].class);

    /** Which of the 16 verification bits take part; all of them except in collision tests. */
    private final long checkMask;
    private long[][] segments;
    private long bucketCount;
    private int megabytes;
    private int generation;

    /** A table of exactly {@code megabytes} MB. */
    public TranspositionTable(int megabytes) {
        this(megabytes, 16);
    }

    /**
     * A table of {@code megabytes} MB whose memory is taken only when first needed: by {@link #allocate}, by the
     * first {@link #newSearch}, or at once by a {@link #resize} to another size. A program can then start before
     * the default table is built, and a GUI that sets {@code Hash} at start-up never has two tables in memory.
     */
    public static TranspositionTable deferred(int megabytes) {
        return new TranspositionTable(megabytes, 16, false);
    }

    /**
     * A table that verifies only the lowest {@code verificationBits} of the 16 key bits it keeps, so tests can force
     * key collisions: with 0 bits every occupied slot of a bucket answers every probe.
     */
    TranspositionTable(int megabytes, int verificationBits) {
        this(megabytes, verificationBits, true);
    }

    private TranspositionTable(int megabytes, int verificationBits, boolean allocateNow) {
        if (verificationBits < 0 || verificationBits > 16) {
            throw new IllegalArgumentException("verification bits must be 0..16, not " + verificationBits);
        }
        this.checkMask = ((1L << verificationBits) - 1) << CHECK_SHIFT;
        checkSize(megabytes);
        this.megabytes = megabytes;
        this.bucketCount = entriesFor(megabytes) / BUCKET_SIZE;
        if (allocateNow) {
            allocate();
        }
    }

    /** Takes the memory of a {@link #deferred} table now (nothing when it has it already); as {@link #resize}. */
    public void allocate() {
        if (segments == null) {
            reallocate(megabytes);
        }
    }

    /** The number of entries of a table of this many megabytes. */
    public static long entriesFor(int megabytes) {
        return ((long) megabytes << 20) / ENTRY_BYTES;
    }

    /**
     * Reallocates to exactly this size (only between searches); the content is lost. The same size only empties
     * the table. Throws
     * IllegalArgumentException, leaving the table as it was, when the size is out of range or the Java heap
     * cannot hold it, and CancellationException, likewise, when the thread is interrupted during the allocation.
     */
    public void resize(int megabytes) {
        checkSize(megabytes);
        if (megabytes == this.megabytes) {
            // Same size: emptying it is the same as a new table, without a second one in memory meanwhile.
            if (segments != null) {
                clear();
            }
            return;
        }
        reallocate(megabytes);
    }

    private static void checkSize(int megabytes) {
        if (megabytes < MIN_MEGABYTES || megabytes > MAX_MEGABYTES) {
            throw new IllegalArgumentException(
                    "hash size must be " + MIN_MEGABYTES + " .. " + MAX_MEGABYTES + " MB, not " + megabytes);
        }
    }

    private void reallocate(int megabytes) {
        long longs = entriesFor(megabytes);
        long bytes = longs * Long.BYTES;
        // Refuse at once what the heap cannot hold beside what it holds now (the old table stays until the new one
        // is complete): filling the heap to find out takes seconds, long enough for a GUI to give up on isready.
        if (bytes > freeHeapBytes()) {
            // Much of what is in use may be garbage, such as a table just given up: collect it before refusing.
            System.gc();
            if (bytes > freeHeapBytes()) {
                throw tooLarge(megabytes, freeHeapBytes(), true);
            }
        }
        long free = freeHeapBytes();
        int segmentCount = (int) ((longs + SEGMENT_LONGS - 1) / SEGMENT_LONGS);
        long[][] fresh = new long[segmentCount][];
        try {
            for (int index = 0; index < segmentCount; index++) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new CancellationException("resize to " + megabytes + " MB interrupted");
                }
                fresh[index] = new long[(int) Math.min(SEGMENT_LONGS, longs - index * SEGMENT_LONGS)];
            }
        } catch (OutOfMemoryError error) {
            // The old table is still held, so that a failed resize leaves everything as it was.
            fresh = null;
            throw tooLarge(megabytes, free, false);
        }
        segments = fresh;
        bucketCount = longs / BUCKET_SIZE;
        this.megabytes = megabytes;
        generation = 0;
    }

    /** What the heap could still take: its limit (-Xmx) less what it holds now, garbage not yet collected included. */
    private static long freeHeapBytes() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    /**
     * The refusal, saying what the table needs, what the heap had free before the attempt, and an -Xmx that would
     * do: what was in use plus the table, and half as much again, because a generational collector keeps such a
     * long-lived table in its old generation, which is only part of the heap (two thirds by default). With
     * {@code tooLittleFree} false the free memory looked enough, but the heap could not provide it in the end.
     */
    private IllegalArgumentException tooLarge(int requestedMegabytes, long freeBytes, boolean tooLittleFree) {
        long maxMegabytes = Runtime.getRuntime().maxMemory() >> 20;
        long freeMegabytes = Math.max(0, freeBytes >> 20);
        long neededMegabytes = maxMegabytes - freeMegabytes + requestedMegabytes;
        long suggestedMegabytes = (neededMegabytes * 3 / 2 + 63) / 64 * 64;
        String heap = tooLittleFree
                ? "; the Java heap allows at most " + maxMegabytes + " MB (-Xmx) and has " + freeMegabytes + " MB free"
                : ", which the Java heap (at most " + maxMegabytes + " MB, -Xmx) could not provide";
        return new IllegalArgumentException("a table of " + requestedMegabytes + " MB needs " + requestedMegabytes
                + " MB of free heap" + heap + ", so start Java with about -Xmx" + suggestedMegabytes + "m; keeping "
                + megabytes + " MB");
    }

    public int sizeMegabytes() {
        return megabytes;
    }

    /** The number of entries, exactly {@link #entriesFor}({@link #sizeMegabytes()}). */
    public long entryCount() {
        return bucketCount * BUCKET_SIZE;
    }

    /** Whether the memory has been taken (see {@link #deferred}). */
    public boolean isAllocated() {
        return segments != null;
    }

    /** Empties the table (ucinewgame, Clear Hash) on this thread; {@link SearchThreads} clears it on all threads. */
    public void clear() {
        clearSlice(0, 1);
        clearDone();
    }

    /**
     * Empties slice {@code slice} of {@code slices} equal slices of the table, so that several threads can clear it
     * at once, each its own slice; once all are done, call {@link #clearDone}. Nothing while not allocated.
     */
    public void clearSlice(int slice, int slices) {
        if (segments == null) {
            return;
        }
        long total = entryCount();
        long from = total * slice / slices;
        long to = total * (slice + 1) / slices;
        while (from < to) {
            long[] segment = segments[(int) (from >>> SEGMENT_SHIFT)];
            int start = (int) from & SEGMENT_MASK;
            int end = (int) Math.min(segment.length, start + (to - from));
            Arrays.fill(segment, start, end, 0L);
            from += end - start;
        }
    }

    /** Completes a clear made of {@link #clearSlice} calls: the next search starts the generations afresh. */
    public void clearDone() {
        generation = 0;
    }

    /** Starts a new search: entries written from now on are younger than all those already in the table. */
    public void newSearch() {
        allocate();
        generation = (generation + 1) & GENERATION_MASK;
    }

    /** Fill in per mille: entries of the current search among the first 1000. */
    public int hashfull() {
        if (segments == null) {
            return 0;
        }
        long[] first = segments[0];
        int used = 0;
        for (int index = 0; index < SAMPLE_SIZE; index++) {
            long entry = first[index];
            if (entry != 0 && generationOf(entry) == generation) {
                used++;
            }
        }
        return used * 1000 / SAMPLE_SIZE;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Probe and store

    /** The entry stored for this key, or 0 when there is none. Read its fields with the static accessors. */
    public long probe(long key) {
        long first = bucketStart(key);
        long[] segment = segments[(int) (first >>> SEGMENT_SHIFT)];
        int base = (int) first & SEGMENT_MASK;
        long check = key & checkMask;
        for (int slot = base; slot < base + BUCKET_SIZE; slot++) {
            long entry = (long) ENTRY.getOpaque(segment, slot);
            if (entry != 0 && (entry & checkMask) == check) {
                if (generationOf(entry) != generation) {
                    // Still useful to this search: make it as young as the search, so it is not replaced first.
                    // Only if no other thread stored into the slot meanwhile: its entry is newer.
                    long younger = entry & ~((long) GENERATION_MASK << GENERATION_SHIFT)
                            | (long) generation << GENERATION_SHIFT;
                    ENTRY.compareAndSet(segment, slot, entry, younger);
                    entry = younger;
                }
                return entry;
            }
        }
        return 0;
    }

    /**
     * Stores what a search at {@code ply} from the root learnt: best move (or Move.NONE), score, depth and bound
     * ({@link #BOUND_UPPER}, {@link #BOUND_LOWER} or {@link #BOUND_EXACT}).
     */
    public void store(long key, int move, int score, int depth, int bound, int ply) {
        long first = bucketStart(key);
        long[] segment = segments[(int) (first >>> SEGMENT_SHIFT)];
        int base = (int) first & SEGMENT_MASK;
        long check = key & checkMask;
        int target = base;
        int leastWorth = Integer.MAX_VALUE;
        for (int slot = base; slot < base + BUCKET_SIZE; slot++) {
            long entry = (long) ENTRY.getOpaque(segment, slot);
            if (entry == 0) {
                target = slot;
                break;
            }
            if ((entry & checkMask) == check) {
                boolean sameSearch = generationOf(entry) == generation;
                if (bound != BOUND_EXACT && sameSearch && depth + 2 < depth(entry)) {
                    return; // a deeper result for this position is worth more
                }
                if (move == 0) {
                    move = move(entry);
                }
                target = slot;
                break;
            }
            int age = (generation - generationOf(entry)) & GENERATION_MASK;
            int worth = depth(entry) - AGE_PENALTY * age;
            if (worth < leastWorth) {
                leastWorth = worth;
                target = slot;
            }
        }
        ENTRY.setOpaque(segment, target, pack(key, move, toTable(score, ply), depth, bound));
    }

    private long bucketStart(long key) {
        return (((key & 0xFFFF_FFFFL) * bucketCount) >>> 32) * BUCKET_SIZE;
    }

    private long pack(long key, int move, int score, int depth, int bound) {
        int clampedDepth = Math.max(0, Math.min(MAX_DEPTH, depth));
        return (key & checkMask)
                | (long) generation << GENERATION_SHIFT
                | (long) bound << BOUND_SHIFT
                | (long) clampedDepth << DEPTH_SHIFT
                | (long) (score & 0xFFFF) << SCORE_SHIFT
                | (long) (move & 0xFFFF) << MOVE_SHIFT;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Reading an entry

    public static int move(long entry) {
        return (int) (entry >>> MOVE_SHIFT) & 0xFFFF;
    }

    /** The score as seen from a node {@code ply} plies from the root: mate distances count from the root again. */
    public static int score(long entry, int ply) {
        return fromTable((short) (entry >>> SCORE_SHIFT), ply);
    }

    public static int depth(long entry) {
        return (int) (entry >>> DEPTH_SHIFT) & 0xFF;
    }

    /** {@link #BOUND_UPPER}, {@link #BOUND_LOWER} or {@link #BOUND_EXACT}. */
    public static int bound(long entry) {
        return (int) (entry >>> BOUND_SHIFT) & 3;
    }

    private static int generationOf(long entry) {
        return (int) (entry >>> GENERATION_SHIFT) & GENERATION_MASK;
    }

    /**
     * Mate and tablebase scores count from the root in the search but from the node in the table, where
     * transpositions meet.
     */
    static int toTable(int score, int ply) {
        if (score >= Score.TABLEBASE_WIN_BOUND) {
            return score + ply;
        }
        if (score <= -Score.TABLEBASE_WIN_BOUND) {
            return score - ply;
        }
        return score;
    }

    static int fromTable(int score, int ply) {
        int result = score;
        if (score >= Score.TABLEBASE_WIN_BOUND) {
            result = score - ply;
        } else if (score <= -Score.TABLEBASE_WIN_BOUND) {
            result = score + ply;
        }
        // Only a torn or colliding entry could be out of range; never let it escape the score scale.
        return Math.max(-Score.MATE, Math.min(Score.MATE, result));
    }
}
