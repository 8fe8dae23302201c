package kestrel.engine.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EndgameScalingTest {
    private static int scale(String fen, int strong) {
        return EndgameScaling.scale(Fen.parse(fen), strong, 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",          // K v K
        "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",         // K+N v K
        "8/8/4k3/8/8/3K4/8/6b1 b - - 0 1",        // K v K+B
        "8/4b3/4k3/8/8/3KB3/8/8 w - - 0 1",       // K+B v K+B, both bishops on dark squares
        "8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1",      // two bishops of one colour
    })
    void deadPositionsHaveInsufficientMaterial(String fen) {
        assertTrue(Evaluation.isInsufficientMaterial(Fen.parse(fen)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",        // K+N+N v K: no forced mate, but a mate exists
        "8/8/4k3/8/4n3/3KB3/8/8 w - - 0 1",       // K+B v K+N
        "8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1",       // K+B v K+B, bishops on opposite colours
        "8/8/4k3/8/4n3/3KN3/8/8 w - - 0 1",       // K+N v K+N
        "8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1",      // the bishop pair
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",         // a pawn
        "8/8/4k3/8/8/R2K4/8/8 w - - 0 1",         // a rook
        "8/8/4k3/8/8/3Kq3/8/8 w - - 0 1",         // a queen
    })
    void positionsWhereAMateExistsDoNotHaveInsufficientMaterial(String fen) {
        assertFalse(Evaluation.isInsufficientMaterial(Fen.parse(fen)));
    }

    @Test
    void aLoneMinorPieceWithoutPawnsCannotWin() {
        assertEquals(EndgameScaling.CANNOT_WIN, scale("8/8/4k3/3p4/8/3KB3/8/8 w - - 0 1", Piece.WHITE));
    }

    @Test
    void twoKnightsCannotWinAgainstABareKing() {
        assertEquals(EndgameScaling.CANNOT_WIN, scale("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", Piece.WHITE));
    }

    @Test
    void twoKnightsMayWinAgainstAPawn() {
        assertEquals(EndgameScaling.NORMAL, scale("8/8/4k3/4p3/8/3KNN2/8/8 w - - 0 1", Piece.WHITE));
    }

    @Test
    void rookAgainstAMinorPieceIsScaledDown() {
        assertEquals(EndgameScaling.PAWNLESS_VERSUS_MINOR, scale("8/8/4k3/4b3/8/3K4/3R4/8 w - - 0 1", Piece.WHITE));
        assertEquals(EndgameScaling.PAWNLESS_VERSUS_MINOR, scale("8/8/4k3/4r3/8/3KN3/8/8 b - - 0 1", Piece.BLACK));
    }

    @Test
    void rookAndMinorAgainstRookIsScaledDown() {
        assertEquals(EndgameScaling.PAWNLESS_SMALL_EDGE, scale("8/8/4k3/4r3/8/3KB3/3R4/8 w - - 0 1", Piece.WHITE));
    }

    @Test
    void queenAgainstRookIsNotScaled() {
        assertEquals(EndgameScaling.NORMAL, scale("8/8/4k3/4r3/8/3K4/3Q4/8 w - - 0 1", Piece.WHITE));
    }

    @Test
    void aRookUpWithoutPawnsIsNotScaled() {
        assertEquals(EndgameScaling.NORMAL, scale("8/8/4k3/8/8/3K4/3R4/8 w - - 0 1", Piece.WHITE));
    }

    @Test
    void oppositeColouredBishopsWithPawnsAreScaledDown() {
        String fen = "8/5p2/4k3/3b4/8/3KB3/4PP2/8 w - - 0 1";
        assertEquals(EndgameScaling.OPPOSITE_BISHOPS_ALONE, scale(fen, Piece.WHITE));
        long passed = 1L << Square.F2;
        assertEquals(EndgameScaling.OPPOSITE_BISHOPS_ALONE + EndgameScaling.OPPOSITE_BISHOPS_PER_PASSED_PAWN,
                EndgameScaling.scale(Fen.parse(fen), Piece.WHITE, passed));
    }

    @Test
    void oppositeColouredBishopsWithRooksAreScaledLess() {
        assertEquals(EndgameScaling.OPPOSITE_BISHOPS_WITH_PIECES,
                scale("r7/5p2/4k3/3b4/8/3KB3/4PP2/R7 w - - 0 1", Piece.WHITE));
    }

    @Test
    void sameColouredBishopsWithPawnsAreNotScaled() {
        assertEquals(EndgameScaling.NORMAL, scale("8/5p2/3bk3/8/8/3KB3/4PP2/8 w - - 0 1", Piece.WHITE));
    }
}
