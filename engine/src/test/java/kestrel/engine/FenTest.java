package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FenTest {

    // ---------------------------------------------------------------------------------------------------------------
    // Round trips

    @Test
    void startPositionRoundTrips() {
        assertEquals(Fen.START, Fen.toFen(Fen.parse(Fen.START)));
        assertEquals(Fen.START, Fen.toFen(Position.startPosition()));
    }

    @Test
    void kiwipeteRoundTrips() {
        assertEquals(TestPositions.KIWIPETE, Fen.toFen(Fen.parse(TestPositions.KIWIPETE)));
    }

    @Test
    void everyLineOfTheStandardSuiteRoundTrips() {
        List<String> fens = TestPositions.standardSuite();
        assertEquals(153, fens.size());
        for (String fen : fens) {
            assertEquals(fen, Fen.toFen(Fen.parse(fen)));
        }
    }

    @Test
    void everyLineOfTheChess960SuiteRoundTripsInShredderNotation() {
        List<String> fens = TestPositions.chess960Suite();
        assertEquals(960, fens.size());
        for (String fen : fens) {
            assertEquals(fen, Fen.toFen(Fen.parse(fen), true));
        }
    }

    @Test
    void extraWhitespaceAroundAndBetweenFieldsIsTolerated() {
        assertEquals(Fen.START, Fen.toFen(Fen.parse("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq -  0 1 ")));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Fields that may be missing or are optional

    @Test
    void bothClocksDefaultToZeroAndOneWhenMissing() {
        Position position = Fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
        assertEquals(0, position.halfmoveClock());
        assertEquals(1, position.fullmoveNumber());
    }

    @Test
    void theFullmoveNumberDefaultsToOneWhenOnlyItIsMissing() {
        Position position = Fen.parse("4k3/8/8/8/8/8/8/4K2R w K - 37");
        assertEquals(37, position.halfmoveClock());
        assertEquals(1, position.fullmoveNumber());
    }

    @Test
    void clocksAreReadWhenPresent() {
        Position position = Fen.parse("4k3/8/8/8/8/8/8/4K2R b K - 12 57");
        assertEquals(12, position.halfmoveClock());
        assertEquals(57, position.fullmoveNumber());
    }

    @Test
    void anEnPassantSquareWithACapturingPawnIsKept() {
        Position position = Fen.parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assertEquals(Square.F6, position.enPassantSquare());
    }

    @Test
    void anEnPassantSquareWithNoCapturingPawnIsAcceptedButNotKeptAsPolyglotRequires() {
        Position position = Fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assertEquals(Square.NONE, position.enPassantSquare());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", Fen.toFen(position));
    }

    @Test
    void anEnPassantSquareIsKeptWhenTheCaptureIsPseudoLegalEvenIfItWouldExposeTheKing() {
        // c5xd6 would uncover the rook on h5 against the king on a5; Polyglot hashes the square all the same.
        Position position = Fen.parse("3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2");
        assertEquals(Square.D6, position.enPassantSquare());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Castling notations

    @Test
    void kqkqLettersNameTheRooksInTheCorners() {
        Position position = Fen.parse(Fen.START);
        assertEquals(CastlingRights.ALL, position.castlingRights());
        assertRookSquares(position, Square.H1, Square.A1, Square.H8, Square.A8);
    }

    @Test
    void kqkqLettersNameTheOutermostRooksInChess960() {
        Position position = Fen.parse("nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w KQkq - 0 1");
        assertRookSquares(position, Square.D1, Square.B1, Square.D8, Square.B8);
    }

    @Test
    void xFenFileLettersNameAnInnerRook() {
        // Two rooks on the king's wing: K means the outer one, the file letter the inner one.
        Position outer = Fen.parse("1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1");
        assertRookSquares(outer, Square.H1, Square.B1, Square.H8, Square.B8);
        Position inner = Fen.parse("1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1");
        assertRookSquares(inner, Square.G1, Square.B1, Square.G8, Square.B8);
    }

    @Test
    void qLetterNamesTheOutermostQueenSideRookAndAFileLetterTheInnerOne() {
        Position outer = Fen.parse("r1r1k3/8/8/8/8/8/8/4K3 b q - 0 1");
        assertEquals(Square.A8, outer.castlingRookSquare(CastlingRights.BLACK_QUEEN_SIDE_INDEX));
        Position inner = Fen.parse("r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1");
        assertEquals(Square.C8, inner.castlingRookSquare(CastlingRights.BLACK_QUEEN_SIDE_INDEX));
    }

    @Test
    void shredderLettersGiveTheRookFilesForBothColours() {
        Position position = Fen.parse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        assertRookSquares(position, Square.H1, Square.F1, Square.H8, Square.F8);
    }

    @Test
    void shredderLettersMayGrantRightsOfOneSideOnly() {
        Position position = Fen.parse("2r1kr2/8/8/8/8/8/8/2R1KR2 w Fc - 0 1");
        assertEquals(CastlingRights.WHITE_KING_SIDE | CastlingRights.BLACK_QUEEN_SIDE, position.castlingRights());
        assertEquals(Square.F1, position.castlingRookSquare(CastlingRights.WHITE_KING_SIDE_INDEX));
        assertEquals(Square.C8, position.castlingRookSquare(CastlingRights.BLACK_QUEEN_SIDE_INDEX));
    }

    @Test
    void shredderAndKqkqNotationsOfAStartPositionGiveTheSamePosition() {
        Position xfen = Fen.parse("qnnrkrbb/pppppppp/8/8/8/8/PPPPPPPP/QNNRKRBB w KQkq - 0 1");
        Position shredder = Fen.parse("qnnrkrbb/pppppppp/8/8/8/8/PPPPPPPP/QNNRKRBB w FDfd - 0 1");
        assertEquals(Fen.toFen(xfen, true), Fen.toFen(shredder, true));
        assertEquals(xfen.key(), shredder.key());
    }

    @Test
    void toFenInChess960ModeWritesShredderLetters() {
        Position position = Fen.parse("nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w KQkq - 0 1");
        assertEquals("nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w DBdb - 0 1", Fen.toFen(position, true));
        assertEquals("nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w KQkq - 0 1", Fen.toFen(position, false));
    }

    @Test
    void toFenInChess960ModeWritesTheInnerRooksFile() {
        Position inner = Fen.parse("1r2k1rr/8/8/8/8/8/8/1R2K1RR w Gg - 0 1");
        assertEquals("1r2k1rr/8/8/8/8/8/8/1R2K1RR w Gg - 0 1", Fen.toFen(inner, true));
    }

    @Test
    void standardToFenWritesKqkqForTheOutermostRooks() {
        String fen = "1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1";
        assertEquals(fen, Fen.toFen(Fen.parse(fen), false));
    }

    @Test
    void standardToFenWritesTheFileOfAnInnerKingSideRookSoItReadsBackTheSame() {
        String fen = "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1";
        Position position = Fen.parse(fen);
        assertEquals(fen, Fen.toFen(position, false));
        assertRookSquares(Fen.parse(Fen.toFen(position, false)), Square.G1, Square.B1, Square.G8, Square.B8);
    }

    @Test
    void standardToFenWritesTheFileOfAnInnerQueenSideRookSoItReadsBackTheSame() {
        String fen = "r1r1k3/8/8/8/8/8/8/R1R1K3 w Cc - 0 1";
        Position position = Fen.parse(fen);
        assertEquals(fen, Fen.toFen(position, false));
        assertEquals(Square.C1, position.castlingRookSquare(CastlingRights.WHITE_QUEEN_SIDE_INDEX));
        assertEquals(Square.C8, position.castlingRookSquare(CastlingRights.BLACK_QUEEN_SIDE_INDEX));
    }

    @Test
    void noCastlingRightsAreWrittenAsADash() {
        assertEquals("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", Fen.toFen(Fen.parse("4k3/8/8/8/8/8/8/R3K2R w - - 0 1"), true));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Rejections: each names its problem

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFens")
    void aBadFenIsRejectedWithAMessageNamingTheProblem(String problem, String fen, String message) {
        FenException error = assertThrows(FenException.class, () -> Fen.parse(fen), problem);
        assertTrue(error.getMessage().contains(message),
                () -> problem + ": message '" + error.getMessage() + "' does not say '" + message + "'");
    }

    /** A bad FEN, what is wrong with it, and the words the message must contain. */
    private static Arguments bad(String problem, String fen, String message) {
        return Arguments.of(problem, fen, message);
    }

    private static Stream<Arguments> badFens() {
        return Stream.of(
                bad("empty string", "",
                        "empty FEN"),
                bad("too few fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
                        "4 to 6 fields, this one has 3"),
                bad("too many fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
                        "4 to 6 fields, this one has 7"),
                bad("seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "7 ranks, expected 8"),
                bad("nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "9 ranks, expected 8"),
                bad("rank too long by a piece", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "rank 8 has more than 8 squares"),
                bad("rank too long by a digit", "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
                        "rank 4 has more than 8 squares"),
                bad("rank too short", "rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "rank 4 has 7 squares, expected 8"),
                bad("empty rank", "rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "rank 5 has 0 squares, expected 8"),
                bad("unknown piece letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                        "unknown piece letter 'X' on rank 1"),
                bad("digit nine", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "unknown piece letter '9' on rank 6"),
                bad("missing black king", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                        "Black has 0 kings, expected 1"),
                bad("two white kings", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
                        "White has 2 kings, expected 1"),
                bad("nine white pawns", "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
                        "White has more than 8 pawns"),
                bad("seventeen black pieces", "rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        "Black has more than 16 pieces"),
                bad("white pawn on the first rank", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
                        "a pawn stands on rank 1"),
                bad("black pawn on the last rank", "3pk3/8/8/8/8/8/8/4K3 w - - 0 1",
                        "a pawn stands on rank 8"),
                bad("side to move not w or b", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                        "side to move must be 'w' or 'b', not 'x'"),
                bad("side to move in upper case", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
                        "side to move must be 'w' or 'b', not 'W'"),
                bad("K without a rook on that wing", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
                        "castling right 'K' but White has no rook for it"),
                bad("q without a rook on that wing", "4k2r/8/8/8/8/8/8/4K3 b q - 0 1",
                        "castling right 'q' but Black has no rook for it"),
                bad("file letter with no rook there", "4k3/8/8/8/8/8/8/R3K2R w KG - 0 1",
                        "castling right 'G' but White has no rook for it"),
                bad("king off its first rank", "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
                        "castling right 'K' but the White king is not on its first rank"),
                bad("black king off its first rank", "r6r/4k3/8/8/8/8/8/4K3 w k - 0 1",
                        "castling right 'k' but the Black king is not on its first rank"),
                bad("unknown castling letter", "r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1",
                        "unknown castling letter 'x'"),
                bad("castling right given twice", "r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1",
                        "castling right 'K' repeats a right already given"),
                bad("castling right given in two ways", "r3k2r/8/8/8/8/8/8/R3K2R w KQHkq - 0 1",
                        "castling right 'H' repeats a right already given"),
                bad("unreadable en-passant square", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
                        "bad en-passant square 'e9'"),
                bad("en-passant square on a wrong rank", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
                        "en-passant square e4 does not follow a double pawn push"),
                bad("en passant for the wrong side", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
                        "en-passant square e3 does not follow a double pawn push"),
                bad("en passant with no pushed pawn", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
                        "en-passant square d3 does not follow a double pawn push"),
                bad("en passant with the origin taken", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1",
                        "en-passant square e3 does not follow a double pawn push"),
                bad("en passant onto a taken square", "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
                        "en-passant square e3 does not follow a double pawn push"),
                bad("negative halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
                        "halfmove clock may not be negative: -1"),
                bad("non-numeric halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                        "halfmove clock is not a number: 'x'"),
                bad("negative fullmove number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
                        "fullmove number may not be negative: -3"),
                bad("non-numeric fullmove number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
                        "fullmove number is not a number: 'one'"),
                bad("halfmove clock out of range", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 200000 1",
                        "halfmove clock is out of range: 200000"),
                bad("side not to move in check", "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
                        "the side not to move is in check"));
    }

    @Test
    void aNullFenIsRejected() {
        assertThrows(FenException.class, () -> Fen.parse(null));
    }

    @Test
    void anUnknownCastlingLetterIsNamedEvenWhenThatSidesKingIsOffItsFirstRank() {
        FenException error = assertThrows(FenException.class,
                () -> Fen.parse("8/4k3/8/8/8/8/8/R3K2R w KQ1 - 0 1"));
        assertTrue(error.getMessage().contains("unknown castling letter '1'"), error.getMessage());
    }

    @Test
    void aSideToMoveGivingCheckIsAccepted() {
        Position position = Fen.parse("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
        assertTrue(position.inCheck());
    }

    private static void assertRookSquares(Position position, int whiteKingSide, int whiteQueenSide,
                                          int blackKingSide, int blackQueenSide) {
        assertEquals(whiteKingSide, position.castlingRookSquare(CastlingRights.WHITE_KING_SIDE_INDEX), "K");
        assertEquals(whiteQueenSide, position.castlingRookSquare(CastlingRights.WHITE_QUEEN_SIDE_INDEX), "Q");
        assertEquals(blackKingSide, position.castlingRookSquare(CastlingRights.BLACK_KING_SIDE_INDEX), "k");
        assertEquals(blackQueenSide, position.castlingRookSquare(CastlingRights.BLACK_QUEEN_SIDE_INDEX), "q");
    }
}
