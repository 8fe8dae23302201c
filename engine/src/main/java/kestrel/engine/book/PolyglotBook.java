package kestrel.engine.book;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import kestrel.engine.FileProblem;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Polyglot opening book ({@code .bin}), read in place: the file is memory-mapped, never copied into the heap, so
 * a book of gigabytes costs only address space. A file larger than one mapping allows (2 GB) is mapped in chunks.
 *
 * <p>The file is a sequence of 16-byte {@link PolyglotEntry entries} sorted by key as unsigned 64-bit numbers,
 * several entries per position. A position's entries are found by binary search on its own incremental key,
 * {@link Position#key()}, which is the Polyglot key (see {@code Zobrist}). Each entry's move is matched against the
 * legal moves of the position; entries that match none (a colliding key, a broken book) are ignored.
 *
 * <p>{@link #open} checks the whole file before it is used: it must exist, be readable, hold a whole number of
 * entries (at least one) and be sorted. The sortedness check reads every key once, sequentially, from the mapping:
 * about as fast as the disk delivers the file.
 *
 * <p>Look-ups only read the mapping with absolute gets, so one book may be probed from several threads.
 */
public final class PolyglotBook implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PolyglotBook.class);

    /** Entries per mapped chunk, as a power of two: 2^26 entries of 16 bytes = 1 GiB, below the 2 GB map limit. */
    static final int DEFAULT_CHUNK_SHIFT = 26;

    private static final Comparator<BookMove> HEAVIEST_FIRST = Comparator.comparingInt(BookMove::weight).reversed();

    private final Path file;
    private final long entryCount;
    private final int chunkShift;
    private final long chunkMask;
    /** The mapped chunks, chunk i holding entries [i << chunkShift, (i + 1) << chunkShift); null once closed. */
    private volatile ByteBuffer[] chunks;

    private PolyglotBook(Path file, long entryCount, int chunkShift, ByteBuffer[] chunks) {
        this.file = file;
        this.entryCount = entryCount;
        this.chunkShift = chunkShift;
        this.chunkMask = (1L << chunkShift) - 1;
        this.chunks = chunks;
    }

    /** Opens and validates a Polyglot .bin file without reading it whole into the heap. */
    public static PolyglotBook open(Path file) throws BookException {
        return open(file, DEFAULT_CHUNK_SHIFT);
    }

    /** Opens a book mapped in chunks of {@code 2^chunkShift} entries (small chunks let tests cross chunk borders). */
    static PolyglotBook open(Path file, int chunkShift) throws BookException {
        if (file == null) {
            throw new BookException("no book file given");
        }
        if (Files.isDirectory(file)) {
            throw new BookException("book file " + file + " is a directory, not a Polyglot .bin file");
        }
        ByteBuffer[] chunks;
        long entryCount;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size == 0) {
                throw new BookException("book file " + file + " is empty");
            }
            if (size % PolyglotEntry.BYTES != 0) {
                throw new BookException("book file " + file + " is truncated or not a Polyglot book: its size, "
                        + size + " bytes, is not a multiple of " + PolyglotEntry.BYTES);
            }
            entryCount = size / PolyglotEntry.BYTES;
            chunks = map(channel, entryCount, chunkShift);
            // The mappings stay valid once the channel is closed.
        } catch (NoSuchFileException e) {
            throw new BookException("book file " + file + " not found", e);
        } catch (AccessDeniedException e) {
            throw new BookException("book file " + file + " cannot be read: permission denied", e);
        } catch (IOException e) {
            throw new BookException("book file " + file + " cannot be read: " + e, e);
        }
        PolyglotBook book = new PolyglotBook(file, entryCount, chunkShift, chunks);
        book.checkSorted();
        LOG.debug("opened book {}: {} entries", file, entryCount);
        return book;
    }

    private static ByteBuffer[] map(FileChannel channel, long entryCount, int chunkShift) throws IOException {
        long entriesPerChunk = 1L << chunkShift;
        int chunkCount = (int) ((entryCount + entriesPerChunk - 1) >>> chunkShift);
        ByteBuffer[] chunks = new ByteBuffer[chunkCount];
        for (int i = 0; i < chunkCount; i++) {
            long firstEntry = (long) i << chunkShift;
            long entries = Math.min(entriesPerChunk, entryCount - firstEntry);
            chunks[i] = channel.map(FileChannel.MapMode.READ_ONLY, firstEntry * PolyglotEntry.BYTES,
                    entries * PolyglotEntry.BYTES);
        }
        return chunks;
    }

    /** Binary search needs sorted keys; one sequential pass proves it (or names the first entry out of order). */
    private void checkSorted() throws BookException {
        ByteBuffer[] mapped = chunks;
        long previous = keyAt(mapped, 0);
        for (long index = 1; index < entryCount; index++) {
            long key = keyAt(mapped, index);
            if (Long.compareUnsigned(key, previous) < 0) {
                throw new BookException(String.format(
                        "book file %s is not a Polyglot book: its entries are not sorted by key (entry %d has key"
                                + " %016x, below the key %016x of the entry before it)",
                        file, index, key, previous));
            }
            previous = key;
        }
    }

    /** The legal book moves of the position, heaviest first; empty when out of book. */
    public List<BookMove> moves(Position position) {
        return lookup(position).moves();
    }

    /** The legal book moves of the position, heaviest first, with the number of entries ignored as not legal. */
    public BookLookup lookup(Position position) {
        ByteBuffer[] mapped = chunks;
        if (mapped == null) {
            return BookLookup.OUT_OF_BOOK;
        }
        long key = position.key();
        long index = firstIndexOf(mapped, key);
        if (index == entryCount || keyAt(mapped, index) != key) {
            return BookLookup.OUT_OF_BOOK;
        }
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int legalCount = MoveGenerator.legalMoves(position, legal, 0);
        List<BookMove> moves = new ArrayList<>();
        int ignored = 0;
        for (; index < entryCount && keyAt(mapped, index) == key; index++) {
            PolyglotEntry entry = entryAt(mapped, index);
            int move = PolyglotMove.match(entry.move(), legal, legalCount);
            if (move == Move.NONE) {
                LOG.debug("book {}: entry {} ({}) is not a legal move in this position; ignored", file, index,
                        PolyglotMove.toText(entry.move()));
                ignored++;
                continue;
            }
            addOrMerge(moves, move, entry.weight());
        }
        moves.sort(HEAVIEST_FIRST); // stable: equal weights keep the file's order
        return new BookLookup(moves, ignored);
    }

    /** A move listed twice (books merged carelessly) counts once, with the weights added. */
    private static void addOrMerge(List<BookMove> moves, int move, int weight) {
        for (int i = 0; i < moves.size(); i++) {
            BookMove known = moves.get(i);
            if (known.move() == move) {
                moves.set(i, new BookMove(move, known.weight() + weight));
                return;
            }
        }
        moves.add(new BookMove(move, weight));
    }

    /**
     * A move to play: the heaviest when {@code bestOnly}, else one drawn at random with probability proportional to
     * its weight. Moves of weight 0 are listed by {@link #moves} but never played, as in Polyglot.
     * Returns {@link Move#NONE} when out of book.
     */
    public int choose(Position position, boolean bestOnly, RandomGenerator random) {
        List<BookMove> moves = moves(position);
        long total = 0;
        for (BookMove move : moves) {
            total += move.weight();
        }
        if (total == 0) {
            return Move.NONE;
        }
        if (bestOnly) {
            return moves.get(0).move();
        }
        long pick = random.nextLong(total);
        for (BookMove move : moves) {
            pick -= move.weight();
            if (pick < 0) {
                return move.move();
            }
        }
        throw new AssertionError("weighted pick beyond the total weight");
    }

    /** The raw entries stored under a key, in file order, legal or not; for tools and tests. */
    public List<PolyglotEntry> entries(long key) {
        ByteBuffer[] mapped = chunks;
        if (mapped == null) {
            return List.of();
        }
        List<PolyglotEntry> entries = new ArrayList<>();
        for (long index = firstIndexOf(mapped, key); index < entryCount && keyAt(mapped, index) == key; index++) {
            entries.add(entryAt(mapped, index));
        }
        return List.copyOf(entries);
    }

    /** Whether the file is now shorter than when it was mapped ({@link FileProblem#cutShort}). */
    public boolean fileShrunk() {
        return FileProblem.cutShort(file, entryCount * PolyglotEntry.BYTES);
    }

    /** The number of 16-byte entries in the file. */
    public long entryCount() {
        return entryCount;
    }

    public Path file() {
        return file;
    }

    /**
     * Forgets the mapping; the book then answers as if out of book. Java cannot unmap a file on demand: the memory
     * is returned when the mapping is garbage-collected.
     */
    @Override
    public void close() {
        chunks = null;
    }

    /** The index of the first entry whose key is not below {@code key} (unsigned), or entryCount when none. */
    private long firstIndexOf(ByteBuffer[] mapped, long key) {
        long low = 0;
        long high = entryCount;
        while (low < high) {
            long middle = (low + high) >>> 1;
            if (Long.compareUnsigned(keyAt(mapped, middle), key) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    private long keyAt(ByteBuffer[] mapped, long index) {
        return mapped[(int) (index >>> chunkShift)].getLong(offsetInChunk(index));
    }

    private PolyglotEntry entryAt(ByteBuffer[] mapped, long index) {
        return PolyglotEntry.read(mapped[(int) (index >>> chunkShift)], offsetInChunk(index));
    }

    private int offsetInChunk(long index) {
        return (int) (index & chunkMask) * PolyglotEntry.BYTES;
    }
}
