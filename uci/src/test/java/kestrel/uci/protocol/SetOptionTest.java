package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** setoption through the real loop. */
class SetOptionTest {

    private static String valueAfter(String command, String option) {
        try (UciSession session = new UciSession()) {
            session.send(command);
            assertEquals(List.of(), session.answersBeforeReady());
            return session.loop().options().value(option);
        }
    }

    @Test
    void namesMatchWithoutRegardToCase() {
        assertEquals("4", valueAfter("setoption name multipv value 4", "MultiPV"));
    }

    @Test
    void namesWithSpacesMatchWhateverTheSpacing() {
        assertEquals("120", valueAfter("setoption name move   OVERHEAD value 120", "Move Overhead"));
    }

    @Test
    void stringValuesKeepTheirSpaces() {
        assertEquals("my books/main book.bin",
                valueAfter("setoption name BookFile value my books/main book.bin", "BookFile"));
    }

    @Test
    void emptyMarkerClearsAString() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value a.bin", "setoption name BookFile value <empty>");
            assertEquals(List.of(), session.answersBeforeReady());
            assertEquals("", session.loop().options().value("BookFile"));
        }
    }

    @Test
    void missingValueClearsAString() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value a.bin", "setoption name BookFile");
            assertEquals(List.of(), session.answersBeforeReady());
            assertEquals("", session.loop().options().value("BookFile"));
        }
    }

    @Test
    void checkValuesAreReadInAnyCase() {
        assertEquals("true", valueAfter("setoption name Ponder value TRUE", "Ponder"));
    }

    @Test
    void comboValuesAreStoredAsDeclared() {
        assertEquals("Weighted", valueAfter("setoption name Book Variety value weighted", "Book Variety"));
    }

    @Test
    void hashIsResizedAndTheEngineStillSearches() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name Hash value 1", "isready");
            assertEquals("readyok", session.next());
            session.send("go depth 2");
            assertTrue(session.untilStartsWith("bestmove").size() > 0);
            assertEquals("1", session.loop().options().value("Hash"));
        }
    }

    @Test
    void hashChangeDuringASearchNeitherBlocksNorBreaksIt() {
        try (UciSession session = new UciSession()) {
            session.send("go infinite", "setoption name Hash value 2", "isready");
            // The search may report an iteration before readyok; nothing else may come first.
            List<String> beforeReady = session.until(line -> line.equals("readyok"));
            assertTrue(beforeReady.subList(0, beforeReady.size() - 1).stream().allMatch(line -> line.startsWith("info ")),
                    beforeReady.toString());
            session.send("stop");
            session.untilStartsWith("bestmove");
            assertEquals(List.of(), session.answersBeforeReady());
        }
    }

    @Test
    void clearHashIsAcceptedWithoutAnswer() {
        try (UciSession session = new UciSession()) {
            session.send("go depth 1");
            session.untilStartsWith("bestmove");
            session.send("setoption name Clear Hash");
            assertEquals(List.of(), session.answersBeforeReady());
        }
    }

    @Test
    void aHashTheHeapCannotHoldIsRefusedOnceAndTheEngineSearches() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name Hash value " + UciLoop.MAX_HASH_MB);
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string Hash not changed: "), answers.get(0));
            assertEquals("16", session.loop().options().value("Hash"), "the option shows the size kept");
            session.send("go depth 3");
            assertTrue(session.untilStartsWith("bestmove").size() > 0);
        }
    }
}
