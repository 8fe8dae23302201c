package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Position#givesCheck} against making the move and looking, for every legal move along random games. */
class GivesCheckTest {

    /** Checks every legal move of each position the games reach; counts the checks and discovered checks seen. */
    private static final class Checker implements RandomGames.Observer {
        private final int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checks;
        int positions;

        @Override
        public void atStart(Position position) {
            checkAll(position);
        }

        @Override
        public void afterMake(Position position, int move) {
            checkAll(position);
        }

        private void checkAll(Position position) {
            positions++;
            String fen = Fen.toFen(position, true);
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                int move = moves[i];
                boolean predicted = position.givesCheck(move);
                position.makeMove(move);
                boolean actual = position.inCheck();
                position.unmakeMove();
                assertEquals(actual, predicted, () -> fen + " " + Move.toUci(move, true));
                if (actual) {
                    checks++;
                }
            }
            assertEquals(fen, Fen.toFen(position, true), "givesCheck leaves the position as it was");
        }
    }

    @Test
    void agreesWithMakingTheMoveInStandardGames() {
        Checker checker = new Checker();
        RandomGames.Tally tally = RandomGames.play(Fen.START, 40, 250, 5, checker);
        assertTrue(checker.checks > 1000, "checks seen: " + checker.checks);
        assertTrue(tally.enPassant > 0 && tally.promotions > 0 && tally.kingSideCastles > 0, tally::toString);
    }

    @Test
    void agreesWithMakingTheMoveInChess960Games() {
        Checker checker = new Checker();
        RandomGames.play("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", 20, 250, 9, checker);
        assertTrue(checker.checks > 300, "checks seen: " + checker.checks);
    }

    @Test
    void seesDiscoveredChecks() {
        // The knight on d4 stands between the rook on d1 and the king on d8: any knight move uncovers the rook.
        Position position = Fen.parse("3k4/8/8/8/3N4/8/1B6/3R2K1 w - - 0 1");
        assertTrue(position.givesCheck(MoveNotation.parseUci(position, "d4f5", false)));
        assertTrue(position.givesCheck(MoveNotation.parseUci(position, "d4b5", false)));
        Position bishop = Fen.parse("7k/8/8/8/3N4/8/1B6/6K1 w - - 0 1");
        assertTrue(bishop.givesCheck(MoveNotation.parseUci(bishop, "d4e6", false)));
    }
}
