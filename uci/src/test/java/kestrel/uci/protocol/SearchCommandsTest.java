package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** go, stop, ponderhit, isready and quit around a running search. */
class SearchCommandsTest {
    private static final String WHITE_IS_MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    private static final String BLACK_IS_STALEMATED = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    private static final String WHITE_MATES_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

    private static String bestMoveText(String line) {
        assertTrue(line.startsWith("bestmove "), line);
        return line.split(" ")[1];
    }

    private static void assertLegal(String fen, String line) {
        Position position = Fen.parse(fen);
        String move = bestMoveText(line);
        assertNotEquals(Move.NONE, MoveNotation.parseUci(position, move, false), line + " in " + fen);
    }

    private static String last(List<String> lines) {
        return lines.get(lines.size() - 1);
    }

    @Test
    void goDepthAnswersALegalBestMove() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves e2e4 c7c5", "go depth 3");
            assertLegal("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
                    last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void goWithClocksAnswersALegalBestMove() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void bestMoveIsNullMoveWhenCheckmated() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + WHITE_IS_MATED, "go depth 2");
            assertEquals("bestmove 0000", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void bestMoveIsNullMoveWhenStalemated() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + BLACK_IS_STALEMATED, "go movetime 100");
            assertEquals("bestmove 0000", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void goInfiniteHoldsItsBestMoveUntilStop() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go infinite");
            session.send("isready");
            List<String> beforeReady = session.until(line -> line.equals("readyok"));
            assertTrue(beforeReady.stream().noneMatch(line -> line.startsWith("bestmove")), beforeReady.toString());
            session.send("stop");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void isreadyIsAnsweredDuringASearch() {
        try (UciSession session = new UciSession()) {
            session.send("go infinite", "isready");
            List<String> lines = session.until(line -> line.equals("readyok") || line.startsWith("bestmove"));
            assertEquals("readyok", last(lines));
            session.send("stop");
            session.untilStartsWith("bestmove");
        }
    }

    @Test
    void stopAnswersTheBestMoveOfAnInfiniteSearch() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves d2d4", "go infinite", "stop");
            assertLegal("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                    last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void stopWhenIdleSaysNothing() {
        try (UciSession session = new UciSession()) {
            session.send("stop", "ponderhit");
            assertEquals(List.of(), session.answersBeforeReady());
        }
    }

    @Test
    void ponderHoldsItsBestMoveUntilPonderhitEvenAfterTheSearchEnded() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves e2e4", "go ponder depth 1");
            // The depth-1 line means the search has done all it was asked to do.
            List<String> lines = session.untilStartsWith("info depth 1 ");
            session.send("isready");
            lines.addAll(session.until(line -> line.equals("readyok")));
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            session.send("ponderhit");
            assertLegal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                    last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void ponderHoldsAMateUntilPonderhit() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + WHITE_MATES_IN_ONE, "go ponder depth 3");
            List<String> lines = session.untilStartsWith("info depth 3 ");
            session.send("isready");
            lines.addAll(session.until(line -> line.equals("readyok")));
            assertTrue(lines.stream().anyMatch(line -> line.contains(" score mate 1 ")), lines.toString());
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            session.send("ponderhit");
            assertEquals("bestmove a1a8", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void ponderEndsWithStopToo() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + WHITE_IS_MATED, "go ponder wtime 1000 btime 1000", "isready");
            List<String> lines = session.until(line -> line.equals("readyok"));
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            session.send("stop");
            assertEquals("bestmove 0000", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void ponderInfiniteStillHoldsAfterPonderhitUntilStop() {
        try (UciSession session = new UciSession()) {
            session.send("go ponder infinite", "ponderhit", "isready");
            List<String> lines = session.until(line -> line.equals("readyok"));
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            session.send("stop");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void goDuringASearchFinishesTheOldSearchFirst() {
        try (UciSession session = new UciSession()) {
            session.send("go infinite", "position startpos moves g1f3", "go depth 1");
            String first = last(session.untilStartsWith("bestmove"));
            String second = last(session.untilStartsWith("bestmove"));
            assertLegal(Fen.START, first);
            assertLegal("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", second);
        }
    }

    /** Ends the session with quit right after {@code commands} and returns all it printed. */
    private static List<String> quitRightAfter(String... commands) {
        UciSession session = new UciSession();
        session.send(commands);
        session.send("quit");
        assertTrue(session.ended());
        return session.pending();
    }

    private static List<String> bestMoves(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("bestmove")).toList();
    }

    @Test
    void quitEndsTheSessionDuringASearchAndAnswersIt() {
        List<String> lines = quitRightAfter("go infinite");
        assertEquals(1, bestMoves(lines).size(), lines.toString());
        assertLegal(Fen.START, last(lines));
    }

    @Test
    void quitAnswersAGoQueuedBehindAHashResize() {
        List<String> lines = quitRightAfter("setoption name Hash value 64", "go depth 6");
        assertEquals(1, bestMoves(lines).size(), lines.toString());
        assertLegal(Fen.START, last(lines));
    }

    @Test
    void quitAnswersEveryQueuedGoInOrder() {
        List<String> lines = quitRightAfter("go depth 30", "position startpos moves e2e4", "go infinite",
                "position startpos moves e2e4 e7e5", "go ponder");
        List<String> answers = bestMoves(lines);
        assertEquals(3, answers.size(), lines.toString());
        assertLegal(Fen.START, answers.get(0));
        assertLegal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", answers.get(1));
        assertLegal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", answers.get(2));
    }

    @Test
    void quitAnswersAGoQueuedBehindABenchThatRunsOn() {
        // The bench is not stopped by quit; if it outlasts the grace period the loop answers the go itself.
        List<String> lines = quitRightAfter("bench 12", "position startpos moves d2d4", "go depth 5");
        assertEquals(1, bestMoves(lines).size(), lines.toString());
        assertLegal("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", bestMoves(lines).get(0));
    }

    @Test
    void theEndOfTheInputAnswersTheSearchToo() {
        UciSession session = new UciSession();
        session.send("go infinite");
        session.closeInput();
        assertTrue(session.ended());
        List<String> lines = session.pending();
        assertEquals(1, bestMoves(lines).size(), lines.toString());
    }

    @Test
    void goInfiniteHoldsEvenWhenThereIsNoLegalMove() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + WHITE_IS_MATED, "go infinite", "isready");
            List<String> lines = session.until(line -> line.equals("readyok"));
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), lines.toString());
            session.send("stop");
            assertEquals("bestmove 0000", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void infoLinesCarryDepthScoreNodesTimeAndPv() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go depth 4");
            List<String> infos = session.untilStartsWith("bestmove").stream()
                    .filter(line -> line.startsWith("info depth 4 ") && line.contains(" pv ")).toList();
            assertTrue(!infos.isEmpty());
            assertTrue(infos.get(0).matches("info depth 4 seldepth \\d+ multipv 1 score (cp|mate) -?\\d+"
                    + "( lowerbound| upperbound)? nodes \\d+( nps \\d+)? hashfull \\d+ tbhits 0 time \\d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+"),
                    infos.get(0));
        }
    }

    private static final String SUMMARY = "info depth \\d+ seldepth \\d+ multipv 1 score (cp|mate) -?\\d+"
            + "( lowerbound| upperbound)? nodes \\d+ nps \\d+ hashfull \\d+ tbhits 0 time \\d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+";

    private static long field(String line, String name) {
        String[] words = line.split(" ");
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i].equals(name)) {
                return Long.parseLong(words[i + 1]);
            }
        }
        throw new AssertionError("no " + name + " in " + line);
    }

    /** The line before bestmove: the totals, and the line of the move played. */
    private static void assertSummaryBeforeBestMove(List<String> lines) {
        String summary = lines.get(lines.size() - 2);
        assertTrue(summary.matches(SUMMARY), summary);
        assertEquals(bestMoveText(last(lines)), summary.split(" pv ")[1].split(" ")[0], summary);
        for (String line : lines.subList(0, lines.size() - 2)) {
            if (line.contains(" nodes ")) {
                assertTrue(field(summary, "nodes") >= field(line, "nodes"), line + " / " + summary);
                assertTrue(field(summary, "time") >= field(line, "time"), line + " / " + summary);
            }
        }
    }

    @Test
    void aSearchEndsWithItsTotalsJustBeforeTheBestMove() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go depth 5");
            List<String> lines = session.untilStartsWith("bestmove");
            assertSummaryBeforeBestMove(lines);
            assertTrue(lines.get(lines.size() - 2).startsWith("info depth 5 "), lines.toString());
        }
    }

    @Test
    void aStoppedSearchEndsWithItsTotalsToo() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves e2e4", "go infinite");
            List<String> lines = session.untilStartsWith("info depth 6 ");
            session.send("stop");
            lines.addAll(session.untilStartsWith("bestmove"));
            assertSummaryBeforeBestMove(lines);
        }
    }

    @Test
    void everySearchedMoveOfMultiPvEndsWithTheTotalsOfTheFirstLine() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name MultiPV value 3", "position startpos", "go depth 4");
            assertSummaryBeforeBestMove(session.untilStartsWith("bestmove"));
        }
    }

    @Test
    void currentMovesAreReportedSparingly() {
        try (UciSession session = new UciSession()) {
            session.send("position fen r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 0 11",
                    "go movetime 2500");
            List<String> lines = session.untilStartsWith("bestmove");
            long time = field(lines.get(lines.size() - 2), "time");
            long currentMoves = lines.stream().filter(line -> line.contains(" currmove ")).count();
            // None in the first second, then at most one per half second: a bound from the search's own clock.
            assertTrue(currentMoves >= 1 && currentMoves <= (time - 1000) / 500 + 1,
                    currentMoves + " currmove lines in " + time + " ms: " + lines);
        }
    }

    @Test
    void multiPvReportsOneLinePerVariation() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name MultiPV value 3", "position startpos", "go depth 5");
            List<String> lines = session.untilStartsWith("bestmove");
            for (int k = 1; k <= 3; k++) {
                String marker = "info depth 5 seldepth ";
                String multipv = " multipv " + k + " ";
                assertTrue(lines.stream().anyMatch(line -> line.startsWith(marker) && line.contains(multipv)),
                        "no multipv " + k + " line at depth 5: " + lines);
            }
            assertTrue(lines.stream().noneMatch(line -> line.contains(" multipv 4 ")), lines.toString());
        }
    }

    @Test
    void bestMoveOfMultiPvIsTheFirstLinesMove() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name MultiPV value 2", "position fen " + WHITE_MATES_IN_ONE, "go depth 4");
            assertEquals("bestmove a1a8", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void goMateFindsTheMate() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + WHITE_MATES_IN_ONE, "go mate 1");
            assertEquals("bestmove a1a8", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void goNodesAnswersALegalBestMove() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go nodes 5000");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void searchMovesRestrictsTheRootMoves() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go depth 4 searchmoves a2a3 h2h3");
            String move = bestMoveText(last(session.untilStartsWith("bestmove")));
            assertTrue(move.equals("a2a3") || move.equals("h2h3"), move);
        }
    }

    @Test
    void bestMoveCarriesAPonderMoveAfterADeepEnoughSearch() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go depth 5");
            String line = last(session.untilStartsWith("bestmove"));
            assertTrue(line.matches("bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]"), line);
        }
    }

    @Test
    void goPerftPrintsOneLinePerRootMoveThenTheTotal() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves e2e4", "go perft 2");
            List<String> lines = session.untilStartsWith("Nodes searched:");
            assertEquals(22, lines.size());
            assertEquals("a7a5: 30", lines.get(0));
            assertEquals("", lines.get(20));
            assertEquals("Nodes searched: 600", lines.get(21));
        }
    }

    @Test
    void benchPrintsALinePerPositionThenTheTotals() {
        try (UciSession session = new UciSession()) {
            session.send("bench 2");
            List<String> lines = session.until(line -> line.matches("\\d+ nodes \\d+ nps"));
            assertEquals(30, lines.stream().filter(line -> line.matches(" ?\\d+/30 .*")).count(), lines.toString());
            session.send("go depth 1");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void ucinewgameKeepsTheEngineWorking() {
        try (UciSession session = new UciSession()) {
            session.send("ucinewgame", "position startpos", "go depth 1");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }
}
