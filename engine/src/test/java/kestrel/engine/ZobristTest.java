package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ZobristTest {
    private static final int RANDOM_GAMES = 2000;
    private static final int MAX_PLIES = 300;

    /** One published Polyglot test vector: the moves from the start position, the FEN they reach, its key. */
    private record Vector(String moves, String fen, long key) {
    }

    @Test
    void theNinePublishedVectorsGiveTheirKeysWhenParsedFromFen() {
        List<Vector> vectors = vectors();
        assertEquals(9, vectors.size());
        for (Vector vector : vectors) {
            assertKey(vector.key(), Fen.parse(vector.fen()).key(), vector.fen());
        }
    }

    @Test
    void theNinePublishedVectorsGiveTheirKeysWhenTheirMovesArePlayed() {
        for (Vector vector : vectors()) {
            Position position = TestPositions.play(vector.moves());
            assertKey(vector.key(), position.key(), "after '" + vector.moves() + "'");
        }
    }

    @Test
    void keyTableFollowsPolyglotsLayout() {
        // Random64[0] is the black pawn on a1, Random64[780] the White-to-move key (first and last published values).
        assertEquals(0x9D39247E33776D41L, Zobrist.piece(Piece.BLACK_PAWN, Square.A1));
        assertEquals(0xF8D626AAAF278509L, Zobrist.whiteToMove());
        Set<Long> distinct = new HashSet<>();
        for (int piece = 0; piece < Piece.COUNT; piece++) {
            for (int square = 0; square < 64; square++) {
                distinct.add(Zobrist.piece(piece, square));
            }
        }
        for (int file = 0; file < 8; file++) {
            distinct.add(Zobrist.enPassantFile(file));
        }
        for (int right = 0; right < 4; right++) {
            distinct.add(Zobrist.castling(1 << right));
        }
        distinct.add(Zobrist.whiteToMove());
        assertEquals(781, distinct.size());
    }

    @Test
    void castlingKeyOfSeveralRightsIsTheXorOfEachRightsKey() {
        for (int rights = 0; rights < 16; rights++) {
            long expected = 0;
            for (int right = 0; right < 4; right++) {
                if ((rights & (1 << right)) != 0) {
                    expected ^= Zobrist.castling(1 << right);
                }
            }
            assertEquals(expected, Zobrist.castling(rights));
        }
        assertEquals(0L, Zobrist.castling(CastlingRights.NONE));
    }

    @Test
    void incrementalKeysEqualRecomputedKeysAfterEveryMakeAndUnmakeOfRandomGames() {
        RandomGames.Observer check = new RandomGames.Observer() {
            @Override
            public void afterMake(Position position, int move) {
                assertKeysRecomputed(position, "after " + Move.toUci(move, true));
            }

            @Override
            public void afterUnmake(Position position) {
                assertKeysRecomputed(position, "after unmake");
            }
        };
        RandomGames.Tally tally = RandomGames.play(Fen.START, RANDOM_GAMES, MAX_PLIES, 42, check);
        // The games must have played every kind of move whose key update is special, or this proves little.
        assertTrue(tally.moves > 100_000, tally::toString);
        assertTrue(tally.captures > 10_000, tally::toString);
        assertTrue(tally.enPassant > 100, tally::toString);
        assertTrue(tally.promotions > 100, tally::toString);
        assertTrue(tally.underPromotions > 50, tally::toString);
        assertTrue(tally.kingSideCastles > 100, tally::toString);
        assertTrue(tally.queenSideCastles > 100, tally::toString);
    }

    @Test
    void incrementalKeysEqualRecomputedKeysInChess960Games() {
        RandomGames.Observer check = new RandomGames.Observer() {
            @Override
            public void afterMake(Position position, int move) {
                assertKeysRecomputed(position, "after " + Move.toUci(move, true));
            }

            @Override
            public void afterUnmake(Position position) {
                assertKeysRecomputed(position, "after unmake");
            }
        };
        RandomGames.Tally total = new RandomGames.Tally();
        long seed = 960;
        for (String fen : TestPositions.CHESS960_STARTS) {
            total.add(RandomGames.play(fen, 100, MAX_PLIES, seed++, check));
        }
        assertTrue(total.kingSideCastles > 20, total::toString);
        assertTrue(total.queenSideCastles > 20, total::toString);
    }

    @Test
    void unmakeRestoresThePreviousKeyExactlyForEveryLegalMove() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        List<String> fens = new ArrayList<>(TestPositions.standardSuite());
        fens.addAll(TestPositions.chess960Suite().subList(0, 100));
        for (String fen : fens) {
            Position position = Fen.parse(fen);
            long key = position.key();
            long pawnKey = position.pawnKey();
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                assertNotEquals(key, position.key(), () -> "a move left the key unchanged in " + fen);
                position.unmakeMove();
                assertEquals(key, position.key(), fen);
                assertEquals(pawnKey, position.pawnKey(), fen);
            }
        }
    }

    @Test
    void twoMoveOrdersReachingOnePositionGiveOneKey() {
        Position knightsFirst = TestPositions.play("g1f3 g8f6 b1c3 b8c6 e2e4 e7e5");
        Position pawnsFirst = TestPositions.play("e2e4 e7e5 b1c3 b8c6 g1f3 g8f6");
        assertEquals(withoutClocks(knightsFirst), withoutClocks(pawnsFirst));
        assertEquals(knightsFirst.key(), pawnsFirst.key());
        assertEquals(knightsFirst.pawnKey(), pawnsFirst.pawnKey());
    }

    @Test
    void twoCaptureOrdersReachingOnePositionGiveOneKey() {
        // White's e-pawn and Black's d-pawn leave the board in both, taken in opposite orders.
        Position pawnTakesFirst = TestPositions.play("e2e4 d7d5 e4d5 d8d5 b1c3 d5a5");
        Position pawnIsTakenFirst = TestPositions.play("b1c3 d7d5 e2e4 d5e4 c3e4 d8d5 e4c3 d5a5");
        assertEquals(withoutClocks(pawnTakesFirst), withoutClocks(pawnIsTakenFirst));
        assertEquals(pawnTakesFirst.key(), pawnIsTakenFirst.key());
        assertEquals(pawnTakesFirst.pawnKey(), pawnIsTakenFirst.pawnKey());

        Position viaA = TestPositions.play("e2e4 d7d5 e4d5 g8f6 b1c3 f6d5 c3d5 d8d5");
        Position viaB = TestPositions.play("b1c3 g8f6 e2e4 d7d5 e4d5 f6d5 c3d5 d8d5");
        assertEquals(Fen.toFen(viaA), Fen.toFen(viaB));
        assertEquals(viaA.key(), viaB.key());
    }

    @Test
    void castlingRightsLostByAKingWalkAndBackChangeTheKey() {
        Position walked = TestPositions.play("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8");
        Position start = TestPositions.play("e2e4 e7e5");
        assertEquals(Fen.toFen(start).split(" ")[0], Fen.toFen(walked).split(" ")[0]);
        assertEquals(CastlingRights.NONE, walked.castlingRights());
        assertEquals(start.key() ^ Zobrist.castling(CastlingRights.ALL), walked.key());
    }

    @Test
    void anEnPassantFileIsHashedOnlyWhenAPawnStandsReadyToTake() {
        Position capturable = Fen.parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        Position without = Fen.parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
        assertEquals(without.key() ^ Zobrist.enPassantFile(5), capturable.key());

        Position notCapturable = Fen.parse("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        Position plain = Fen.parse("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assertEquals(plain.key(), notCapturable.key());
    }

    @Test
    void aDoublePushHashesItsFileOnlyWhenAnEnemyPawnStandsBeside() {
        Position beside = TestPositions.play("e2e4 a7a6 e4e5 d7d5");
        assertEquals(Square.D6, beside.enPassantSquare());
        assertEquals(beside.computeKey(), beside.key());
        Position alone = TestPositions.play("e2e4 d7d5");
        assertEquals(Square.NONE, alone.enPassantSquare());
        assertEquals(Fen.parse("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").key(), alone.key());
    }

    @Test
    void aNullMoveChangesTheKeyByTheSideKeyOnly() {
        Position position = TestPositions.play("g1f3 g8f6");
        long key = position.key();
        position.makeNullMove();
        assertEquals(key ^ Zobrist.whiteToMove(), position.key());
        assertEquals(position.computeKey(), position.key());
        position.unmakeNullMove();
        assertEquals(key, position.key());
        assertEquals(position.computeKey(), position.key());
    }

    @Test
    void aNullMoveAlsoRemovesTheEnPassantFileWhenOneWasSet() {
        Position position = Fen.parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        long key = position.key();
        long pawnKey = position.pawnKey();
        position.makeNullMove();
        assertEquals(key ^ Zobrist.whiteToMove() ^ Zobrist.enPassantFile(5), position.key());
        assertEquals(Square.NONE, position.enPassantSquare());
        assertEquals(pawnKey, position.pawnKey());
        position.unmakeNullMove();
        assertEquals(key, position.key());
        assertEquals(Square.F6, position.enPassantSquare());
    }

    @Test
    void pawnKeyIsTheXorOfThePawnKeysOnly() {
        Position position = Fen.parse(TestPositions.KIWIPETE);
        long expected = 0;
        for (int square = 0; square < 64; square++) {
            int piece = position.pieceAt(square);
            if (piece != Piece.NONE && Piece.type(piece) == Piece.PAWN) {
                expected ^= Zobrist.piece(piece, square);
            }
        }
        assertEquals(expected, position.pawnKey());
        assertEquals(0L, Fen.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").pawnKey());
    }

    /** Placement, side, castling and e.p.: what the key hashes. */
    private static String withoutClocks(Position position) {
        String[] fields = Fen.toFen(position).split(" ");
        return String.join(" ", fields[0], fields[1], fields[2], fields[3]);
    }

    private static void assertKeysRecomputed(Position position, String when) {
        if (position.key() != position.computeKey()) {
            assertKey(position.computeKey(), position.key(), when + " in " + Fen.toFen(position, true));
        }
        if (position.pawnKey() != position.computePawnKey()) {
            assertKey(position.computePawnKey(), position.pawnKey(), "pawn key " + when + " in "
                    + Fen.toFen(position, true));
        }
        for (int color : new int[] {Piece.WHITE, Piece.BLACK}) {
            if (position.nonPawnKey(color) != position.computeNonPawnKey(color)) {
                assertKey(position.computeNonPawnKey(color), position.nonPawnKey(color), "non-pawn key of colour "
                        + color + " " + when + " in " + Fen.toFen(position, true));
            }
        }
    }

    private static void assertKey(long expected, long actual, String message) {
        assertEquals(Long.toHexString(expected), Long.toHexString(actual), message);
    }

    /** Reads the vectors: a comment "# position after m1 m2 ..." (or "# starting position"), then "key FEN". */
    private static List<Vector> vectors() {
        List<Vector> vectors = new ArrayList<>();
        String moves = null;
        for (String line : TestPositions.lines("/polyglot/test-vectors.txt")) {
            line = line.trim();
            if (line.startsWith("# position after ")) {
                moves = line.substring("# position after ".length());
            } else if (line.equals("# starting position")) {
                moves = "";
            } else if (!line.isEmpty() && !line.startsWith("#")) {
                String[] parts = line.split(" ", 2);
                if (moves == null) {
                    throw new IllegalStateException("no moves comment above " + line);
                }
                vectors.add(new Vector(moves, parts[1], Long.parseUnsignedLong(parts[0], 16)));
                moves = null;
            }
        }
        return vectors;
    }
}
