package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UciHandshakeTest {

    @Test
    void uciAnswersIdNameAuthorOptionsThenUciok() {
        try (UciSession session = new UciSession()) {
            session.send("uci");
            List<String> lines = session.until(line -> line.equals("uciok"));
            assertEquals("id name Kestrel 0.1.0", lines.get(0));
            assertTrue(lines.get(1).startsWith("id author "), lines.get(1));
            for (String line : lines.subList(2, lines.size() - 1)) {
                assertTrue(line.startsWith("option name "), line);
            }
        }
    }

    @Test
    void uciDeclaresEveryOptionWithItsRange() {
        try (UciSession session = new UciSession()) {
            session.send("uci");
            List<String> lines = session.until(line -> line.equals("uciok"));
            List<String> expected = List.of(
                    "option name Hash type spin default 16 min 1 max 32768",
                    "option name Clear Hash type button",
                    "option name Threads type spin default 1 min 1 max 256",
                    "option name Ponder type check default false",
                    "option name MultiPV type spin default 1 min 1 max 256",
                    "option name Move Overhead type spin default 50 min 0 max 5000",
                    "option name OwnBook type check default false",
                    "option name BookFile type string default <empty>",
                    "option name Book Variety type combo default Best var Best var Weighted",
                    "option name UCI_Chess960 type check default false",
                    "option name Debug Log File type string default <empty>",
                    "option name UCI_LimitStrength type check default false",
                    "option name UCI_Elo type spin default 1800 min 1320 max 2500",
                    "option name UCI_AnalyseMode type check default false",
                    "option name UCI_ShowWDL type check default false",
                    "option name EvalFile type string default <internal>",
                    "option name Use NNUE type check default true",
                    "option name SyzygyPath type string default <empty>",
                    "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                    "option name Syzygy50MoveRule type check default true",
                    "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
                    "option name NodesTime type spin default 0 min 0 max 100000");
            assertEquals(expected, lines.subList(2, lines.size() - 1));
        }
    }

    @Test
    void isreadyAnswersReadyok() {
        try (UciSession session = new UciSession()) {
            session.send("isready");
            assertEquals("readyok", session.next());
        }
    }

    @Test
    void quitEndsTheSession() {
        UciSession session = new UciSession();
        session.send("quit");
        assertTrue(session.ended());
    }

    @Test
    void endOfInputEndsTheSession() {
        UciSession session = new UciSession();
        session.closeInput();
        assertTrue(session.ended());
    }

    @Test
    void registerIsAcceptedSilently() {
        try (UciSession session = new UciSession()) {
            session.send("register later");
            assertEquals(List.of(), session.answersBeforeReady());
        }
    }

    @Test
    void unknownWordsBeforeACommandAreSkippedAsTheSpecificationAsks() {
        try (UciSession session = new UciSession()) {
            session.send("joho isready");
            assertEquals("readyok", session.next());
        }
    }

    @Test
    void debugOnAddsInfoStringsAboutTheSearch() {
        try (UciSession session = new UciSession()) {
            session.send("debug on", "go depth 1");
            List<String> lines = session.untilStartsWith("bestmove");
            assertTrue(lines.stream().anyMatch(line -> line.startsWith("info string search finished")), lines.toString());
        }
    }

    @Test
    void debugOffRemovesThem() {
        try (UciSession session = new UciSession()) {
            session.send("debug on", "debug off", "go depth 1");
            List<String> lines = session.untilStartsWith("bestmove");
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("info string")), lines.toString());
        }
    }
}
