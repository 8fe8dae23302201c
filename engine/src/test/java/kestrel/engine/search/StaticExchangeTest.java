package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class StaticExchangeTest {

    private static boolean atLeast(String fen, String uci, int threshold) {
        Position position = Fen.parse(fen);
        return StaticExchange.atLeast(position, MoveNotation.parseUci(position, uci, false), threshold);
    }

    @Test
    void undefendedPieceIsWonWhole() {
        String fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
        assertTrue(atLeast(fen, "d1d5", 320));
        assertFalse(atLeast(fen, "d1d5", 321));
    }

    @Test
    void defendedPawnTakenByAQueenLosesTheQueen() {
        assertFalse(atLeast("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
    }

    @Test
    void rookBehindTheQueenBacksUpTheExchange() {
        // Qxd5 exd5?? is not forced: black's only defender is the e6 pawn; white's rook x-rays through the queen.
        String fen = "4k3/8/4p3/3n4/8/8/3Q4/3RK3 w - - 0 1";
        assertFalse(atLeast(fen, "d2d5", 0), "the queen is lost for a knight and a pawn");
        String undefended = "4k3/8/8/3n4/8/8/3Q4/3RK3 w - - 0 1";
        assertTrue(atLeast(undefended, "d2d5", 0));
    }

    @Test
    void equalTradeIsEven() {
        String fen = "4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1";
        assertTrue(atLeast(fen, "e3d5", 0));
        assertFalse(atLeast(fen, "e3d5", 1));
    }

    @Test
    void kingCannotRecaptureADefendedPiece() {
        // Rxf7+: the king may not take back because the bishop on c4 guards f7.
        String fen = "6k1/5p2/8/8/2B5/8/8/5RK1 w - - 0 1";
        assertTrue(atLeast(fen, "f1f7", 100));
    }

    @Test
    void quietMoveToAnAttackedSquareLosesThePiece() {
        assertFalse(atLeast("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1f3", -100));
    }
}
