package kestrel.engine.book;

import static org.junit.jupiter.api.Assertions.assertEquals;

import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PolyglotMoveTest {
    private static final String CASTLING_FEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    private static final String PROMOTION_FEN = "8/P6k/8/8/8/8/8/K7 w - - 0 1";

    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];

    /** The field as the format lays it out: to-file, to-row, from-file, from-row, promotion, 3 bits each. */
    private static int field(String from, String to, int promotion) {
        int fromSquare = Square.parse(from);
        int toSquare = Square.parse(to);
        return Square.file(toSquare) | Square.rank(toSquare) << 3
                | Square.file(fromSquare) << 6 | Square.rank(fromSquare) << 9 | promotion << 12;
    }

    @Test
    void decodesAPawnDoublePush() {
        assertEquals(Move.of(Square.E2, Square.E4), PolyglotMove.decode(Position.startPosition(), 0x031C, scratch));
        assertEquals(0x031C, field("e2", "e4", 0));
    }

    @Test
    void decodesWhiteKingSideCastlingWrittenAsKingTakesRook() {
        int decoded = PolyglotMove.decode(Fen.parse(CASTLING_FEN), field("e1", "h1", 0), scratch);
        assertEquals(Move.of(Square.E1, Square.H1, Move.CASTLING), decoded);
    }

    @Test
    void decodesWhiteQueenSideCastlingWrittenAsKingTakesRook() {
        int decoded = PolyglotMove.decode(Fen.parse(CASTLING_FEN), field("e1", "a1", 0), scratch);
        assertEquals(Move.of(Square.E1, Square.A1, Move.CASTLING), decoded);
    }

    @Test
    void decodesBlackCastlingOnBothWings() {
        Position position = Fen.parse("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assertEquals(Move.of(Square.E8, Square.H8, Move.CASTLING),
                PolyglotMove.decode(position, field("e8", "h8", 0), scratch));
        assertEquals(Move.of(Square.E8, Square.A8, Move.CASTLING),
                PolyglotMove.decode(position, field("e8", "a8", 0), scratch));
    }

    @Test
    void kingMoveToTheCastlingTargetIsNotReadAsCastling() {
        // The format writes castling as e1h1 only; e1g1 is a plain king move of two squares, which is never legal.
        assertEquals(Move.NONE, PolyglotMove.decode(Fen.parse(CASTLING_FEN), field("e1", "g1", 0), scratch));
    }

    @Test
    void decodesEachPromotionPiece() {
        Position position = Fen.parse(PROMOTION_FEN);
        for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) {
            assertEquals(Move.promotion(Square.A7, Square.A8, type),
                    PolyglotMove.decode(position, field("a7", "a8", type), scratch), "promotion " + type);
        }
    }

    @Test
    void promotionWithoutItsPieceIsNotLegal() {
        assertEquals(Move.NONE, PolyglotMove.decode(Fen.parse(PROMOTION_FEN), field("a7", "a8", 0), scratch));
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 6, 7})
    void promotionFieldOutsideTheFormatIsNotLegal(int promotion) {
        assertEquals(Move.NONE, PolyglotMove.decode(Fen.parse(PROMOTION_FEN), field("a7", "a8", promotion), scratch));
    }

    @Test
    void promotionFieldOnAnOrdinaryMoveIsNotLegal() {
        assertEquals(Move.NONE, PolyglotMove.decode(Position.startPosition(), field("e2", "e4", 4), scratch));
    }

    @Test
    void moveThatIsNotLegalDecodesToNone() {
        assertEquals(Move.NONE, PolyglotMove.decode(Position.startPosition(), field("e2", "e5", 0), scratch));
    }

    @Test
    void decodesEnPassant() {
        Position position = Fen.parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assertEquals(Move.of(Square.E5, Square.D6, Move.EN_PASSANT),
                PolyglotMove.decode(position, field("e5", "d6", 0), scratch));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"})
    void everyLegalMoveSurvivesEncodingAndDecoding(String fen) {
        Position position = Fen.parse(fen);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            assertEquals(moves[i], PolyglotMove.decode(position, PolyglotMove.encode(moves[i]), scratch),
                    Move.toUci(moves[i], true));
        }
    }

    @Test
    void writesTheFieldAsPolyglotToolsDo() {
        assertEquals("e1h1", PolyglotMove.toText(field("e1", "h1", 0)));
        assertEquals("a7a8q", PolyglotMove.toText(field("a7", "a8", 4)));
        assertEquals("a7a8n", PolyglotMove.toText(field("a7", "a8", 1)));
    }
}
