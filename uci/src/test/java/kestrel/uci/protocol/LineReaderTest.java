package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static LineReader reader(byte[] bytes, int limit) {
        return new LineReader(new ByteArrayInputStream(bytes), limit);
    }

    private static LineReader reader(String text) {
        return reader(text.getBytes(StandardCharsets.UTF_8), LineReader.MAX_LINE_BYTES);
    }

    @Test
    void splitsAtNewlines() throws IOException {
        LineReader lines = reader("uci\nisready\n");
        assertEquals("uci", lines.next().text());
        assertEquals("isready", lines.next().text());
        assertNull(lines.next());
    }

    @Test
    void dropsTheCarriageReturnOfWindowsLineEnds() throws IOException {
        assertEquals("isready", reader("isready\r\n").next().text());
    }

    @Test
    void returnsALastLineWithoutNewline() throws IOException {
        LineReader lines = reader("uci\nquit");
        lines.next();
        assertEquals("quit", lines.next().text());
        assertNull(lines.next());
    }

    @Test
    void keepsEmptyLines() throws IOException {
        LineReader lines = reader("\nuci\n");
        assertEquals("", lines.next().text());
        assertEquals("uci", lines.next().text());
    }

    @Test
    void decodesUtf8() throws IOException {
        assertEquals("BookFile value Bücher/b.bin", reader("BookFile value Bücher/b.bin\n").next().text());
    }

    @Test
    void readsInvalidUtf8AsWindows1252() throws IOException {
        byte[] latin = "value B\u00fccher\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("value B\u00fccher", reader(latin, 100).next().text());
    }

    @Test
    void neverFailsOnArbitraryBytes() throws IOException {
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i == '\n' ? 0 : i);
        }
        assertEquals(256, reader(bytes, 1000).next().text().length());
    }

    @Test
    void reportsALineOverTheLimitWithoutKeepingIt() throws IOException {
        LineReader lines = reader("x".repeat(11).getBytes(StandardCharsets.US_ASCII), 10);
        LineReader.Line line = lines.next();
        assertTrue(line.isTooLong());
        assertEquals(11, line.byteCount());
    }

    @Test
    void readsOnNormallyAfterALineOverTheLimit() throws IOException {
        LineReader lines = reader(("y".repeat(50) + "\nisready\n").getBytes(StandardCharsets.US_ASCII), 10);
        assertTrue(lines.next().isTooLong());
        assertEquals("isready", lines.next().text());
    }

    @Test
    void keepsALineExactlyAtTheLimit() throws IOException {
        assertEquals("z".repeat(10), reader(("z".repeat(10) + "\n").getBytes(StandardCharsets.US_ASCII), 10)
                .next().text());
    }
}
