package kestrel.engine.syzygy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The two functions of CityHash 1.0 (Geoff Pike and Jyrki Alakuijala, Google, 2011) that the Syzygy generator's
 * table checksum is made of: the 128-bit hash and the 256-bit hash whose mixing runs through CRC-32C. Written here in
 * Java from the published algorithm so that a table file can be checked against the checksum it carries
 * ({@link TableChecksum}); the values must be those of the reference code bit for bit, which the tests pin on the
 * real tables. Bytes are read as little-endian words, as the generator (on x86) wrote them.
 */
final class CityHash {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long K0 = 0xc3a5c85c97cb3127L;
    private static final long K1 = 0xb492b66fbe98f273L;
    private static final long K2 = 0x9ae16a3b2f90404fL;
    private static final long K3 = 0xc949d7c7509e6557L;
    private static final long MUL = 0x9ddfea08eb382d69L;

    /** The 256-bit hash reads its input 240 bytes a round; shorter input is padded with zeros to one round. */
    private static final int ROUND = 240;

    /**
     * CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) tables for eight bytes at once: entry {@code 256 k + n}
     * is the register after byte n followed by k zero bytes, so the eight bytes of a word are eight independent
     * look-ups instead of a chain of eight (slicing by eight).
     */
    private static final int[] CRC_TABLES = new int[8 * 256];

    static {
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int bit = 0; bit < 8; bit++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0x82F63B78 : c >>> 1;
            }
            CRC_TABLES[n] = c;
        }
        for (int k = 1; k < 8; k++) {
            for (int n = 0; n < 256; n++) {
                int previous = CRC_TABLES[256 * (k - 1) + n];
                CRC_TABLES[256 * k + n] = (previous >>> 8) ^ CRC_TABLES[previous & 0xFF];
            }
        }
    }

    private CityHash() {
    }

    /** The 128-bit hash of {@code length} bytes from {@code offset}: {@code {low, high}}. */
    static long[] hash128(byte[] data, int offset, int length) {
        if (length >= 16) {
            return hash128WithSeed(data, offset + 16, length - 16, fetch64(data, offset) ^ K3,
                    fetch64(data, offset + 8));
        }
        if (length >= 8) {
            return hash128WithSeed(data, offset, 0, fetch64(data, offset) ^ (length * K0),
                    fetch64(data, offset + length - 8) ^ K1);
        }
        return hash128WithSeed(data, offset, length, K0, K1);
    }

    /**
     * The 256-bit hash of {@code length} bytes from {@code offset} into {@code result[0..3]}. Input under one round
     * is hashed as a zero-padded round with the length folded into the seed.
     */
    static void hash256(byte[] data, int offset, int length, long[] result) {
        if (length >= ROUND) {
            hash256Long(data, offset, length, 0, result);
        } else {
            byte[] padded = new byte[ROUND];
            System.arraycopy(data, offset, padded, 0, length);
            hash256Long(padded, 0, ROUND, ~length, result);
        }
    }

    private static long[] hash128WithSeed(byte[] s, int at, int length, long seedLow, long seedHigh) {
        if (length < 128) {
            return murmur(s, at, length, seedLow, seedHigh);
        }
        // Five words of state, v and w in pairs, as in the 64-bit hash's loop, two 64-byte steps a round.
        long x = seedLow;
        long y = seedHigh;
        long z = length * K1;
        long v0 = Long.rotateRight(y ^ K1, 49) * K1 + fetch64(s, at);
        long v1 = Long.rotateRight(v0, 42) * K1 + fetch64(s, at + 8);
        long w0 = Long.rotateRight(y + z, 35) * K1 + x;
        long w1 = Long.rotateRight(x + fetch64(s, at + 88), 53) * K1;
        long[] pair = new long[2];
        int left = length;
        do {
            for (int half = 0; half < 2; half++) {
                x = Long.rotateRight(x + y + v0 + fetch64(s, at + 8), 37) * K1;
                y = Long.rotateRight(y + v1 + fetch64(s, at + 48), 42) * K1;
                x ^= w1;
                y += v0 + fetch64(s, at + 40);
                z = Long.rotateRight(z + w0, 33) * K1;
                weakHash32(s, at, v1 * K1, x + w0, pair);
                v0 = pair[0];
                v1 = pair[1];
                weakHash32(s, at + 32, z + w1, y + fetch64(s, at + 16), pair);
                w0 = pair[0];
                w1 = pair[1];
                long swap = z;
                z = x;
                x = swap;
                at += 64;
            }
            left -= 128;
        } while (left >= 128);
        x += Long.rotateRight(v0 + z, 49) * K0;
        z += Long.rotateRight(w0, 37) * K0;
        // The last 1 to 127 bytes, in steps of 32 taken back from the end.
        for (int done = 0; done < left; ) {
            done += 32;
            int from = at + left - done;
            y = Long.rotateRight(x + y, 42) * K0 + v1;
            w0 += fetch64(s, from + 16);
            x = x * K0 + w0;
            z += w1 + fetch64(s, from);
            w1 += v0;
            weakHash32(s, from, v0 + z, v1, pair);
            v0 = pair[0];
            v1 = pair[1];
        }
        x = hash16(x, v0);
        y = hash16(y + z, w0);
        return new long[] {hash16(x + v1, w1) + y, hash16(x + w1, y + v1)};
    }

    /** The 128-bit hash of under 128 bytes: a Murmur-like pass over 16 bytes at a time. */
    private static long[] murmur(byte[] s, int at, int length, long seedLow, long seedHigh) {
        long a = seedLow;
        long b = seedHigh;
        long c;
        long d;
        if (length <= 16) {
            a = shiftMix(a * K1) * K1;
            c = b * K1 + hash0to16(s, at, length);
            d = shiftMix(a + (length >= 8 ? fetch64(s, at) : c));
        } else {
            c = hash16(fetch64(s, at + length - 8) + K1, a);
            d = hash16(b + length, c + fetch64(s, at + length - 16));
            a += d;
            int left = length - 16;
            do {
                a ^= shiftMix(fetch64(s, at) * K1) * K1;
                a *= K1;
                b ^= a;
                c ^= shiftMix(fetch64(s, at + 8) * K1) * K1;
                c *= K1;
                d ^= c;
                at += 16;
                left -= 16;
            } while (left > 0);
        }
        a = hash16(a, c);
        b = hash16(d, b);
        return new long[] {a ^ b, hash16(b, a)};
    }

    private static long hash0to16(byte[] s, int at, int length) {
        if (length > 8) {
            long a = fetch64(s, at);
            long b = fetch64(s, at + length - 8);
            return hash16(a, Long.rotateRight(b + length, length)) ^ b;
        }
        if (length >= 4) {
            long a = fetch32(s, at);
            return hash16(length + (a << 3), fetch32(s, at + length - 4));
        }
        if (length > 0) {
            int a = s[at] & 0xFF;
            int b = s[at + (length >> 1)] & 0xFF;
            int c = s[at + length - 1] & 0xFF;
            long y = (a + (b << 8)) & 0xFFFFFFFFL;
            long z = (length + (c << 2)) & 0xFFFFFFFFL;
            return shiftMix(y * K2 ^ z * K3) * K2;
        }
        return K2;
    }

    /** Mixes 32 bytes from {@code at} with two seeds into a pair of words. */
    private static void weakHash32(byte[] s, int at, long a, long b, long[] pair) {
        long w = fetch64(s, at);
        long x = fetch64(s, at + 8);
        long y = fetch64(s, at + 16);
        long z = fetch64(s, at + 24);
        a += w;
        b = Long.rotateRight(b + a + z, 21);
        long c = a;
        a += x;
        a += y;
        b += Long.rotateRight(a, 44);
        pair[0] = a + z;
        pair[1] = b + c;
    }

    /** The 256-bit hash of at least one round of input; {@code seed} is a 32-bit CRC start. */
    private static void hash256Long(byte[] s, int at, int length, int seed, long[] result) {
        long a = fetch64(s, at + 56) + K0;
        long b = fetch64(s, at + 96) + K0;
        long c = hash16(b, length);
        long d = fetch64(s, at + 120) * K0 + length;
        result[0] = c;
        result[1] = d;
        long e = fetch64(s, at + 184) + (seed & 0xFFFFFFFFL);
        long f = seed & 0xFFFFFFFFL;
        long g = 0;
        long h = 0;
        long i = 0;
        long j = 0;
        long t = c + d;
        int end = at + length;
        int roundSteps = length / ROUND * 6;
        int steps = roundSteps + (length % ROUND + 39) / 40;
        // Each step reads 40 bytes into the five words a..e, each rotated from its neighbour, and runs each new word
        // through its own CRC. A whole round is six steps, the multiplier and rotations alternating; after the rounds
        // come steps of the second kind only, the last over the input's last 40 bytes when fewer are left.
        for (int step = 0; step < steps; step++) {
            boolean plain = step < roundSteps && (step & 1) == 0;
            long multiplier = plain ? 1 : K0;
            int flip = plain ? 1 : 0;
            int from = Math.min(at, end - 40);
            long oldA = a;
            a = Long.rotateRight(b, 41 ^ flip) * multiplier + fetch64(s, from);
            b = Long.rotateRight(c, 27 ^ flip) * multiplier + fetch64(s, from + 8);
            c = Long.rotateRight(d, 41 ^ flip) * multiplier + fetch64(s, from + 16);
            d = Long.rotateRight(e, 33 ^ flip) * multiplier + fetch64(s, from + 24);
            e = Long.rotateRight(t, 25 ^ flip) * multiplier + fetch64(s, from + 32);
            t = oldA;
            f = crc64(f, a);
            g = crc64(g, b);
            h = crc64(h, c);
            i = crc64(i, d);
            j = crc64(j, e);
            at += 40;
        }
        j += i << 32;
        a = hash16(a, j);
        h += g << 32;
        b += h;
        c = hash16(c, f) + i;
        d = hash16(d, e + result[0]);
        j += e;
        i += hash16(h, t);
        e = hash16(a, d) + j;
        f = hash16(b, c) + a;
        g = hash16(j, i) + c;
        result[0] = e + f + g + h;
        a = shiftMix((a + g) * K0) * K0 + b;
        result[1] += a + result[0];
        a = shiftMix(a * K0) * K0 + c;
        result[2] = a + result[1];
        a = shiftMix((a + e) * K0) * K0;
        result[3] = a + result[2];
    }

    /**
     * One step of CRC-32C over the eight bytes of {@code word}, low byte first, from the register's low 32 bits and
     * without the usual inversions: the processor's {@code crc32} instruction on a 64-bit operand.
     */
    private static long crc64(long crc, long word) {
        long x = word ^ (crc & 0xFFFFFFFFL);
        int[] t = CRC_TABLES;
        int c = t[7 * 256 + (int) (x & 0xFF)] ^ t[6 * 256 + (int) ((x >>> 8) & 0xFF)]
                ^ t[5 * 256 + (int) ((x >>> 16) & 0xFF)] ^ t[4 * 256 + (int) ((x >>> 24) & 0xFF)]
                ^ t[3 * 256 + (int) ((x >>> 32) & 0xFF)] ^ t[2 * 256 + (int) ((x >>> 40) & 0xFF)]
                ^ t[256 + (int) ((x >>> 48) & 0xFF)] ^ t[(int) (x >>> 56)];
        return c & 0xFFFFFFFFL;
    }

    /** Two words into one, Murmur-inspired. */
    private static long hash16(long low, long high) {
        long a = (low ^ high) * MUL;
        a ^= a >>> 47;
        long b = (high ^ a) * MUL;
        b ^= b >>> 47;
        return b * MUL;
    }

    private static long shiftMix(long value) {
        return value ^ (value >>> 47);
    }

    private static long fetch64(byte[] s, int at) {
        return (long) LONG.get(s, at);
    }

    private static long fetch32(byte[] s, int at) {
        return (int) INT.get(s, at) & 0xFFFFFFFFL;
    }
}
