package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DebugLogFileTest {
    @TempDir
    Path directory;

    private static List<String> read(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    private static boolean logged(List<String> lines, String direction, String text) {
        return lines.stream().anyMatch(line -> line.endsWith(" " + direction + " " + text));
    }

    @Test
    void linesInBothDirectionsAreLoggedWithMarkers() throws IOException {
        Path file = directory.resolve("kestrel.log");
        try (UciSession session = new UciSession()) {
            session.send("setoption name Debug Log File value " + file, "isready");
            assertEquals("readyok", session.next());
            session.send("go depth 1");
            session.untilStartsWith("bestmove");
        }
        List<String> lines = read(file);
        assertTrue(logged(lines, ">>", "isready"), lines.toString());
        assertTrue(logged(lines, "<<", "readyok"), lines.toString());
        assertTrue(logged(lines, ">>", "go depth 1"), lines.toString());
        assertTrue(lines.stream().anyMatch(line -> line.contains(" << bestmove ")), lines.toString());
    }

    @Test
    void theLogIsAppendedTo() throws IOException {
        Path file = directory.resolve("kestrel.log");
        Files.writeString(file, "earlier line\n");
        try (UciSession session = new UciSession()) {
            session.send("setoption name Debug Log File value " + file, "isready");
            assertEquals("readyok", session.next());
        }
        List<String> lines = read(file);
        assertEquals("earlier line", lines.get(0));
        assertTrue(logged(lines, "<<", "readyok"), lines.toString());
    }

    @Test
    void anEmptyValueStopsLogging() throws IOException {
        Path file = directory.resolve("kestrel.log");
        try (UciSession session = new UciSession()) {
            session.send("setoption name Debug Log File value " + file, "setoption name Debug Log File value",
                    "isready");
            assertEquals("readyok", session.next());
        }
        assertFalse(logged(read(file), "<<", "readyok"));
    }

    @Test
    void anUnwritableFileIsReportedAndTheOptionKeepsItsValue() {
        Path file = directory.resolve("no such directory").resolve("kestrel.log");
        try (UciSession session = new UciSession()) {
            session.send("setoption name Debug Log File value " + file);
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string cannot write the debug log"), answers.get(0));
            assertEquals("", session.loop().options().value("Debug Log File"));
        }
    }
}
