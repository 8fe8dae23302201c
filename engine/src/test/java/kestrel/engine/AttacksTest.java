package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AttacksTest {
    private static final int OCCUPANCIES_PER_SQUARE = 3000;

    @Test
    void magicRookAttacksEqualRayWalkingOnRandomOccupanciesOfEverySquare() {
        SplittableRandom random = new SplittableRandom(1);
        for (int square = 0; square < 64; square++) {
            for (int i = 0; i < OCCUPANCIES_PER_SQUARE; i++) {
                long occupied = randomOccupancy(random, i);
                assertSameAttacks("rook", square, occupied, Attacks.slowRook(square, occupied),
                        Attacks.rook(square, occupied));
            }
        }
    }

    @Test
    void magicBishopAttacksEqualRayWalkingOnRandomOccupanciesOfEverySquare() {
        SplittableRandom random = new SplittableRandom(2);
        for (int square = 0; square < 64; square++) {
            for (int i = 0; i < OCCUPANCIES_PER_SQUARE; i++) {
                long occupied = randomOccupancy(random, i);
                assertSameAttacks("bishop", square, occupied, Attacks.slowBishop(square, occupied),
                        Attacks.bishop(square, occupied));
            }
        }
    }

    @Test
    void queenAttacksAreRookAndBishopAttacksTogether() {
        SplittableRandom random = new SplittableRandom(3);
        for (int square = 0; square < 64; square++) {
            for (int i = 0; i < 200; i++) {
                long occupied = randomOccupancy(random, i);
                assertEquals(Attacks.slowRook(square, occupied) | Attacks.slowBishop(square, occupied),
                        Attacks.queen(square, occupied));
            }
        }
    }

    @Test
    void sliderAttacksOnAnEmptyBoardReachTheEdges() {
        for (int square = 0; square < 64; square++) {
            assertEquals(Attacks.slowRook(square, 0), Attacks.rookOnEmpty(square));
            assertEquals(Attacks.slowBishop(square, 0), Attacks.bishopOnEmpty(square));
            assertEquals(14, Long.bitCount(Attacks.rook(square, 0)), Square.name(square));
        }
        assertEquals(squares("b2", "c3", "d4", "e5", "f6", "g7", "h8"), Attacks.bishop(Square.A1, 0));
    }

    @Test
    void sliderAttacksIncludeTheFirstBlockerAndStopThere() {
        long occupied = squares("d6", "b4", "d2", "g4");
        assertEquals(squares("d5", "d6", "c4", "b4", "d3", "d2", "e4", "f4", "g4"), Attacks.rook(Square.D4, occupied));
        long diagonalBlockers = squares("c5", "f6", "e3");
        assertEquals(squares("c5", "e5", "f6", "c3", "b2", "a1", "e3"), Attacks.bishop(Square.D4, diagonalBlockers));
    }

    @Test
    void knightAttacksMatchTheKnightsJumpOnEverySquare() {
        int[][] jumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int square = 0; square < 64; square++) {
            assertEquals(leaper(square, jumps), Attacks.knight(square), Square.name(square));
        }
    }

    @Test
    void knightAttacksInCornersAndOnEdgesDoNotWrapAround() {
        assertEquals(squares("b3", "c2"), Attacks.knight(Square.A1));
        assertEquals(squares("g3", "f2"), Attacks.knight(Square.H1));
        assertEquals(squares("b6", "c7"), Attacks.knight(Square.A8));
        assertEquals(squares("g6", "f7"), Attacks.knight(Square.H8));
        assertEquals(squares("a3", "c3", "d2"), Attacks.knight(Square.B1));
        assertEquals(squares("b6", "c5", "c3", "b2"), Attacks.knight(Square.A4));
        assertEquals(squares("g6", "f5", "f3", "g2"), Attacks.knight(Square.H4));
        assertEquals(8, Long.bitCount(Attacks.knight(Square.E4)));
    }

    @Test
    void kingAttacksMatchTheKingsStepOnEverySquare() {
        int[][] steps = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        for (int square = 0; square < 64; square++) {
            assertEquals(leaper(square, steps), Attacks.king(square), Square.name(square));
        }
    }

    @Test
    void kingAttacksInCornersAndOnEdgesDoNotWrapAround() {
        assertEquals(squares("a2", "b1", "b2"), Attacks.king(Square.A1));
        assertEquals(squares("g1", "g2", "h2"), Attacks.king(Square.H1));
        assertEquals(squares("a7", "b7", "b8"), Attacks.king(Square.A8));
        assertEquals(squares("g8", "g7", "h7"), Attacks.king(Square.H8));
        assertEquals(squares("d1", "f1", "d2", "e2", "f2"), Attacks.king(Square.E1));
        assertEquals(squares("a4", "b4", "b5", "a6", "b6"), Attacks.king(Square.A5));
    }

    @Test
    void pawnAttacksAreTheTwoForwardDiagonalsOfEachColour() {
        for (int square = 0; square < 64; square++) {
            assertEquals(leaper(square, new int[][] {{-1, 1}, {1, 1}}), Attacks.pawn(Piece.WHITE, square));
            assertEquals(leaper(square, new int[][] {{-1, -1}, {1, -1}}), Attacks.pawn(Piece.BLACK, square));
        }
    }

    @Test
    void pawnAttacksOnEdgeFilesAndLastRanksDoNotWrapAround() {
        assertEquals(squares("d5", "f5"), Attacks.pawn(Piece.WHITE, Square.E4));
        assertEquals(squares("d3", "f3"), Attacks.pawn(Piece.BLACK, Square.E4));
        assertEquals(squares("b3"), Attacks.pawn(Piece.WHITE, Square.A2));
        assertEquals(squares("g3"), Attacks.pawn(Piece.WHITE, Square.H2));
        assertEquals(squares("b6"), Attacks.pawn(Piece.BLACK, Square.A7));
        assertEquals(squares("g6"), Attacks.pawn(Piece.BLACK, Square.H7));
        assertEquals(0L, Attacks.pawn(Piece.WHITE, Square.H8));
        assertEquals(0L, Attacks.pawn(Piece.BLACK, Square.A1));
    }

    /**
     * Sparse, medium and dense occupancies in turn, with random bits everywhere: on the slider's own square, on the
     * board's edges, anywhere the magic mask must ignore.
     */
    private static long randomOccupancy(SplittableRandom random, int i) {
        switch (i % 3) {
            case 0:
                return random.nextLong() & random.nextLong() & random.nextLong();
            case 1:
                return random.nextLong() & random.nextLong();
            default:
                return random.nextLong();
        }
    }

    private static void assertSameAttacks(String piece, int square, long occupied, long expected, long actual) {
        if (expected != actual) {
            assertEquals(Bitboards.toString(expected), Bitboards.toString(actual),
                    piece + " on " + Square.name(square) + " with occupancy\n" + Bitboards.toString(occupied));
        }
    }

    private static long leaper(int square, int[][] steps) {
        long attacks = 0;
        for (int[] step : steps) {
            int file = Square.file(square) + step[0];
            int rank = Square.rank(square) + step[1];
            if (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
                attacks |= 1L << Square.of(file, rank);
            }
        }
        return attacks;
    }

    private static long squares(String... names) {
        long set = 0;
        for (String name : names) {
            set |= 1L << Square.parse(name);
        }
        return set;
    }

    @Test
    void theMagicSearchFindsAValidMagicWhenNoStoredOneIsGiven() {
        for (int square : new int[] {Square.A1, Square.E4, Square.H8}) {
            assertTrue(Attacks.searchFindsValidRookMagic(square), Square.name(square));
        }
    }
}
