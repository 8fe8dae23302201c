package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A UCI session for tests: the real {@link UciLoop} on its own thread, fed through a pipe, its output collected
 * line by line. Waits are bounded only to turn a hang into a failure; no test depends on how long anything takes.
 */
final class UciSession implements AutoCloseable {
    /** Generous: only a hang should ever reach it. */
    static final long TIMEOUT_SECONDS = 20;

    private final QueueInputStream toEngine = new QueueInputStream();
    private final BlockingQueue<String> fromEngine = new LinkedBlockingQueue<>();
    private final UciLoop loop;
    private final Thread thread;

    UciSession() {
        this(loop -> { });
    }

    /** A session whose loop {@code configure} has prepared before it starts reading. */
    UciSession(Consumer<UciLoop> configure) {
        loop = new UciLoop(toEngine, new LineCollector(fromEngine));
        configure.accept(loop);
        thread = new Thread(loop::run, "uci-loop-under-test");
        thread.setDaemon(true);
        thread.start();
    }

    UciLoop loop() {
        return loop;
    }

    /** Sends each text followed by a newline. */
    void send(String... lines) {
        for (String line : lines) {
            sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    void sendBytes(byte[] bytes) {
        toEngine.add(bytes);
    }

    /** Ends the input, as a GUI closing the pipe does. */
    void closeInput() {
        toEngine.end();
    }

    /** The next line from the engine. */
    String next() {
        try {
            String line = fromEngine.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(line, "no answer from the engine within " + TIMEOUT_SECONDS + " s");
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The lines before the first one that matches; the matching line is returned last. */
    List<String> until(Predicate<String> last) {
        List<String> lines = new ArrayList<>();
        while (true) {
            String line = next();
            lines.add(line);
            if (last.test(line)) {
                return lines;
            }
        }
    }

    List<String> untilStartsWith(String prefix) {
        return until(line -> line.startsWith(prefix));
    }

    /** Sends isready and returns what came before readyok: everything the earlier commands answered. */
    List<String> answersBeforeReady() {
        send("isready");
        List<String> lines = until(line -> line.equals("readyok"));
        return lines.subList(0, lines.size() - 1);
    }

    /** The FEN that {@code d} shows. */
    String fen() {
        return display().get("Fen");
    }

    /** What {@code d} shows below the board: "Fen", "Key" and "Checkers" to their values. */
    Map<String, String> display() {
        send("d");
        Map<String, String> fields = new HashMap<>();
        for (String line : untilStartsWith("Checkers:")) {
            int colon = line.indexOf(':');
            if (line.startsWith("Fen: ") || line.startsWith("Key: ") || line.startsWith("Checkers:")) {
                fields.put(line.substring(0, colon), line.substring(colon + 1).strip());
            }
        }
        return fields;
    }

    /** True when the loop has returned (the session ended) within the timeout. */
    boolean ended() {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !thread.isAlive();
    }

    /** Nothing more has been sent so far (does not wait). */
    List<String> pending() {
        List<String> lines = new ArrayList<>();
        fromEngine.drainTo(lines);
        return lines;
    }

    @Override
    public void close() {
        send("quit");
        if (!ended()) {
            fail("the session did not end after quit");
        }
    }

    /** The engine's stdin: chunks of bytes handed over from the test thread, then an end. */
    private static final class QueueInputStream extends InputStream {
        private static final byte[] END = new byte[0];
        private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
        private byte[] chunk = new byte[0];
        private int position;
        private boolean ended;

        void add(byte[] bytes) {
            chunks.add(bytes.clone());
        }

        void end() {
            chunks.add(END);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            while (!ended && position == chunk.length) {
                try {
                    chunk = chunks.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException();
                }
                position = 0;
                ended = chunk == END;
            }
            if (ended) {
                return -1;
            }
            int count = Math.min(length, chunk.length - position);
            System.arraycopy(chunk, position, buffer, offset, count);
            position += count;
            return count;
        }
    }

    /** Splits the engine's output into lines as it arrives. */
    static final class LineCollector extends OutputStream {
        private final BlockingQueue<String> lines;
        private final ByteArrayOutputStream current = new ByteArrayOutputStream();

        LineCollector(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(current.toString(StandardCharsets.UTF_8));
                current.reset();
            } else {
                current.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                write(bytes[i]);
            }
        }
    }
}
