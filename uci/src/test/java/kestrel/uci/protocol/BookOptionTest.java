package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.book.PolyglotEntry;
import kestrel.engine.book.PolyglotMove;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OwnBook, BookFile and Book Variety through the real loop, with small books written by the test. */
class BookOptionTest {
    private static final String AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

    @TempDir
    Path directory;

    /** A book with 1.e4 (weight 10) and 1.d4 (weight 5) from the start, and 1...c5 (weight 7) after 1.e4. */
    private Path book() throws IOException {
        Position start = Position.startPosition();
        Position afterE4 = Fen.parse(AFTER_E4);
        PolyglotEntry[] entries = {
            entry(start, "e2e4", 10), entry(start, "d2d4", 5), entry(afterE4, "c7c5", 7)};
        Arrays.sort(entries, (a, b) -> Long.compareUnsigned(a.key(), b.key()));
        return write("test.bin", entries);
    }

    private static PolyglotEntry entry(Position position, String move, int weight) {
        return new PolyglotEntry(position.key(),
                PolyglotMove.encode(MoveNotation.parseUci(position, move, false)), weight, 0);
    }

    private Path write(String name, PolyglotEntry... entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (PolyglotEntry entry : entries) {
            bytes.writeBytes(entry.toBytes());
        }
        return Files.write(directory.resolve(name), bytes.toByteArray());
    }

    private static String last(List<String> lines) {
        return lines.get(lines.size() - 1);
    }

    private static List<String> infoStrings(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("info string")).toList();
    }

    @Test
    void inBookTheHeaviestMoveIsPlayedAtOnceWithItsWeight() throws IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + book(), "setoption name OwnBook value true",
                    "position startpos", "go wtime 60000 btime 60000");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(List.of("info string book move e2e4 weight 10 from test.bin", "bestmove e2e4"), lines);
        }
    }

    @Test
    void theBookFollowsTheGame() throws IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name OwnBook value true", "setoption name BookFile value " + book(),
                    "position startpos moves e2e4", "go depth 3");
            assertEquals("bestmove c7c5", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void outOfBookTheEngineSearches() throws IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + book(), "setoption name OwnBook value true",
                    "position startpos moves g1f3", "go depth 2");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(List.of(), infoStrings(lines));
            Position afterNf3 = Fen.parse("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
            String move = last(lines).split(" ")[1];
            assertTrue(MoveNotation.parseUci(afterNf3, move, false) != 0, last(lines));
        }
    }

    @Test
    void weightedVarietyPlaysOneOfTheBookMoves() throws IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + book(), "setoption name OwnBook value true",
                    "setoption name Book Variety value Weighted", "position startpos", "go depth 3");
            String bestMove = last(session.untilStartsWith("bestmove"));
            assertTrue(bestMove.equals("bestmove e2e4") || bestMove.equals("bestmove d2d4"), bestMove);
        }
    }

    @Test
    void infiniteAnalysisIgnoresTheBook() throws IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + book(), "setoption name OwnBook value true",
                    "position startpos", "go infinite", "stop");
            assertEquals(List.of(), infoStrings(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void ownBookOffIgnoresTheBook() throws IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + book(), "setoption name OwnBook value true",
                    "setoption name OwnBook value false", "position startpos", "go depth 1");
            assertEquals(List.of(), infoStrings(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void aMissingBookIsReportedOnceAndTheEngineSearches() {
        Path missing = directory.resolve("missing.bin");
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + missing, "setoption name OwnBook value true");
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string book not used: "), answers.get(0));
            session.send("position startpos", "go depth 1");
            assertEquals(List.of(), infoStrings(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void aTruncatedBookIsReportedOnce() throws IOException {
        Path truncated = directory.resolve("truncated.bin");
        Files.write(truncated, Arrays.copyOf(Files.readAllBytes(book()), 40));
        try (UciSession session = new UciSession()) {
            session.send("setoption name OwnBook value true", "setoption name BookFile value " + truncated);
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).contains("truncated"), answers.get(0));
        }
    }

    @Test
    void anUnsortedBookIsReportedOnce() throws IOException {
        Position start = Position.startPosition();
        Position afterE4 = Fen.parse(AFTER_E4);
        PolyglotEntry first = entry(start, "e2e4", 1);
        PolyglotEntry second = entry(afterE4, "c7c5", 1);
        boolean ascending = Long.compareUnsigned(first.key(), second.key()) < 0;
        Path unsorted = ascending ? write("unsorted.bin", second, first) : write("unsorted.bin", first, second);
        try (UciSession session = new UciSession()) {
            session.send("setoption name OwnBook value true", "setoption name BookFile value " + unsorted);
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string book not used: "), answers.get(0));
            session.send("position startpos", "go depth 1");
            assertEquals(List.of(), infoStrings(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void aBookFileIsNotOpenedWhileOwnBookIsOff() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + directory.resolve("missing.bin"));
            assertEquals(List.of(), session.answersBeforeReady());
        }
    }

    /**
     * A book file cut short while the engine has it open: its lookup reads the mapping past the file's new end, a
     * fault the JVM throws as an InternalError. The book is then dropped with one info string and the engine
     * searches, where once every later move was a search that failed and played its fallback move.
     */
    @Test
    void aBookCutWhileInUseIsDroppedAndTheEngineSearches() throws IOException {
        Path file = book();
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + file, "setoption name OwnBook value true",
                    "position startpos", "go depth 3");
            assertEquals("bestmove e2e4", last(session.untilStartsWith("bestmove")));
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.truncate(0);
            }
            session.send("position startpos moves e2e4", "go depth 3");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(List.of("info string book not used from now on: " + file
                    + ": the file was cut short or changed while in use"), infoStrings(lines));
            assertTrue(lines.stream().anyMatch(line -> line.startsWith("info depth 3 ")), lines::toString);
            session.send("position startpos moves e2e4 e7e5", "go depth 2");
            lines = session.untilStartsWith("bestmove");
            assertEquals(List.of(), infoStrings(lines), "said once");
        }
    }
}
