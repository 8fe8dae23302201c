package kestrel.engine.syzygy;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A table file read in place through memory maps, addressed by {@code long} offsets.
 *
 * <p>One {@link MappedByteBuffer} holds at most 2 GB, and 7-piece tables are bigger, so the file is mapped in pieces
 * of {@code 2^pieceBits} bytes. Each piece maps {@link #OVERLAP} bytes more than its share, so any read of up to 8
 * bytes that starts inside a piece also ends inside it: the decoder never has to stitch values across two maps.
 *
 * <p>All reads are absolute gets, which change no buffer state, so one file serves any number of threads.
 * The mapping stays until the garbage collector frees the buffers (Java has no portable unmap).
 */
final class MappedTableFile {
    /** 1 GiB pieces: well below the 2 GB limit of one map, with room for the overlap. */
    static final int DEFAULT_PIECE_BITS = 30;
    /** Bytes each piece maps beyond its share; more than the widest read (8 bytes). */
    static final int OVERLAP = 64;

    private final Path path;
    private final long length;
    private final int pieceBits;
    private final long pieceMask;
    private final MappedByteBuffer[] pieces;

    private MappedTableFile(Path path, long length, int pieceBits, MappedByteBuffer[] pieces) {
        this.path = path;
        this.length = length;
        this.pieceBits = pieceBits;
        this.pieceMask = (1L << pieceBits) - 1;
        this.pieces = pieces;
    }

    /**
     * Maps the whole file read-only in pieces of {@code 2^pieceBits} bytes (6 .. 30). Anything but a regular file
     * (links followed) is refused before it is opened: opening a FIFO would wait for a writer, forever.
     */
    static MappedTableFile open(Path path, int pieceBits) throws IOException {
        if (pieceBits < 6 || pieceBits > 30) {
            throw new IllegalArgumentException("map piece bits must be 6..30, not " + pieceBits);
        }
        if (!Files.isRegularFile(path)) {
            throw new TableFormatException(Files.isDirectory(path) ? "a folder, not a table file"
                    : Files.exists(path) ? "not a regular file" : "no such file");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long length = channel.size();
            long pieceSize = 1L << pieceBits;
            int count = (int) Math.max(1, (length + pieceSize - 1) >>> pieceBits);
            MappedByteBuffer[] pieces = new MappedByteBuffer[count];
            for (int i = 0; i < count; i++) {
                long start = (long) i << pieceBits;
                long size = Math.min(pieceSize + OVERLAP, length - start);
                MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.max(0, size));
                buffer.order(ByteOrder.LITTLE_ENDIAN);
                pieces[i] = buffer;
            }
            return new MappedTableFile(path, length, pieceBits, pieces);
        }
    }

    Path path() {
        return path;
    }

    long length() {
        return length;
    }

    int pieceCount() {
        return pieces.length;
    }

    int u8(long offset) {
        return pieces[(int) (offset >>> pieceBits)].get((int) (offset & pieceMask)) & 0xFF;
    }

    /** Unsigned 16-bit little-endian. */
    int u16(long offset) {
        MappedByteBuffer piece = pieces[(int) (offset >>> pieceBits)];
        int local = (int) (offset & pieceMask);
        if (local + 2 > piece.limit()) {
            return u8(offset) | u8(offset + 1) << 8;
        }
        return piece.getShort(local) & 0xFFFF;
    }

    /** Unsigned 32-bit little-endian. */
    long u32(long offset) {
        MappedByteBuffer piece = pieces[(int) (offset >>> pieceBits)];
        int local = (int) (offset & pieceMask);
        if (local + 4 > piece.limit()) {
            return u16(offset) | (long) u16(offset + 2) << 16;
        }
        return piece.getInt(local) & 0xFFFFFFFFL;
    }

    /**
     * Fails unless the file holds {@code end} bytes: the header parser calls it before each read, so a short file
     * is reported by what it lacks rather than by an exception from the buffers.
     */
    void require(long end) throws TableFormatException {
        if (end > length) {
            throw TableFormatException.truncated(length, end, true);
        }
    }

    /** 32 bits big-endian, as the compressed blocks store their bit stream; bytes past the end read as 0. */
    int int32BigEndian(long offset) {
        if (offset + 4 > length) {
            return pastTheEnd(offset);
        }
        // Inside the file, the piece's overlap holds all 4 bytes.
        return Integer.reverseBytes(pieces[(int) (offset >>> pieceBits)].getInt((int) (offset & pieceMask)));
    }

    /** 64 bits big-endian; bytes past the end read as 0. */
    long long64BigEndian(long offset) {
        if (offset + 8 > length) {
            return (long) int32BigEndian(offset) << 32 | (int32BigEndian(offset + 4) & 0xFFFFFFFFL);
        }
        return Long.reverseBytes(pieces[(int) (offset >>> pieceBits)].getLong((int) (offset & pieceMask)));
    }

    /** The 4 bytes at {@code offset} big-endian, those at or past the end of the file as 0. */
    private int pastTheEnd(long offset) {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            long at = offset + i;
            value = value << 8 | (at >= 0 && at < length ? u8(at) : 0);
        }
        return value;
    }
}
