package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BitboardsTest {

    @Test
    void eachFileHoldsTheEightSquaresOfThatFile() {
        for (int file = 0; file < 8; file++) {
            long expected = 0;
            for (int rank = 0; rank < 8; rank++) {
                expected |= Bitboards.bit(Square.of(file, rank));
            }
            assertEquals(expected, Bitboards.file(file), "file " + file);
        }
    }

    @Test
    void eachRankHoldsTheEightSquaresOfThatRank() {
        for (int rank = 0; rank < 8; rank++) {
            long expected = 0;
            for (int file = 0; file < 8; file++) {
                expected |= Bitboards.bit(Square.of(file, rank));
            }
            assertEquals(expected, Bitboards.rank(rank), "rank " + rank);
        }
    }

    @Test
    void a1AndH8AreDarkWhileH1AndA8AreLight() {
        assertTrue(Bitboards.contains(Bitboards.DARK_SQUARES, Square.A1));
        assertTrue(Bitboards.contains(Bitboards.DARK_SQUARES, Square.H8));
        assertTrue(Bitboards.contains(Bitboards.LIGHT_SQUARES, Square.H1));
        assertTrue(Bitboards.contains(Bitboards.LIGHT_SQUARES, Square.A8));
    }

    @Test
    void squaresSharingAnEdgeHaveOppositeColours() {
        for (int square = 0; square < 64; square++) {
            boolean light = Bitboards.contains(Bitboards.LIGHT_SQUARES, square);
            if (Square.file(square) < 7) {
                assertEquals(!light, Bitboards.contains(Bitboards.LIGHT_SQUARES, square + 1), Square.name(square));
            }
            if (Square.rank(square) < 7) {
                assertEquals(!light, Bitboards.contains(Bitboards.LIGHT_SQUARES, square + 8), Square.name(square));
            }
        }
    }
}
