package kestrel.perft;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A program started for the engine under test, with its output read by two daemon threads: stdout line by line into
 * a queue that can be waited on with a deadline, stderr into a short tail kept for error messages (and so that a
 * program writing much to stderr never blocks on a full pipe).
 */
final class EngineProcess implements AutoCloseable {
    private static final int STDERR_LINES_KEPT = 8;
    /** How long a program may take to end once asked to, before it is ended by force. */
    private static final long GRACE_MILLIS = 2000;

    private final Process process;
    private final Writer stdin;
    /** stdout's lines; an empty Optional marks its end. */
    private final BlockingQueue<Optional<String>> stdout = new LinkedBlockingQueue<>();
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private final Thread stderrReader;
    private boolean stdoutEnded;

    private EngineProcess(Process process) {
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        startReader("engine-stdout", process.getInputStream(), line -> stdout.add(Optional.of(line)),
                () -> stdout.add(Optional.empty()));
        stderrReader = startReader("engine-stderr", process.getErrorStream(), this::keepStderr, () -> { });
    }

    /** Starts {@code command} (program and arguments, no shell). */
    static EngineProcess start(List<String> command) throws EngineFailure {
        try {
            return new EngineProcess(new ProcessBuilder(command).start());
        } catch (IOException | RuntimeException e) {
            throw new EngineFailure(EngineFailure.Reason.CANNOT_START, e.getMessage());
        }
    }

    /** Writes one line to the program's stdin. */
    void send(String line) throws EngineFailure {
        try {
            stdin.write(line + "\n");
            stdin.flush();
        } catch (IOException e) {
            throw ended("before Kestrel could send it \"" + line + "\"");
        }
    }

    /** Closes the program's stdin, for a program that reads nothing. */
    void closeInput() {
        try {
            stdin.close();
        } catch (IOException e) {
            // It has ended already; its exit code tells.
        }
    }

    /** A time limit: {@code allowed} from when it was made. */
    record Deadline(long atNanos, Duration allowed) {
        static Deadline after(Duration allowed) {
            return new Deadline(System.nanoTime() + allowed.toNanos(), allowed);
        }
    }

    /**
     * The next line of stdout, waiting until the deadline at most. {@code waitingFor} ends a failure's message, which
     * starts "gave no complete answer within 5 s" or "exited with code 1 before completing its answer": for example
     * {@code to "go perft 3"}.
     */
    String readLine(Deadline deadline, String waitingFor) throws EngineFailure {
        if (stdoutEnded) {
            throw ended("before completing its answer " + waitingFor);
        }
        Optional<String> line;
        try {
            line = stdout.poll(Math.max(0, deadline.atNanos() - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineFailure(EngineFailure.Reason.TIMED_OUT, "interrupted " + waitingFor);
        }
        if (line == null) {
            throw new EngineFailure(EngineFailure.Reason.TIMED_OUT, "gave no complete answer within "
                    + deadline.allowed().toSeconds() + " s " + waitingFor + stderrText());
        }
        if (line.isEmpty()) {
            stdoutEnded = true;
            throw ended("before completing its answer " + waitingFor);
        }
        return line.get();
    }

    /** Every line of stdout up to its end, which must come before the deadline. */
    List<String> readAll(Deadline deadline, String waitingFor) throws EngineFailure {
        List<String> lines = new ArrayList<>();
        try {
            while (true) {
                lines.add(readLine(deadline, waitingFor));
            }
        } catch (EngineFailure e) {
            if (e.reason() == EngineFailure.Reason.DIED && stdoutEnded) {
                return lines;
            }
            throw e;
        }
    }

    /** The exit code, once the program has ended (waiting up to the grace time for it), or null if it runs on. */
    Integer exitCode() {
        try {
            return process.waitFor(GRACE_MILLIS, TimeUnit.MILLISECONDS) ? process.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The last lines the program wrote to stderr, as a suffix for messages ("" when none). */
    String stderrText() {
        if (!process.isAlive()) {
            // Its last words may still be in the pipe; a program that left the pipe to a child of its own is not
            // waited for long.
            try {
                stderrReader.join(GRACE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (stderrTail) {
            if (stderrTail.isEmpty()) {
                return "";
            }
            return "; its stderr ended with: " + String.join(" | ", stderrTail);
        }
    }

    /** Closes stdin and waits a moment for the program to end, then ends it and anything it started. */
    @Override
    public void close() {
        closeInput();
        try {
            if (process.waitFor(GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                return;
            }
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            if (!process.waitFor(GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** The program has ended (or closed its output) {@code when}. */
    private EngineFailure ended(String when) {
        Integer code = exitCode();
        String how = code == null ? "closed its output" : "exited with code " + code;
        return new EngineFailure(EngineFailure.Reason.DIED, how + " " + when + stderrText());
    }

    private void keepStderr(String line) {
        synchronized (stderrTail) {
            if (stderrTail.size() == STDERR_LINES_KEPT) {
                stderrTail.removeFirst();
            }
            stderrTail.addLast(line);
        }
    }

    private static Thread startReader(String name, InputStream stream, Consumer<String> onLine, Runnable onEnd) {
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    onLine.accept(line);
                }
            } catch (IOException e) {
                // The program ended or its stream was closed: the end of its output either way.
            } finally {
                onEnd.run();
            }
        }, name);
        reader.setDaemon(true);
        reader.start();
        return reader;
    }
}
