package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class MoveNotationTest {
    private static final String CASTLING_POSITION = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    private static final String PROMOTION_POSITION = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    /** A Chess960 position whose king on b1 can both step to c1 and castle with the a1 rook (landing on c1). */
    private static final String KING_ON_B1 = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1";

    @Test
    void aPlainMoveIsReadInBothModes() {
        Position position = Position.startPosition();
        assertEquals(Move.of(Square.E2, Square.E4), MoveNotation.parseUci(position, "e2e4", false));
        assertEquals(Move.of(Square.G1, Square.F3), MoveNotation.parseUci(position, "g1f3", true));
    }

    @Test
    void promotionsAreReadWithTheirPieceLetter() {
        Position position = Fen.parse(PROMOTION_POSITION);
        assertEquals(Move.promotion(Square.A7, Square.A8, Piece.QUEEN), parse(position, "a7a8q", false));
        assertEquals(Move.promotion(Square.A7, Square.A8, Piece.KNIGHT), parse(position, "a7a8n", false));
        assertEquals(Move.promotion(Square.A7, Square.B8, Piece.ROOK), parse(position, "a7b8r", false));
        assertEquals(Move.promotion(Square.A7, Square.B8, Piece.BISHOP), parse(position, "a7b8b", true));
    }

    @Test
    void anUpperCasePromotionLetterIsReadToo() {
        Position position = Fen.parse(PROMOTION_POSITION);
        assertEquals(Move.promotion(Square.A7, Square.A8, Piece.QUEEN), parse(position, "a7a8Q", false));
        assertEquals(Move.promotion(Square.A7, Square.B8, Piece.KNIGHT), parse(position, "a7b8N", true));
        assertEquals(Move.NONE, parse(position, "A7A8q", false));
        assertEquals(Move.NONE, parse(position, "a7a8K", false));
    }

    @Test
    void aPromotionWithoutItsPieceLetterIsNotAMove() {
        assertEquals(Move.NONE, MoveNotation.parseUci(Fen.parse(PROMOTION_POSITION), "a7a8", false));
    }

    @Test
    void aPromotionToAKingOrPawnIsNotAMove() {
        Position position = Fen.parse(PROMOTION_POSITION);
        assertEquals(Move.NONE, MoveNotation.parseUci(position, "a7a8k", false));
        assertEquals(Move.NONE, MoveNotation.parseUci(position, "a7a8p", false));
    }

    @Test
    void enPassantIsReadAsAPlainPawnCapture() {
        Position position = Fen.parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assertEquals(Move.of(Square.E5, Square.F6, Move.EN_PASSANT), MoveNotation.parseUci(position, "e5f6", false));
    }

    @Test
    void standardCastlingIsReadAsKingToItsTargetInStandardMode() {
        Position position = Fen.parse(CASTLING_POSITION);
        assertEquals(Move.of(Square.E1, Square.H1, Move.CASTLING), MoveNotation.parseUci(position, "e1g1", false));
        assertEquals(Move.of(Square.E1, Square.A1, Move.CASTLING), MoveNotation.parseUci(position, "e1c1", false));
    }

    @Test
    void castlingIsReadAsKingTakesRookInChess960Mode() {
        Position position = Fen.parse(CASTLING_POSITION);
        assertEquals(Move.of(Square.E1, Square.H1, Move.CASTLING), MoveNotation.parseUci(position, "e1h1", true));
        assertEquals(Move.of(Square.E1, Square.A1, Move.CASTLING), MoveNotation.parseUci(position, "e1a1", true));
    }

    @Test
    void castlingInTheOtherModesNotationIsAlsoAccepted() {
        Position position = Fen.parse(CASTLING_POSITION);
        assertEquals(Move.of(Square.E1, Square.H1, Move.CASTLING), MoveNotation.parseUci(position, "e1h1", false));
        assertEquals(Move.of(Square.E1, Square.A1, Move.CASTLING), MoveNotation.parseUci(position, "e1c1", true));
    }

    @Test
    void aChess960KingStepThatReadsLikeStandardCastlingIsTheKingStep() {
        Position position = Fen.parse(KING_ON_B1);
        assertEquals(Move.of(Square.B1, Square.C1), MoveNotation.parseUci(position, "b1c1", true));
        assertEquals(Move.of(Square.B1, Square.A1, Move.CASTLING), MoveNotation.parseUci(position, "b1a1", true));
        assertEquals(Move.of(Square.B1, Square.H1, Move.CASTLING), MoveNotation.parseUci(position, "b1h1", true));
    }

    @Test
    void aChess960CastlingWhoseKingDoesNotMoveIsReadAsKingTakesRook() {
        Position position = Fen.parse("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
        assertEquals(Move.of(Square.G1, Square.H1, Move.CASTLING), MoveNotation.parseUci(position, "g1h1", true));
        assertEquals(Move.of(Square.G1, Square.B1, Move.CASTLING), MoveNotation.parseUci(position, "g1b1", true));
    }

    @Test
    void everyLegalMoveOfTheSuitesReadsBackFromItsOwnText() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (String fen : TestPositions.standardSuite()) {
            Position position = Fen.parse(fen);
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                assertEquals(moves[i], MoveNotation.parseUci(position, Move.toUci(moves[i], false), false), fen);
                assertEquals(moves[i], MoveNotation.parseUci(position, Move.toUci(moves[i], true), true), fen);
            }
        }
        for (String fen : TestPositions.chess960Suite()) {
            Position position = Fen.parse(fen);
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                assertEquals(moves[i], MoveNotation.parseUci(position, Move.toUci(moves[i], true), true), fen);
            }
        }
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"e2", "e2e", "e2e4e5", "e2e5", "e7e5", "E2E4", "e2e4 ", " e2e4", "e2e4q", "0000",
            "z9e4", "e1g1", "g1g3", "i2i4"})
    void textThatIsNoLegalMoveReadsAsNone(String text) {
        Position position = Position.startPosition();
        assertEquals(Move.NONE, MoveNotation.parseUci(position, text, false));
        assertEquals(Move.NONE, MoveNotation.parseUci(position, text, true));
        assertEquals(Fen.START, Fen.toFen(position));
    }

    @Test
    void castlingThatIsNotLegalReadsAsNone() {
        Position position = Fen.parse("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1");
        assertEquals(Move.NONE, MoveNotation.parseUci(position, "e1g1", false));
        assertEquals(Move.NONE, MoveNotation.parseUci(position, "e1h1", true));
    }

    private static int parse(Position position, String text, boolean chess960) {
        return MoveNotation.parseUci(position, text, chess960);
    }
}
