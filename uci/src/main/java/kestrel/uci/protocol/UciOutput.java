package kestrel.uci.protocol;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way to the GUI. The reader thread and the search thread both send through it; every method holds the
 * lock for a whole line (or a whole block of lines), and each line is flushed at once, so lines never interleave and
 * the GUI sees each as soon as it exists. It also keeps the optional {@link DebugLog} of both directions.
 */
final class UciOutput implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UciOutput.class);

    private final Writer writer;
    private DebugLog debugLog;
    /** The GUI has gone away: nothing more reaches it. */
    private boolean broken;
    /** The session's last lines are out ({@link #sendLast}): nothing more is sent or logged. */
    private boolean ended;

    UciOutput(OutputStream out) {
        this.writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
    }

    /** Sends one protocol line. */
    synchronized void send(String line) {
        write(line);
        flush();
    }

    /** Sends several lines with nothing from the other thread between them (the board of {@code d}, perft). */
    synchronized void sendAll(List<String> lines) {
        for (String line : lines) {
            write(line);
        }
        flush();
    }

    /** Sends the session's last lines: nothing is written after them (quit, with the search thread left behind). */
    synchronized void sendLast(List<String> lines) {
        sendAll(lines);
        ended = true;
    }

    /**
     * {@code info string <message>}, on one line whatever the message holds, and with no control character: a
     * message may quote input from anywhere (a FEN's bad letter, a file's name).
     */
    void info(String message) {
        send("info string " + PrintableText.of(message.replace('\r', ' ').replace('\n', ' ')));
    }

    /** Records a line received from the GUI in the debug log, if there is one. */
    synchronized void received(String line) {
        log(DebugLog.RECEIVED, line);
    }

    /** Starts logging to {@code file} (appending), or stops when it is null; the old log stays on failure. */
    synchronized void logTo(Path file) throws IOException {
        DebugLog opened = file == null ? null : DebugLog.open(file);
        closeLog();
        debugLog = opened;
    }

    @Override
    public synchronized void close() {
        closeLog();
    }

    private void write(String line) {
        if (ended) {
            return;
        }
        log(DebugLog.SENT, line);
        if (broken) {
            return;
        }
        try {
            writer.write(line);
            writer.write('\n');
        } catch (IOException e) {
            fail(e);
        }
    }

    private void flush() {
        if (broken) {
            return;
        }
        try {
            writer.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    /** The GUI has gone away; there is no one left to tell, so say it once on stderr and write nothing more. */
    private void fail(IOException e) {
        broken = true;
        LOG.warn("Cannot write to the GUI any more: {}", e.toString());
    }

    private void log(String direction, String line) {
        if (debugLog == null) {
            return;
        }
        try {
            debugLog.write(direction, line);
        } catch (IOException e) {
            LOG.warn("Debug log {} failed, logging stops: {}", debugLog.file(), e.toString());
            closeLog();
        }
    }

    private void closeLog() {
        if (debugLog == null) {
            return;
        }
        try {
            debugLog.close();
        } catch (IOException e) {
            LOG.warn("Closing debug log {} failed: {}", debugLog.file(), e.toString());
        }
        debugLog = null;
    }
}
