package kestrel.engine.syzygy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/** The tables of the test resources, and copies of them, whole or damaged, in folders of a test's own. */
final class TestTables {
    private TestTables() {
    }

    /** The folder of the copied tables (see docs/data.md). */
    static Path resources() {
        try {
            return Path.of(Objects.requireNonNull(TestTables.class.getResource("/syzygy/KQvK.rtbw")).toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(String name) throws IOException {
        return Files.readAllBytes(resources().resolve(name));
    }

    /** A new folder {@code dir} holding copies of the named tables. */
    static Path folderWith(Path dir, String... names) throws IOException {
        Files.createDirectories(dir);
        for (String name : names) {
            Files.copy(resources().resolve(name), dir.resolve(name));
        }
        return dir;
    }

    /** Where each structure of the table {@code name} of the resources starts ({@link SyzygyTable#layout}). */
    static Map<String, Long> layout(String name) throws IOException {
        String material = name.substring(0, name.length() - 5);
        SyzygyTable table = new SyzygyTable(resources().resolve(name), Material.parse(material),
                name.endsWith(".rtbz"), MappedTableFile.DEFAULT_PIECE_BITS);
        return table.layout();
    }

    /** {@code count} bytes of {@code value} written over a copy of {@code bytes} from {@code offset} on. */
    static byte[] overwritten(byte[] bytes, int offset, int count, int value) {
        byte[] damaged = bytes.clone();
        for (int i = offset; i < offset + count && i < damaged.length; i++) {
            damaged[i] = (byte) value;
        }
        return damaged;
    }

    /** A copy of {@code bytes} whose symbol {@code symbol} (of the table at {@code symbols}) has these halves. */
    static byte[] withSymbol(byte[] bytes, long symbols, int symbol, int left, int right) {
        byte[] damaged = bytes.clone();
        int at = (int) symbols + 3 * symbol;
        damaged[at] = (byte) left;
        damaged[at + 1] = (byte) (left >>> 8 & 0xF | (right & 0xF) << 4);
        damaged[at + 2] = (byte) (right >>> 4);
        return damaged;
    }

    /** The right half of a symbol: 0xFFF for a leaf. */
    static int rightHalf(byte[] bytes, long symbols, int symbol) {
        int at = (int) symbols + 3 * symbol;
        return (bytes[at + 2] & 0xFF) << 4 | (bytes[at + 1] & 0xFF) >>> 4;
    }

    /** How many symbols the table at {@code symbols} has: the 16-bit count just before it. */
    static int symbolCount(byte[] bytes, long symbols) {
        int at = (int) symbols - 2;
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8;
    }
}
