package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With {@code UCI_Chess960} false, a castling right that standard chess cannot have (its king off the e-file, its
 * rook off the a- or h-file) is dropped with an {@code info string}, as a standard FEN reader would: otherwise the
 * engine would play castling and write it as a king move ({@code f1g1}) that the GUI reads as a plain king step.
 */
class StandardCastlingRightsTest {
    private static final String KING_ON_F1 = "4rkr1/4p1p1/8/8/8/8/8/5K1R w K - 0 1";

    @Test
    void aRightWithTheKingOffTheEFileIsDroppedWithAMessage() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + KING_ON_F1);
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).startsWith("info string position fen: castling right 'K' dropped"),
                    answers.get(0));
            assertEquals("4rkr1/4p1p1/8/8/8/8/8/5K1R w - - 0 1", session.fen());
        }
    }

    @Test
    void noMoveOfTheEngineIsCastlingWrittenAsAKingStep() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + KING_ON_F1, "go perft 1");
            List<String> divide = session.untilStartsWith("Nodes searched");
            // Castling f1-h1 would be written f1g1 too, beside the king's step to g1.
            assertEquals(1, divide.stream().filter(line -> line.startsWith("f1g1:")).count(), divide.toString());
        }
    }

    @Test
    void theKingMoveThatLooksLikeCastlingIsAKingStep() {
        try (UciSession session = new UciSession()) {
            session.send("position fen " + KING_ON_F1 + " moves f1g1");
            assertEquals("4rkr1/4p1p1/8/8/8/8/8/6KR b - - 1 1", session.fen());
        }
    }

    @Test
    void aRightForAnInnerRookIsDropped() {
        try (UciSession session = new UciSession()) {
            session.send("position fen 4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
            assertEquals(1, session.answersBeforeReady().size());
            assertEquals("4k3/8/8/8/8/8/8/R3K1RR w - - 0 1", session.fen());
        }
    }

    @Test
    void standardRightsStayWithoutAMessage() {
        try (UciSession session = new UciSession()) {
            session.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
            assertEquals(List.of(), session.answersBeforeReady());
            assertEquals("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", session.fen());
        }
    }

    @Test
    void onlyTheImpossibleRightIsDropped() {
        try (UciSession session = new UciSession()) {
            session.send("position fen rk5r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
            assertEquals(1, session.answersBeforeReady().size());
            assertEquals("rk5r/8/8/8/8/8/8/R3K2R w KQ - 0 1", session.fen());
        }
    }

    @Test
    void chess960KeepsEveryRight() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_Chess960 value true", "position fen " + KING_ON_F1);
            assertEquals(List.of(), session.answersBeforeReady());
            assertEquals("4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 1", session.fen());
        }
    }
}
