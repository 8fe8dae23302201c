package kestrel.engine.syzygy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The checksum the Syzygy generator appends to every table file, recomputed from the file's contents: damage inside a
 * compressed block can still decode to values, wrong ones, which no structural check can see, and a table that gives
 * wrong values loses games. The generator's files are a multiple of 64 bytes followed by 16 bytes of checksum: the
 * contents are cut into chunks of 16 MiB, each chunk hashed by {@link CityHash#hash256}, and the 32-byte hashes of all
 * chunks hashed again into 128 bits (by {@link CityHash#hash128} up to 900 bytes of chunk hashes, else the upper half
 * of their 256-bit hash). A file whose size is not 16 past a multiple of 64 carries no checksum. One checker a thread:
 * it keeps a chunk's buffer between files.
 */
public final class TableChecksum {
    /** The generator hashes its files in chunks of this many bytes. */
    static final int CHUNK = 1 << 24;
    private static final int CHECKSUM_BYTES = 16;
    /** Up to this many bytes of chunk hashes (28 chunks, 448 MiB of table) are hashed by the 128-bit function. */
    private static final int SHORT_SUMMARY = 900;

    /** What a check found. */
    public enum Verdict { MATCHES, DIFFERS, NONE }

    /** One chunk's bytes, grown to the largest chunk read so far (at most {@link #CHUNK}). */
    private byte[] buffer = new byte[0];

    /** Whether {@code size} bytes end in a checksum. */
    private static boolean carriesChecksum(long size) {
        return (size & 63) == CHECKSUM_BYTES;
    }

    /** Recomputes the checksum of {@code path} and compares it with the one the file carries. */
    public Verdict check(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (!carriesChecksum(size)) {
                return Verdict.NONE;
            }
            long contents = size - CHECKSUM_BYTES;
            long[] computed = checksum(channel, contents);
            ByteBuffer stored = ByteBuffer.allocate(CHECKSUM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            readFully(channel, stored, contents);
            stored.flip();
            return stored.getLong() == computed[0] && stored.getLong() == computed[1]
                    ? Verdict.MATCHES : Verdict.DIFFERS;
        }
    }

    /** The 128-bit checksum {@code {low, high}} of the first {@code contents} bytes of the channel. */
    private long[] checksum(FileChannel channel, long contents) throws IOException {
        int chunks = (int) ((contents + CHUNK - 1) / CHUNK);
        byte[] summary = new byte[32 * chunks];
        ByteBuffer summaryWords = ByteBuffer.wrap(summary).order(ByteOrder.LITTLE_ENDIAN);
        long[] chunkHash = new long[4];
        for (int chunk = 0; chunk < chunks; chunk++) {
            long start = (long) chunk * CHUNK;
            int length = (int) Math.min(CHUNK, contents - start);
            if (buffer.length < length) {
                buffer = new byte[length];
            }
            readFully(channel, ByteBuffer.wrap(buffer, 0, length), start);
            CityHash.hash256(buffer, 0, length, chunkHash);
            for (long word : chunkHash) {
                summaryWords.putLong(word);
            }
        }
        if (summary.length <= SHORT_SUMMARY) {
            return CityHash.hash128(summary, 0, summary.length);
        }
        long[] wide = new long[4];
        CityHash.hash256(summary, 0, summary.length, wide);
        return new long[] {wide[2], wide[3]};
    }

    private static void readFully(FileChannel channel, ByteBuffer target, long position) throws IOException {
        long at = position;
        while (target.hasRemaining()) {
            int read = channel.read(target, at);
            if (read < 0) {
                throw new EOFException("the file ended while it was being read");
            }
            at += read;
        }
    }
}
