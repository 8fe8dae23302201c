package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.book.PolyglotEntry;
import kestrel.engine.book.PolyglotMove;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** UCI_LimitStrength, UCI_Elo, UCI_AnalyseMode and UCI_ShowWDL through the real loop. */
class PlayingStrengthOptionsTest {
    private static final Pattern WDL = Pattern.compile(" score (cp|mate) -?\\d+( lowerbound| upperbound)? wdl (\\d+) (\\d+) (\\d+) ");

    @TempDir
    Path directory;

    private static List<String> scoreLines(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("info") && line.contains(" score ")).toList();
    }

    @Test
    void showWdlAddsWinDrawLossSummingTo1000ToEveryScore() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_ShowWDL value true", "position startpos", "go depth 5");
            List<String> scores = scoreLines(session.untilStartsWith("bestmove"));
            assertFalse(scores.isEmpty());
            for (String line : scores) {
                Matcher wdl = WDL.matcher(line);
                assertTrue(wdl.find(), line);
                int sum = Integer.parseInt(wdl.group(3)) + Integer.parseInt(wdl.group(4))
                        + Integer.parseInt(wdl.group(5));
                assertEquals(1000, sum, line);
            }
        }
    }

    @Test
    void withoutShowWdlScoresCarryNoWdl() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go depth 4");
            for (String line : scoreLines(session.untilStartsWith("bestmove"))) {
                assertFalse(line.contains(" wdl "), line);
            }
        }
    }

    @Test
    void aMateScoreIsACertainWin() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_ShowWDL value true", "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
                    "go depth 3");
            List<String> scores = scoreLines(session.untilStartsWith("bestmove"));
            assertTrue(scores.get(scores.size() - 1).contains(" score mate 1 wdl 1000 0 0 "),
                    scores.get(scores.size() - 1));
        }
    }

    /** The move of the {@code bestmove} line that ends {@code lines}. */
    private static String playedMove(List<String> lines) {
        return lines.get(lines.size() - 1).split(" ")[1];
    }

    private static void assertPlaysALegalMove(Position position, List<String> lines) {
        assertTrue(MoveNotation.parseUci(position, playedMove(lines), false) != 0, lines.get(lines.size() - 1));
    }

    @Test
    void aLimitedInfiniteSearchShowsFourLinesAndAnswersStop() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320",
                    "position startpos", "go infinite");
            List<String> lines = session.until(line -> line.contains(" multipv 4 ") && line.contains(" depth 2 "));
            assertTrue(lines.stream().anyMatch(line -> line.contains(" multipv 2 ")));
            session.send("stop");
            assertPlaysALegalMove(Position.startPosition(), session.untilStartsWith("bestmove"));
        }
    }

    @Test
    void aLimitedPonderSearchHoldsItsMoveAfterItsBudgetUntilPonderhit() throws InterruptedException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320",
                    "position startpos moves e2e4", "go ponder wtime 60000 btime 60000");
            List<String> lines = session.until(line -> line.contains(" multipv 4 ") && line.contains(" depth 2 "));
            // 230 nodes are searched in far less than this; a move sent at the budget would be here by then.
            Thread.sleep(200);
            lines.addAll(session.answersBeforeReady());
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), String.join("\n", lines));
            session.send("ponderhit");
            assertPlaysALegalMove(Fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
                    session.untilStartsWith("bestmove"));
        }
    }

    @Test
    void aLimitedSearchWithMoreLinesShowsEveryOneAndPlaysTheFirstMoveOfOne() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320",
                    "setoption name MultiPV value 6", "position startpos", "go depth 30");
            List<String> lines = session.untilStartsWith("bestmove");
            String move = playedMove(lines);
            assertTrue(lines.stream().anyMatch(line -> line.contains(" multipv 6 ")), String.join("\n", lines));
            assertTrue(lines.stream().anyMatch(line -> line.contains(" multipv ") && line.contains(" pv " + move)),
                    String.join("\n", lines));
        }
    }

    @Test
    void withTablesALimitedLevelChoosesOnlyAmongTheMovesThatKeepTheWin() throws Exception {
        // White wins only by taking the rook; each of the other four moves lets it take the queen (a draw).
        String onlyOneWins = "8/4k3/8/8/2r5/2K5/2Q5/8 w - - 0 1";
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320");
            session.send("position fen " + onlyOneWins, "go depth 10");
            List<String> without = session.untilStartsWith("bestmove");
            assertTrue(without.stream().anyMatch(line -> line.contains(" multipv 2 ")), String.join("\n", without));

            session.send("setoption name SyzygyPath value " + SyzygyOptionsTest.tables());
            session.answersBeforeReady();
            for (int search = 0; search < 5; search++) {
                session.send("position fen " + onlyOneWins, "go depth 10");
                List<String> with = session.untilStartsWith("bestmove");
                assertEquals("bestmove c3c4", with.get(with.size() - 1).split(" ponder")[0], String.join("\n", with));
                assertTrue(with.stream().noneMatch(line -> line.contains(" multipv 2 ")), String.join("\n", with));
            }
        }
    }

    @Test
    void analyseModeSearchesAtFullStrength() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320",
                    "setoption name UCI_AnalyseMode value true", "position startpos", "go depth 6");
            List<String> lines = session.untilStartsWith("bestmove");
            assertTrue(lines.stream().anyMatch(line -> line.startsWith("info depth 6 ")), String.join("\n", lines));
            assertTrue(lines.stream().noneMatch(line -> line.contains(" multipv 2 ")), String.join("\n", lines));
        }
    }

    @Test
    void withoutAnalyseModeTheLimitStopsShortOfAFullSearch() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320",
                    "position startpos", "go depth 30");
            List<String> lines = session.untilStartsWith("bestmove");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("info depth 30 ")), String.join("\n", lines));
            assertTrue(lines.stream().anyMatch(line -> line.contains(" multipv 4 ")), String.join("\n", lines));
        }
    }

    @Test
    void analyseModeLeavesTheBookAlone() throws IOException {
        Position start = Position.startPosition();
        PolyglotEntry entry = new PolyglotEntry(start.key(),
                PolyglotMove.encode(MoveNotation.parseUci(start, "a2a3", false)), 10, 0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(entry.toBytes());
        Path book = Files.write(directory.resolve("a3.bin"), bytes.toByteArray());
        try (UciSession session = new UciSession()) {
            session.send("setoption name BookFile value " + book, "setoption name OwnBook value true",
                    "setoption name UCI_AnalyseMode value true", "position startpos", "go depth 3");
            List<String> lines = session.untilStartsWith("bestmove");
            assertTrue(lines.stream().noneMatch(line -> line.contains("book move")), String.join("\n", lines));
            session.send("setoption name UCI_AnalyseMode value false", "go depth 3");
            assertEquals("bestmove a2a3", session.untilStartsWith("bestmove").get(1));
        }
    }
}
