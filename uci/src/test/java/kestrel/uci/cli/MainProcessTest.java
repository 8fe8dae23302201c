package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The program itself, started as a GUI starts it: a separate process talking over its stdin and stdout. */
class MainProcessTest {

    private static Process start(String... jvmOptions) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        return new ProcessBuilder(command).start();
    }

    /**
     * What a fresh process, with the JVM options given, answers to {@code commands} followed by isready: the lines
     * up to readyok. The process is then told to quit.
     */
    private static List<String> answersBeforeReady(String commands, String... jvmOptions) throws Exception {
        Process process = start(jvmOptions);
        try (OutputStream stdin = process.getOutputStream()) {
            BufferedReader stdout = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            stdin.write((commands + "isready\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            List<String> lines = readUntil(stdout, "readyok");
            stdin.write("quit\n".getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS));
            return lines;
        } finally {
            process.destroyForcibly();
        }
    }

    /** Sends {@code input} (ending with quit) and returns stdout and stderr once the process has ended. */
    private static String[] converse(Process process, String input) throws Exception {
        try {
            process.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().close();
            CompletableFuture<String> errors = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(30, TimeUnit.SECONDS));
            return new String[] {output, errors.get()};
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void aHashRefusalNamesAHeapThatHoldsIt() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            String hash = "setoption name Hash value 200\n";
            List<String> refused = answersBeforeReady(hash, "-Xmx128m", "-XX:+UseParallelGC");
            assertEquals(2, refused.size(), refused.toString());
            Matcher suggestion = Pattern.compile("info string Hash not changed: a table of 200 MB needs 200 MB of free"
                    + " heap; the Java heap allows at most \\d+ MB \\(-Xmx\\) and has \\d+ MB free, so start Java with"
                    + " about (-Xmx\\d+m); keeping 16 MB").matcher(refused.get(0));
            assertTrue(suggestion.matches(), refused.get(0));
            assertEquals(List.of("readyok"), answersBeforeReady(hash, suggestion.group(1), "-XX:+UseParallelGC"));
        });
    }

    @Test
    void aHashGivenUpLeavesRoomForTheNextOne() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            // The dropped 160 MB table is garbage, not a reason to refuse the second one.
            List<String> lines = answersBeforeReady("setoption name Hash value 160\nsetoption name Hash value 16\n"
                    + "setoption name Hash value 160\n", "-Xmx256m", "-XX:+UseParallelGC");
            assertEquals(List.of("readyok"), lines);
        });
    }

    private static void assertOnlyProtocol(String stdout) {
        for (String line : stdout.split("\n")) {
            assertTrue(line.startsWith("id ") || line.startsWith("option ") || line.equals("uciok"),
                    "not a UCI line on stdout: " + line);
        }
        assertTrue(stdout.endsWith("uciok\n"), stdout);
    }

    private static List<String> readUntil(BufferedReader reader, String prefix) throws IOException {
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = reader.readLine()) != null) {
            lines.add(line);
            if (line.startsWith(prefix)) {
                break;
            }
        }
        return lines;
    }

    @Test
    void aSessionOverStdinAndStdoutEndsWithQuit() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Process process = start();
            try {
                OutputStream stdin = process.getOutputStream();
                BufferedReader stdout = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                stdin.write("uci\nposition startpos moves e2e4\ngo depth 2\n".getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                List<String> lines = readUntil(stdout, "bestmove");
                assertEquals("id name Kestrel 0.1.0", lines.get(0));
                assertTrue(lines.contains("uciok"), lines.toString());
                assertTrue(lines.get(lines.size() - 1).startsWith("bestmove "), lines.toString());
                stdin.write("quit\n".getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                assertTrue(process.waitFor(30, TimeUnit.SECONDS));
                assertEquals(0, process.exitValue());
                String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals("", errors, "stderr should stay quiet");
            } finally {
                process.destroyForcibly();
            }
        });
    }

    @Test
    void aPipedScriptEndingInQuitGetsItsBestMove() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Process process = start();
            try (OutputStream stdin = process.getOutputStream()) {
                stdin.write("setoption name Hash value 64\ngo depth 6\nquit\n".getBytes(StandardCharsets.UTF_8));
            }
            try {
                List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                        .lines().toList();
                assertTrue(process.waitFor(30, TimeUnit.SECONDS));
                assertEquals(0, process.exitValue());
                assertEquals(1, lines.stream().filter(line -> line.startsWith("bestmove ")).count(), lines.toString());
                assertTrue(lines.get(lines.size() - 1).startsWith("bestmove "), lines.toString());
            } finally {
                process.destroyForcibly();
            }
        });
    }

    @Test
    void quitDuringAnInfiniteSearchEndsTheProcess() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Process process = start();
            try {
                OutputStream stdin = process.getOutputStream();
                BufferedReader stdout = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                stdin.write("go infinite\nisready\n".getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                readUntil(stdout, "readyok");
                stdin.write("quit\n".getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                assertTrue(process.waitFor(30, TimeUnit.SECONDS));
                assertEquals(0, process.exitValue());
            } finally {
                process.destroyForcibly();
            }
        });
    }

    @Test
    void aBrokenLogbackConfigurationIsReportedOnStderrNotStdout(@TempDir Path directory) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Path broken = Files.writeString(directory.resolve("broken.xml"), "<configuration><appender");
            String[] result = converse(start("-Dlogback.configurationFile=" + broken), "uci\nquit\n");
            assertOnlyProtocol(result[0]);
            assertTrue(result[1].contains("JoranException"), result[1]);
        });
    }

    @Test
    void logbackStatusMessagesGoToStderr() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            // This listener prints to System.out.
            String[] result = converse(start(
                    "-Dlogback.statusListenerClass=ch.qos.logback.core.status.OnConsoleStatusListener"),
                    "uci\nquit\n");
            assertOnlyProtocol(result[0]);
            assertTrue(result[1].contains("This is logback-classic version"), result[1]);
        });
    }

    @Test
    void kestrelLogFileReceivesTheLog(@TempDir Path directory) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Path log = directory.resolve("kestrel.log");
            String[] result = converse(start("-Dkestrel.log.file=" + log, "-Dkestrel.log.level=DEBUG"),
                    "uci\nquit\n");
            assertOnlyProtocol(result[0]);
            String logged = Files.readString(log);
            assertTrue(logged.contains(" DEBUG [main] kestrel.uci.protocol.UciLoop - >> uci"), logged);
            assertTrue(result[1].contains(">> uci"), "the log also goes to stderr: " + result[1]);
        });
    }
}
