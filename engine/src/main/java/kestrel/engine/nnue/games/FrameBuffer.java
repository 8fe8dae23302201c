package kestrel.engine.nnue.games;

import java.util.Arrays;

/** A growable byte array that frames are built in, with the game file's number encodings. */
final class FrameBuffer {
    private byte[] bytes = new byte[1024];
    private int length;

    void clear() {
        length = 0;
    }

    int length() {
        return length;
    }

    byte[] bytes() {
        return bytes;
    }

    void write(int value) {
        ensure(1);
        bytes[length++] = (byte) value;
    }

    void write(byte[] source, int offset, int count) {
        ensure(count);
        System.arraycopy(source, offset, bytes, length, count);
        length += count;
    }

    void writeLong(long value) {
        for (int i = 0; i < 8; i++) {
            write((int) (value >>> (8 * i)));
        }
    }

    /** An unsigned LEB128 number. */
    void writeVarint(long value) {
        while ((value & ~0x7FL) != 0) {
            write((int) (value & 0x7F) | 0x80);
            value >>>= 7;
        }
        write((int) value);
    }

    /** A signed number as the varint of its zigzag form: small magnitudes, either sign, take one byte. */
    void writeZigzag(int value) {
        writeVarint(((value << 1) ^ (value >> 31)) & 0xFFFFFFFFL);
    }

    /** The bytes a varint of {@code value} takes. */
    static int varintLength(long value) {
        int length = 1;
        while ((value & ~0x7FL) != 0) {
            value >>>= 7;
            length++;
        }
        return length;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
