package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import org.junit.jupiter.api.Test;

/** The protocol with {@code Threads} 4: the same answers as with one thread. */
class ThreadsOptionTest {
    private static final String FOUR_THREADS = "setoption name Threads value 4";
    private static final String WHITE_MATES_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

    private static String last(List<String> lines) {
        return lines.get(lines.size() - 1);
    }

    private static void assertLegal(String fen, String bestMoveLine) {
        assertTrue(bestMoveLine.startsWith("bestmove "), bestMoveLine);
        String move = bestMoveLine.split(" ")[1];
        assertNotEquals(Move.NONE, MoveNotation.parseUci(Fen.parse(fen), move, false), bestMoveLine);
    }

    private static long field(String line, String name) {
        String[] words = line.split(" ");
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i].equals(name)) {
                return Long.parseLong(words[i + 1]);
            }
        }
        throw new AssertionError("no " + name + " in " + line);
    }

    private static long bestMoves(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("bestmove")).count();
    }

    @Test
    void goDepthReportsEachDepthOnceThenItsBestMove() {
        try (UciSession session = new UciSession()) {
            session.send(FOUR_THREADS, "position startpos", "go depth 7");
            List<String> lines = session.untilStartsWith("bestmove");
            assertLegal(Fen.START, last(lines));
            // Only the main thread speaks: one completed line per depth, and the totals (depth 7 again).
            for (int depth = 1; depth <= 7; depth++) {
                String prefix = "info depth " + depth + " ";
                long completed = lines.subList(0, lines.size() - 2).stream()
                        .filter(line -> line.startsWith(prefix) && !line.contains("bound ")).count();
                assertEquals(1, completed, "depth " + depth + ": " + lines);
            }
            assertTrue(lines.get(lines.size() - 2).startsWith("info depth 7 "), lines.toString());
        }
    }

    @Test
    void goInfiniteHoldsItsBestMoveUntilStop() {
        try (UciSession session = new UciSession()) {
            session.send(FOUR_THREADS, "position startpos", "go infinite");
            List<String> lines = session.untilStartsWith("info depth 5 ");
            lines.addAll(session.answersBeforeReady());
            assertEquals(0, bestMoves(lines), lines.toString());
            session.send("stop");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
            assertEquals(0, bestMoves(session.answersBeforeReady()));
        }
    }

    @Test
    void ponderHoldsAMateUntilPonderhit() {
        try (UciSession session = new UciSession()) {
            session.send(FOUR_THREADS, "position fen " + WHITE_MATES_IN_ONE, "go ponder depth 3");
            List<String> lines = session.untilStartsWith("info depth 3 ");
            lines.addAll(session.answersBeforeReady());
            assertEquals(0, bestMoves(lines), lines.toString());
            session.send("ponderhit");
            assertEquals("bestmove a1a8", last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void ponderhitPutsThePonderSearchOnItsClock() {
        try (UciSession session = new UciSession()) {
            session.send(FOUR_THREADS, "position startpos moves e2e4", "go ponder wtime 300 btime 300");
            List<String> lines = session.untilStartsWith("info depth 2 ");
            lines.addAll(session.answersBeforeReady());
            assertEquals(0, bestMoves(lines), lines.toString());
            session.send("ponderhit");
            assertLegal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                    last(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void goNodesCountsTheNodesOfAllThreads() {
        try (UciSession session = new UciSession()) {
            session.send(FOUR_THREADS, "position startpos", "go nodes 40000");
            List<String> lines = session.untilStartsWith("bestmove");
            assertLegal(Fen.START, last(lines));
            long nodes = field(lines.get(lines.size() - 2), "nodes");
            // Every thread adds its nodes to the total every 1024 nodes and looks at it as often.
            assertTrue(nodes >= 40_000 && nodes <= 40_000 + 4 * 2048 + 1024, "nodes " + nodes);
        }
    }

    @Test
    void clearHashAndNewGameWorkWithThreads() {
        try (UciSession session = new UciSession()) {
            session.send(FOUR_THREADS, "position startpos", "go depth 5");
            session.untilStartsWith("bestmove");
            session.send("setoption name Clear Hash", "ucinewgame", "go depth 5");
            List<String> lines = session.untilStartsWith("bestmove");
            assertLegal(Fen.START, last(lines));
        }
    }

    @Test
    void threadsSetDuringASearchApplyFromTheNextSearch() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go infinite");
            session.untilStartsWith("info depth 3 ");
            session.send(FOUR_THREADS);
            session.untilStartsWith("info string Threads 4 from the next search on");
            session.send("stop");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
            session.send("go depth 4");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
            session.send("setoption name Threads value 1", "go depth 4");
            assertLegal(Fen.START, last(session.untilStartsWith("bestmove")));
        }
    }
}
