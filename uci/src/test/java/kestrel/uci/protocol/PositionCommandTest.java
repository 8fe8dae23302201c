package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
import org.junit.jupiter.api.Test;

/** position, then d to see what the engine made of it. */
class PositionCommandTest {

    @Test
    void startposShowsTheStartingFenAndItsPolyglotKey() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos");
            Map<String, String> shown = session.display();
            assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", shown.get("Fen"));
            assertEquals("463b96181691fc9c", shown.get("Key"));
        }
    }

    @Test
    void movesAreAppliedAndTheKeyFollows() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves e2e4 d7d5 e4e5 f7f5");
            Map<String, String> shown = session.display();
            assertEquals("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", shown.get("Fen"));
            assertEquals("22a48b5a8e47ff78", shown.get("Key"));
        }
    }

    @Test
    void fenWithMovesIsApplied() {
        try (UciSession session = new UciSession()) {
            session.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7");
            assertEquals("8/3k4/8/8/4P3/8/8/4K3 w - - 1 2", session.fen());
        }
    }

    @Test
    void anUpperCasePromotionLetterIsAccepted() {
        try (UciSession session = new UciSession()) {
            session.send("position fen 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7b8Q e8d7");
            assertEquals(List.of(), session.answersBeforeReady());
            assertEquals("1Q6/3k4/8/8/8/8/8/4K3 w - - 1 2", session.fen());
        }
    }

    @Test
    void anUpperCasePromotionLetterIsAcceptedInSearchmoves() {
        try (UciSession session = new UciSession()) {
            session.send("position fen 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "go depth 3 searchmoves a7a8N");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals("bestmove a7a8n", lines.get(lines.size() - 1).split(" ponder ")[0], lines.toString());
        }
    }

    @Test
    void fenWithoutClocksIsAccepted() {
        try (UciSession session = new UciSession()) {
            session.send("position fen 4k3/8/8/8/8/8/4P3/4K3 b - -");
            assertEquals("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", session.fen());
        }
    }

    @Test
    void dShowsTheBoardAndTheCheckers() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves f2f3 e7e5 g2g4 d8h4", "d");
            List<String> lines = session.untilStartsWith("Checkers:");
            assertTrue(lines.stream().anyMatch(line -> line.contains("| q | 4")), lines.toString());
            assertEquals("Checkers: h4", lines.get(lines.size() - 1));
        }
    }

    @Test
    void twoThousandMovesAreAccepted() {
        StringBuilder command = new StringBuilder("position startpos moves");
        for (int i = 0; i < 500; i++) {
            command.append(" g1f3 g8f6 f3g1 f6g8");
        }
        command.append(" e2e4");
        try (UciSession session = new UciSession()) {
            session.send(command.toString());
            assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1001", session.fen());
            session.send("go depth 1");
            assertTrue(session.untilStartsWith("bestmove").size() > 0);
        }
    }

    @Test
    void standardCastlingIsReadAsKingTwoSquares() {
        try (UciSession session = new UciSession()) {
            session.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8");
            assertEquals("2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", session.fen());
        }
    }

    @Test
    void chess960CastlingIsReadAsKingTakesRookAndShownInShredderFen() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_Chess960 value true",
                    "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1 moves e1g1");
            assertEquals("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b gb - 1 1", session.fen());
        }
    }

    @Test
    void chess960PositionAcceptsXFenCastlingRights() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_Chess960 value true",
                    "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1");
            assertEquals("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", session.fen());
        }
    }

    @Test
    void evalPrintsTheEvaluationOfTheCurrentPosition() {
        try (UciSession session = new UciSession()) {
            session.send("position startpos moves e2e4", "eval");
            Position afterE4 = Fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
            List<String> answers = session.answersBeforeReady();
            List<String> explained = List.of(new Evaluation().explain(afterE4).split("\n"));
            // The handcrafted terms first; the network's lines follow (EvalFileOptionTest checks those).
            assertEquals(explained, answers.subList(0, explained.size()));
        }
    }

    @Test
    void chess960BestMoveCastlesAsKingTakesRook() {
        // White's only legal moves are castling and king moves; searchmoves leaves castling alone.
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_Chess960 value true",
                    "position fen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "go depth 1 searchmoves e1a1");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals("bestmove e1a1", lines.get(lines.size() - 1));
        }
    }
}
