package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Castling in Chess960, where king and rook may start anywhere on the back rank: the special cases of the rules
 * (king or rook already on its target, the two swapping squares, the king jumping its rook, paths blocked or
 * attacked, a rook that screened its king), and how castling is written. Reading and writing the castling field of
 * a FEN is tested in {@link FenTest}; perft of the whole Chess960 suite in the perft module's Chess960SuiteTest.
 */
class Chess960Test {

    /** The castling moves the generator offers, in Chess960 notation (king takes rook). */
    private static List<String> castlingMoves(String fen) {
        Position position = Fen.parse(fen);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        List<String> castling = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (Move.isCastling(moves[i])) {
                castling.add(Move.toUci(moves[i], true));
            }
        }
        return castling;
    }

    /** The first three FEN fields (placement, side, castling in Shredder-FEN) after a castling move. */
    private static String afterCastling(String fen, String move) {
        Position position = Fen.parse(fen);
        int castling = MoveNotation.parseUci(position, move, true);
        assertTrue(Move.isCastling(castling), move + " is not a legal castling move in " + fen);
        position.makeMove(castling);
        assertTrue(position.isConsistent(), "after " + move);
        return String.join(" ", List.of(Fen.toFen(position, true).split(" ")).subList(0, 3));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Where king and rook end up

    @Test
    void kingAlreadyOnItsTargetSquareStaysWhileTheRookComesAlongside() {
        assertEquals("4k3/8/8/8/8/8/8/1R3RK1 b -", afterCastling("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1"));
    }

    @Test
    void kingAlreadyOnItsQueenSideTargetStaysWhileTheRookComesAlongside() {
        assertEquals("4k3/8/8/8/8/8/8/2KR3R b -", afterCastling("4k3/8/8/8/8/8/8/R1K4R w HA - 0 1", "c1a1"));
    }

    @Test
    void kingOnItsKingSideTargetMayStillCastleTheLongWay() {
        assertEquals("4k3/8/8/8/8/8/8/2KR3R b -", afterCastling("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1b1"));
    }

    @Test
    void rookAlreadyOnItsTargetSquareStaysWhileTheKingMoves() {
        assertEquals("4k3/8/8/8/8/8/8/5RK1 b -", afterCastling("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1"));
    }

    @Test
    void rookAlreadyOnItsQueenSideTargetStaysWhileTheKingMoves() {
        assertEquals("4k3/8/8/8/8/8/8/2KR4 b -", afterCastling("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1"));
    }

    @Test
    void kingAndRookSwapSquaresOnTheKingSide() {
        assertEquals("4k3/8/8/8/8/8/8/5RK1 b -", afterCastling("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1"));
    }

    @Test
    void kingAndRookSwapSquaresOnTheQueenSide() {
        assertEquals("4k3/8/8/8/8/8/8/2KR4 b -", afterCastling("4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1"));
    }

    @Test
    void blackKingAndRookSwapSquares() {
        assertEquals("5rk1/8/8/8/8/8/8/4K3 w -", afterCastling("5kr1/8/8/8/8/8/8/4K3 b g - 0 1", "f8g8"));
    }

    @Test
    void kingJumpsOverItsOwnRook() {
        assertEquals("4k3/8/8/8/8/8/8/5RK1 b -", afterCastling("4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1"));
    }

    @Test
    void castlingOnOneWingKeepsTheOtherColoursRights() {
        assertEquals("2kr4/8/8/8/8/8/8/1R4KR w HB", afterCastling("1r4k1/8/8/8/8/8/8/1R4KR b HBb - 0 1", "g8b8"));
    }

    // ---------------------------------------------------------------------------------------------------------
    // When castling is not allowed

    @Test
    void pieceInTheKingsPathForbidsCastling() {
        assertEquals(List.of(), castlingMoves("4k3/8/8/8/8/8/8/1K2N2R w H - 0 1"));
    }

    @Test
    void pieceInTheRooksPathAloneForbidsCastling() {
        // The king goes f1-c1, the rook a1-d1: the bishop on b1 stands only in the rook's way.
        assertEquals(List.of(), castlingMoves("4k3/8/8/8/8/8/8/RB3K2 w A - 0 1"));
        assertEquals(List.of("f1a1"), castlingMoves("4k3/8/8/8/8/8/8/R4K2 w A - 0 1"));
    }

    @Test
    void pieceOnTheRooksTargetSquareForbidsCastling() {
        assertEquals(List.of(), castlingMoves("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1"));
    }

    @Test
    void attackedSquareInTheKingsPathForbidsCastling() {
        assertEquals(List.of(), castlingMoves("k3r3/8/8/8/8/8/8/1K5R w H - 0 1"));
    }

    @Test
    void attackedKingTargetForbidsCastling() {
        // King b1 and rook a1 castle to c1 and d1; the rook on c8 attacks c1.
        assertEquals(List.of(), castlingMoves("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1"));
    }

    @Test
    void attackedSquareInTheRooksPathAloneDoesNotForbidCastling() {
        // b1 is attacked, but only the rook crosses it; the king goes f1-c1.
        assertEquals(List.of("f1a1"), castlingMoves("1r5k/8/8/8/8/8/8/R4K2 w A - 0 1"));
    }

    @Test
    void kingInCheckMayNotCastleEvenWithoutMoving() {
        assertEquals(List.of(), castlingMoves("6r1/k7/8/8/8/8/8/1R4KR w HB - 0 1"));
    }

    @Test
    void rookThatScreenedItsKingFromAnEnemyRookMayNotCastle() {
        // The king is already on c1; the rook leaving b1 for d1 would open the rank to the rook on a1.
        assertEquals(List.of(), castlingMoves("7k/8/8/8/8/8/8/rRK5 w B - 0 1"));
        assertEquals(List.of("c1b1"), castlingMoves("7k/8/8/8/8/8/8/1RK5 w B - 0 1"));
    }

    @Test
    void rookThatScreenedItsKingOnTheKingSideMayNotCastle() {
        // King f1 and rook g1 would swap, leaving the king on g1 next to the enemy rook on h1.
        assertEquals(List.of(), castlingMoves("7k/8/8/8/8/8/8/5KRr w G - 0 1"));
    }

    @Test
    void innerRookOfAWingCastlesWhenItsRightIsGiven() {
        // Rooks on f1 and h1; F grants castling with the f1 rook, Q with the a1 rook.
        assertEquals(List.of("e1a1", "e1f1"),
                castlingMoves("4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1").stream().sorted().toList());
    }

    @Test
    void otherRookInTheKingsPathForbidsCastling() {
        // Castling with the h1 rook: the king goes e1-g1 through f1, where the other rook stands.
        assertEquals(List.of("e1a1"), castlingMoves("4k3/8/8/8/8/8/8/R3KR1R w HA - 0 1"));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Make and unmake

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "4k3/8/8/8/8/8/8/1R4KR w HB - 0 1 | g1h1",
            "4k3/8/8/8/8/8/8/1R4KR w HB - 0 1 | g1b1",
            "4k3/8/8/8/8/8/8/R1K4R w HA - 0 1 | c1a1",
            "4k3/8/8/8/8/8/8/4KR2 w F - 0 1 | e1f1",
            "4k3/8/8/8/8/8/8/3RK3 w D - 0 1 | e1d1",
            "4k3/8/8/8/8/8/8/5KR1 w G - 0 1 | f1g1",
            "4k3/8/8/8/8/8/8/2RK4 w C - 0 1 | d1c1",
            "4k3/8/8/8/8/8/8/1KR5 w C - 0 1 | b1c1",
            "5kr1/8/8/8/8/8/8/4K3 b g - 0 1 | f8g8",
            "1r4k1/8/8/8/8/8/8/1R4KR b HBb - 0 1 | g8b8",
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9 | f1g1",
            "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9 | g1h1",
            "1qnrkbbr/1pppppp1/p1n4p/8/P7/1P1N1P2/2PPP1PP/QN1RKBBR w HDhd - 0 9 | e1d1"})
    void makeAndUnmakeOfCastlingRestoreEverything(String fen, String move) {
        Position position = Fen.parse(fen);
        long keyBefore = position.key();
        int castling = MoveNotation.parseUci(position, move, true);
        assertTrue(Move.isCastling(castling), move);

        position.makeMove(castling);
        assertTrue(position.isConsistent(), "after " + move);
        assertEquals(position.computeKey(), position.key(), "key after " + move);
        assertNotEquals(keyBefore, position.key());
        int us = Fen.parse(fen).sideToMove();
        assertEquals(0, position.castlingRights() & CastlingRights.of(us), "rights of the side that castled");
        assertEquals(Piece.of(us, Piece.KING), position.pieceAt(
                Move.castlingKingTarget(Move.from(castling), Move.to(castling))));
        assertEquals(Piece.of(us, Piece.ROOK), position.pieceAt(
                Move.castlingRookTarget(Move.from(castling), Move.to(castling))));

        position.unmakeMove();
        assertTrue(position.isConsistent(), "after taking back " + move);
        assertEquals(keyBefore, position.key());
        assertEquals(position.computeKey(), position.key());
        assertEquals(fen, Fen.toFen(position, true));
        assertTrue(MoveGenerator.isLegal(position, castling, new int[MoveGenerator.MAX_MOVES]),
                "castling is offered again after the take-back");
    }

    @Test
    void movingTheRookFromItsStartSquareLosesOnlyThatRight() {
        Position position = Fen.parse("1r4k1/8/8/8/8/8/8/1R4KR w HBb - 0 1");
        position.makeMove(MoveNotation.parseUci(position, "b1b2", true));
        assertEquals("Hb", Fen.toFen(position, true).split(" ")[2]);
        assertTrue(position.isConsistent());
    }

    @Test
    void capturingARookOnItsStartSquareRemovesItsRight() {
        Position position = Fen.parse("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
        position.makeMove(MoveNotation.parseUci(position, "b1b8", true));
        assertEquals("Hh", Fen.toFen(position, true).split(" ")[2]);
        assertTrue(position.isConsistent());
        position.unmakeMove();
        assertEquals("HBhb", Fen.toFen(position, true).split(" ")[2]);
    }

    @Test
    void kingMoveLosesBothRightsOfItsSide() {
        Position position = Fen.parse("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
        position.makeMove(MoveNotation.parseUci(position, "g1f1", true));
        assertEquals("hb", Fen.toFen(position, true).split(" ")[2]);
        assertEquals(position.computeKey(), position.key());
    }

    // ---------------------------------------------------------------------------------------------------------
    // Notation

    @Test
    void castlingIsWrittenKingTakesRookInChess960Notation() {
        Position position = Fen.parse("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
        int castling = MoveNotation.parseUci(position, "b1a1", true);
        assertTrue(Move.isCastling(castling));
        assertEquals("b1a1", Move.toUci(castling, true));
        assertEquals("b1c1", Move.toUci(castling, false));
    }

    @Test
    void kingStepOntoTheCastlingTargetIsAPlainMoveInChess960Notation() {
        // King b1, rook a1: b1c1 is both the king's step and, in standard notation, castling.
        Position position = Fen.parse("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
        assertEquals(Move.of(Square.B1, Square.C1), MoveNotation.parseUci(position, "b1c1", true));
    }
}
