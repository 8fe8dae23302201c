package kestrel.engine.book;

import java.nio.ByteBuffer;

/**
 * One raw 16-byte entry of a Polyglot book, all fields big-endian and unsigned:
 *
 * <pre>
 *  bytes  0-7   key     the Polyglot key of the position (our {@code Position.key()})
 *  bytes  8-9   move    see {@link PolyglotMove}
 *  bytes 10-11  weight  how often to play the move, relative to the position's other entries
 *  bytes 12-15  learn   learning data, unused here
 * </pre>
 *
 * The fields are widened so that they read as the unsigned numbers they are: {@code move} and {@code weight} in
 * 0..65535, {@code learn} in 0..2^32-1; only {@code key} keeps its 64 bits in a (signed) long, and books sort it as
 * unsigned.
 */
public record PolyglotEntry(long key, int move, int weight, long learn) {
    public static final int BYTES = 16;

    /** Reads the entry at {@code offset} of a big-endian buffer, without moving the buffer's position. */
    static PolyglotEntry read(ByteBuffer buffer, int offset) {
        return new PolyglotEntry(buffer.getLong(offset),
                Short.toUnsignedInt(buffer.getShort(offset + 8)),
                Short.toUnsignedInt(buffer.getShort(offset + 10)),
                Integer.toUnsignedLong(buffer.getInt(offset + 12)));
    }

    /** The entry's 16 bytes in file order, for tests that write a book (the engine only reads books). */
    public byte[] toBytes() {
        return ByteBuffer.allocate(BYTES)
                .putLong(key)
                .putShort((short) move)
                .putShort((short) weight)
                .putInt((int) learn)
                .array();
    }
}
