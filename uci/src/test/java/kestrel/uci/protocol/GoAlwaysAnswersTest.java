package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code go} but {@code go perft} ends in exactly one {@code bestmove} with a legal move, whatever its
 * parameters: a GUI waits for that line, and a {@code go} left unanswered hangs the game. A limit of zero or less is
 * the smallest search; a word that cannot be used gets an {@code info string} and is skipped.
 */
class GoAlwaysAnswersTest {

    /** The {@code go} line and how many of its parameters it reports as adjusted or skipped. */
    static Stream<Arguments> goLines() {
        return Stream.of(
                Arguments.of("go movetime 0", 1),
                Arguments.of("go depth 0", 1),
                Arguments.of("go nodes 0", 1),
                Arguments.of("go mate 0", 1),
                Arguments.of("go depth -1", 1),
                Arguments.of("go movetime -5", 1),
                Arguments.of("go nodes -3", 1),
                Arguments.of("go depth 999 movetime 50", 1),
                Arguments.of("go wtime abc btime 1000 winc 0 binc 0", 1),
                Arguments.of("go sideways depth 2", 1),
                Arguments.of("go depth movetime 50", 1),
                Arguments.of("go nodes 1e6 depth 2", 1),
                Arguments.of("go depth 2 sideways nodes 1e6", 2),
                Arguments.of("go searchmoves depth 2", 1),
                Arguments.of("go searchmoves e7e5 depth 2", 1),
                Arguments.of("go depth 2 searchmoves e7e5 zz9", 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goLines")
    void answersWithExactlyOneLegalBestMove(String go, int reported) {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", go);
            List<String> lines = session.untilStartsWith("bestmove");
            String bestMove = lines.get(lines.size() - 1).split(" ")[1];
            assertNotEquals(Move.NONE, MoveNotation.parseUci(Fen.parse(Fen.START), bestMove, false), lines.toString());
            assertEquals(reported, lines.stream().filter(line -> line.startsWith("info string")).count(),
                    lines.toString());
            List<String> after = session.answersBeforeReady();
            assertTrue(after.stream().noneMatch(line -> line.startsWith("bestmove")), after.toString());
        }
    }

    @Test
    void theLegalSearchMovesAreKeptWhenOthersAreNot() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go depth 3 searchmoves e7e5 a2a3 e2e5");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals("bestmove a2a3", lines.get(lines.size() - 1).split(" ponder")[0], lines.toString());
        }
    }

    @Test
    void theMessageSaysWhatIsSearchedInstead() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go movetime 0");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals("info string go movetime must be from 1, not 0: using 1", lines.get(0));
        }
    }

    @Test
    void perftWithABadDepthStillRunsNothing() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos", "go perft 0");
            assertEquals(List.of("info string go perft must be from 1 to 20, not 0"), session.answersBeforeReady());
        }
    }
}
