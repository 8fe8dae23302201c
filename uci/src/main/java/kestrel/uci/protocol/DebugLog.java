package kestrel.uci.protocol;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The file behind the {@code Debug Log File} option: every protocol line in both directions, appended, one line per
 * line of protocol: {@code 2025-01-31 14:02:07.125 >> go depth 8} for what the GUI sent, {@code <<} for what the
 * engine answered. Each line is flushed at once, so the file is complete even if the engine is killed.
 */
final class DebugLog implements AutoCloseable {
    static final String RECEIVED = ">>";
    static final String SENT = "<<";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final Path file;
    private final Writer writer;

    private DebugLog(Path file, Writer writer) {
        this.file = file;
        this.writer = writer;
    }

    /** Opens (creating or appending to) the file. */
    static DebugLog open(Path file) throws IOException {
        Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        return new DebugLog(file, writer);
    }

    Path file() {
        return file;
    }

    void write(String direction, String line) throws IOException {
        writer.write(LocalDateTime.now().format(TIME));
        writer.write(' ');
        writer.write(direction);
        writer.write(' ');
        writer.write(line);
        writer.write(System.lineSeparator());
        writer.flush();
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}
