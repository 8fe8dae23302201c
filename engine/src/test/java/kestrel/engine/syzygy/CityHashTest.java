package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CityHash} against the reference C code of CityHash 1.0 as the Syzygy generator ships it (its software CRC),
 * on the same pseudo-random bytes: every length class of both functions, the padded short input of the 256-bit hash,
 * whole rounds and the partial step after them. The expected words were printed by the reference code compiled from
 * the generator's sources ({@code city-c.c}), in {@code syzygy/cityhash-reference.txt} of the test resources.
 */
class CityHashTest {
    @Test
    void matchesTheReferenceCodeOnEveryLengthClass() throws IOException {
        byte[] data = referenceBytes();
        List<String> lines = Files.readAllLines(TestTables.resources().resolve("cityhash-reference.txt"));
        int checked = 0;
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            checked++;
            String[] field = line.strip().split(" ");
            int length = Integer.parseInt(field[0]);
            long[] hash128 = CityHash.hash128(data, 0, length);
            assertEquals(word(field[1]), hash128[0], "hash128 low of " + length + " bytes");
            assertEquals(word(field[2]), hash128[1], "hash128 high of " + length + " bytes");
            long[] hash256 = new long[4];
            CityHash.hash256(data, 0, length, hash256);
            for (int k = 0; k < 4; k++) {
                assertEquals(word(field[3 + k]), hash256[k], "hash256 word " + k + " of " + length + " bytes");
            }
            long[] finalStep = length <= 900 ? hash128 : new long[] {hash256[2], hash256[3]};
            assertEquals(word(field[7]), finalStep[0], "final step low of " + length + " bytes");
            assertEquals(word(field[8]), finalStep[1], "final step high of " + length + " bytes");
        }
        assertEquals(33, checked, "every length of the reference file");
    }

    @Test
    void readsFromAnOffsetAsFromTheStart() {
        byte[] data = referenceBytes();
        byte[] shifted = new byte[data.length + 7];
        System.arraycopy(data, 0, shifted, 7, data.length);
        long[] atStart = new long[4];
        long[] atOffset = new long[4];
        for (int length : new int[] {5, 100, 239, 241, 1000}) {
            CityHash.hash256(data, 0, length, atStart);
            CityHash.hash256(shifted, 7, length, atOffset);
            assertEquals(atStart[3], atOffset[3], length + " bytes");
            assertEquals(CityHash.hash128(data, 0, length)[1], CityHash.hash128(shifted, 7, length)[1],
                    length + " bytes");
        }
    }

    /** The reference program's input: 4,096 bytes of xorshift64, bits 24 to 31 of each state. */
    private static byte[] referenceBytes() {
        byte[] data = new byte[4096];
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < data.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            data[i] = (byte) (x >>> 24);
        }
        return data;
    }

    private static long word(String hex) {
        return Long.parseUnsignedLong(hex, 16);
    }
}
