package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PieceSquareTablesTest {
    @Test
    void blackValuesAreWhiteValuesMirroredAndNegated() {
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            for (int square = 0; square < 64; square++) {
                int white = Piece.of(Piece.WHITE, type);
                int black = Piece.of(Piece.BLACK, type);
                assertEquals(-PieceSquareTables.midgame(white, square),
                        PieceSquareTables.midgame(black, Square.flipRank(square)));
                assertEquals(-PieceSquareTables.endgame(white, square),
                        PieceSquareTables.endgame(black, Square.flipRank(square)));
            }
        }
    }

    @Test
    void tablesAreReadWithRankOneAtTheBottom() {
        // An advanced pawn is worth more in the endgame; a castled king more than a central one in the midgame.
        assertTrue(PieceSquareTables.endgame(Piece.WHITE_PAWN, Square.E7)
                > PieceSquareTables.endgame(Piece.WHITE_PAWN, Square.E2));
        assertTrue(PieceSquareTables.midgame(Piece.WHITE_KING, Square.G1)
                > PieceSquareTables.midgame(Piece.WHITE_KING, Square.E4));
    }

    @Test
    void theStartPositionHasTheFullPhaseAndEqualSums() {
        Position start = Position.startPosition();
        assertEquals(PieceSquareTables.MAX_PHASE, start.phase());
        assertEquals(0, start.midgameScore());
        assertEquals(0, start.endgameScore());
    }

    @Test
    void aQueenIsWorthMoreThanARookWhichIsWorthMoreThanAMinor() {
        assertTrue(PieceSquareTables.materialMidgame(Piece.QUEEN) > PieceSquareTables.materialMidgame(Piece.ROOK));
        assertTrue(PieceSquareTables.materialMidgame(Piece.ROOK) > PieceSquareTables.materialMidgame(Piece.BISHOP));
        assertTrue(PieceSquareTables.materialMidgame(Piece.BISHOP) > PieceSquareTables.materialMidgame(Piece.PAWN));
    }
}
