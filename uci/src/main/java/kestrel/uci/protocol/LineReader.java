package kestrel.uci.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a byte stream into lines without ever failing on its content.
 *
 * <p>Lines end at {@code \n}; a trailing {@code \r} is dropped. A line is decoded as UTF-8 when it is valid UTF-8,
 * and otherwise as Windows-1252, which is what Windows GUIs send file names in; every byte sequence decodes to
 * something. A line longer than the limit is skipped to its end and reported as too long instead of being kept in
 * memory.
 */
final class LineReader {
    /**
     * The longest line kept, in bytes. The longest possible chess game is under 6,000 moves, about 60 kB as a
     * {@code position ... moves} line, so this only ever cuts off input that is not a command.
     */
    static final int MAX_LINE_BYTES = 1 << 20;

    /** One line of input; {@code text} is null when the line was too long ({@code byteCount} says how long). */
    record Line(String text, long byteCount) {
        boolean isTooLong() {
            return text == null;
        }
    }

    private static final Charset FALLBACK = Charset.isSupported("windows-1252")
            ? Charset.forName("windows-1252") : StandardCharsets.ISO_8859_1;

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] chunk = new byte[8192];
    private int chunkPosition;
    private int chunkLimit;
    private byte[] line = new byte[256];
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    LineReader(InputStream in) {
        this(in, MAX_LINE_BYTES);
    }

    LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line, or null at the end of the input (a last line without a newline is still returned). */
    Line next() throws IOException {
        int length = 0;
        long byteCount = 0;
        boolean sawAnything = false;
        while (true) {
            if (chunkPosition == chunkLimit) {
                chunkLimit = in.read(chunk, 0, chunk.length);
                chunkPosition = 0;
                if (chunkLimit <= 0) {
                    chunkLimit = 0;
                    return sawAnything ? finish(length, byteCount) : null;
                }
            }
            byte b = chunk[chunkPosition++];
            sawAnything = true;
            if (b == '\n') {
                return finish(length, byteCount);
            }
            byteCount++;
            if (byteCount <= maxLineBytes) {
                if (length == line.length) {
                    line = Arrays.copyOf(line, Math.min(maxLineBytes, 2 * line.length));
                }
                line[length++] = b;
            }
        }
    }

    private Line finish(int length, long byteCount) {
        if (byteCount > maxLineBytes) {
            shrink();
            return new Line(null, byteCount);
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        String text = decode(length);
        shrink();
        return new Line(text, byteCount);
    }

    private String decode(int length) {
        try {
            CharBuffer chars = utf8.reset().decode(ByteBuffer.wrap(line, 0, length));
            return chars.toString();
        } catch (CharacterCodingException notUtf8) {
            return new String(line, 0, length, FALLBACK);
        }
    }

    /** Gives back the memory of an unusually long line. */
    private void shrink() {
        if (line.length > 65536) {
            line = new byte[256];
        }
    }
}
