package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input gets exactly one {@code info string} and changes nothing: the position, the options and
 * the engine's ability to search all stay as they were. (A {@code go} with bad parameters still searches: see
 * {@link GoAlwaysAnswersTest}.)
 */
class BadInputTest {
    private static final String SET_UP = "position startpos moves e2e4";
    private static final String FEN_AFTER_SET_UP = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

    static Stream<Arguments> badLines() {
        return Stream.of(
                bad("unknown command", "xyzzy"),
                bad("unknown command with arguments", "frobnicate the knight"),
                bad("FEN with an unknown piece", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
                bad("FEN with too few fields", "position fen 8/8/8 w"),
                bad("FEN with two white kings", "position fen 4k3/8/8/8/8/8/8/K3K3 w - - 0 1"),
                bad("FEN missing", "position fen"),
                bad("position without arguments", "position"),
                bad("position with an unknown kind", "position middlegame"),
                bad("moves without startpos or fen", "position moves e2e4"),
                bad("nothing but 'moves'", "position moves"),
                bad("startpos followed by a move without 'moves'", "position startpos e2e4"),
                bad("illegal move late in the list", "position startpos moves e2e4 e7e5 e4e5"),
                bad("move of the wrong side", "position startpos moves e7e5"),
                bad("move that is not a move", "position startpos moves e2e4 zz9"),
                bad("out-of-range spin", "setoption name Hash value 0"),
                bad("spin too large for a long", "setoption name Hash value 99999999999999999999"),
                bad("non-numeric spin", "setoption name MultiPV value many"),
                bad("Threads above the maximum", "setoption name Threads value 257"),
                bad("check that is neither true nor false", "setoption name Ponder value maybe"),
                bad("combo value not offered", "setoption name Book Variety value Sometimes"),
                bad("unknown option", "setoption name Contempt value 20"),
                bad("setoption without name", "setoption Hash 32"),
                bad("perft depth zero", "go perft 0"),
                bad("perft with search limits", "go perft 3 depth 2"),
                bad("debug without on or off", "debug maybe"),
                bad("bench depth that is not a number", "bench deep"),
                bad("bench depth zero", "bench 0"),
                bad("a 10 kB line", "x".repeat(10_240)),
                new Object[] {"invalid UTF-8 bytes", bytes(new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0x80, 'a', '\n'})},
                new Object[] {"invalid UTF-8 in a move", bytes("position startpos moves e2e4 e7e5".getBytes(StandardCharsets.UTF_8),
                        new byte[] {(byte) 0xc3, '\n'})},
                new Object[] {"a line over the length limit", bytes(
                        "x".repeat(LineReader.MAX_LINE_BYTES + 1).getBytes(StandardCharsets.US_ASCII), new byte[] {'\n'})})
                .map(Arguments::of);
    }

    private static Object[] bad(String what, String line) {
        return new Object[] {what, (line + "\n").getBytes(StandardCharsets.UTF_8)};
    }

    private static byte[] bytes(byte[]... parts) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            joined.writeBytes(part);
        }
        return joined.toByteArray();
    }

    @Test
    void blankLinesAreIgnoredWithoutAnAnswer() {
        try (UciSession session = new UciSession()) {
            session.send(SET_UP, "", "  \t  ", "\uFEFF", "");
            assertEquals(List.of(), session.answersBeforeReady());
            assertEquals(FEN_AFTER_SET_UP, session.fen());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLines")
    void badInputGetsExactlyOneInfoString(String what, byte[] line) {
        try (UciSession session = new UciSession()) {
            session.send(SET_UP);
            session.sendBytes(line);
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string "), answers.get(0));
            // An exception the loop caught is answered too, but says nothing the user can act on.
            assertFalse(answers.get(0).contains("internal error"), answers.get(0));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLines")
    void badInputLeavesPositionAndOptionsAsTheyWere(String what, byte[] line) {
        try (UciSession session = new UciSession()) {
            session.send(SET_UP);
            Map<String, String> optionsBefore = session.loop().options().values();
            session.sendBytes(line);
            session.answersBeforeReady();
            assertEquals(FEN_AFTER_SET_UP, session.fen());
            assertEquals(optionsBefore, session.loop().options().values());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLines")
    void engineStillSearchesAfterBadInput(String what, byte[] line) {
        try (UciSession session = new UciSession()) {
            session.send(SET_UP);
            session.sendBytes(line);
            session.send("go depth 1");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(1, lines.stream().filter(text -> text.startsWith("bestmove")).count(), lines.toString());
        }
    }
}
