package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BookOptionTest {
    @TempDir
    Path directory;

    @Test
    void aMissingBookIsReportedOnceAndTheEngineSearches() {
        Path missing = directory.resolve("missing.bin");
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + missing, "setoption name OwnBook value true");
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string book not used: "), answers.get(0));
            session.send("position startpos", "go depth 1");
            List<String> lines = session.untilStartsWith("bestmove");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("info string")), lines.toString());
        }
    }

    @Test
    void aBookFileIsNotOpenedWhileOwnBookIsOff() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + directory.resolve("missing.bin"));
            assertEquals(List.of(), session.answersBeforeReady());
        }
    }
}
