package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class MoveGeneratorTest {

    // ---------------------------------------------------------------------------------------------------------------
    // Properties checked on many positions: both suites and the positions of random games

    @Test
    void legalMovesEqualThoseOfASlowBruteForceGenerator() {
        forManyPositions(position -> {
            Set<Integer> expected = SlowMoveGenerator.legalMoves(position);
            Set<Integer> actual = moveSet(position, MoveGenerator.ALL);
            if (!expected.equals(actual)) {
                fail(Fen.toFen(position, true) + "\nmissing: " + names(difference(expected, actual))
                        + "\nextra: " + names(difference(actual, expected)));
            }
        });
    }

    @Test
    void noMoveIsGeneratedTwice() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        forManyPositions(position -> {
            int count = MoveGenerator.legalMoves(position, moves, 0);
            assertEquals(count, moveSet(position, MoveGenerator.ALL).size(), () -> Fen.toFen(position, true));
        });
    }

    @Test
    void theCountOfLegalMovesIsTheNumberOfThoseOfASlowBruteForceGenerator() {
        forManyPositions(position -> assertEquals(SlowMoveGenerator.legalMoves(position).size(),
                MoveGenerator.countLegalMoves(position), () -> Fen.toFen(position, true)));
    }

    @Test
    void countingCoversPinnedPawnsPromotionsEnPassantAndCastling() {
        // Each position has one move of the named kind that a wrong mask would count or miss.
        String[] positions = {
            "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1",               // in check along the file
            "8/8/8/2k5/3Pp3/8/8/K6Q b - d3 0 1",             // en passant that takes the checking pawn
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",              // en passant exposing the king along the rank
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",              // both castlings
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",               // promotion: four moves
            "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",              // promotion by push and by capture
            "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",             // pinned pawn: it may not move
            "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1",             // pinned pawn that may take its pinner
            "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",             // pinned pawn that may push along its pin
            "7k/8/8/8/1q6/8/3P4/4K3 w - - 0 1",              // pinned pawn, push off the line
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",             // en passant that uncovers the queen's rank
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        };
        for (String fen : positions) {
            Position position = Fen.parse(fen);
            assertEquals(SlowMoveGenerator.legalMoves(position).size(), MoveGenerator.countLegalMoves(position), fen);
        }
    }

    @Test
    void noisyAndQuietMovesAreDisjointAndTogetherAreAllMoves() {
        forManyPositions(position -> {
            Set<Integer> noisy = moveSet(position, MoveGenerator.NOISY);
            Set<Integer> quiet = moveSet(position, MoveGenerator.QUIET);
            Set<Integer> all = moveSet(position, MoveGenerator.ALL);
            Set<Integer> union = new HashSet<>(noisy);
            union.addAll(quiet);
            assertEquals(all, union, () -> Fen.toFen(position, true));
            assertEquals(noisy.size() + quiet.size(), all.size(), () -> "overlap in " + Fen.toFen(position, true));
        });
    }

    @Test
    void noisyMovesAreExactlyTheCapturesAndTheQueenPromotions() {
        forManyPositions(position -> {
            Set<Integer> expected = new HashSet<>();
            for (int move : moveSet(position, MoveGenerator.ALL)) {
                boolean capture = Move.isEnPassant(move)
                        || (!Move.isCastling(move) && position.pieceAt(Move.to(move)) != Piece.NONE);
                boolean queenPromotion = Move.isPromotion(move) && Move.promotionType(move) == Piece.QUEEN;
                if (capture || queenPromotion) {
                    expected.add(move);
                }
            }
            assertEquals(expected, moveSet(position, MoveGenerator.NOISY), () -> Fen.toFen(position, true));
        });
    }

    @Test
    void generationWritesFromTheGivenStartIndexAndLeavesEarlierEntriesAlone() {
        int[] moves = new int[MoveGenerator.MAX_MOVES + 10];
        Position position = Fen.parse(TestPositions.KIWIPETE);
        moves[0] = 12345;
        int end = MoveGenerator.legalMoves(position, moves, 10);
        assertEquals(10 + 48, end);
        assertEquals(12345, moves[0]);
        int noisyEnd = MoveGenerator.noisyMoves(position, moves, end);
        int quietEnd = MoveGenerator.quietMoves(position, moves, noisyEnd);
        assertEquals(48, quietEnd - end);
    }

    @Test
    void everyGeneratedMoveLeavesTheOwnKingOutOfCheck() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        forManyPositions(position -> {
            int us = position.sideToMove();
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                boolean exposed = position.isAttacked(position.kingSquare(us), us ^ 1);
                position.unmakeMove();
                assertFalse(exposed, Move.toUci(moves[i], true) + " in " + Fen.toFen(position, true));
            }
        });
    }

    @Test
    void everyPseudoLegalMoveThatIsNotGeneratedIsIllegal() {
        forManyPositions(position -> {
            int us = position.sideToMove();
            Set<Integer> generated = moveSet(position, MoveGenerator.ALL);
            for (int move : SlowMoveGenerator.pseudoLegalMoves(position)) {
                if (generated.contains(move)) {
                    continue;
                }
                boolean illegal;
                if (Move.isCastling(move)) {
                    illegal = castlingCrossesAnAttackedSquare(position, move) || kingAttackedAfter(position, move);
                } else {
                    illegal = kingAttackedAfter(position, move);
                }
                assertTrue(illegal, () -> Move.toUci(move, true) + " is legal but missing in "
                        + Fen.toFen(position, true));
            }
        });
    }

    @Test
    void isLegalAcceptsEveryGeneratedMove() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        forManyPositions(position -> {
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                assertTrue(MoveGenerator.isLegal(position, moves[i], scratch), Move.toUci(moves[i], true));
            }
        });
    }

    @Test
    void isLegalRejectsRandomSixteenBitIntsThatAreNotLegalMoves() {
        SplittableRandom random = new SplittableRandom(99);
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        int[] rejected = {0};
        forManyPositions(position -> {
            Set<Integer> legal = moveSet(position, MoveGenerator.ALL);
            long ours = position.piecesOfColor(position.sideToMove());
            for (int i = 0; i < 20; i++) {
                int garbage = random.nextInt(1 << 16);
                // Half of them start on one of our pieces, so that more than the first cheap test is exercised.
                if (i % 2 == 0) {
                    int from = nthSquare(ours, random.nextInt(Long.bitCount(ours)));
                    garbage = (garbage & ~63) | from;
                }
                boolean expected = legal.contains(garbage);
                if (expected != MoveGenerator.isLegal(position, garbage, scratch)) {
                    fail("isLegal(" + Integer.toHexString(garbage) + ") is " + !expected + " in "
                            + Fen.toFen(position, true));
                }
                if (!expected) {
                    rejected[0]++;
                }
            }
        });
        assertTrue(rejected[0] > 10_000, "rejected " + rejected[0]);
    }

    @Test
    void isLegalRejectsALegalMoveWithItsKindOrPromotionBitsAltered() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        Position position = Fen.parse(TestPositions.KIWIPETE);
        int count = MoveGenerator.legalMoves(position, moves, 0);
        Set<Integer> legal = moveSet(position, MoveGenerator.ALL);
        for (int i = 0; i < count; i++) {
            for (int bits = 1; bits < 16; bits++) {
                int altered = moves[i] ^ (bits << 12);
                assertEquals(legal.contains(altered), MoveGenerator.isLegal(position, altered, scratch));
            }
        }
        assertFalse(MoveGenerator.isLegal(position, Move.NONE, scratch));
    }

    @Test
    void isLegalRejectsTheMovesOfTheSideNotToMove() {
        int[] theirMoves = new int[MoveGenerator.MAX_MOVES];
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        int[] checked = {0};
        forManyPositions(position -> {
            if (position.inCheck()) {
                return;
            }
            position.makeNullMove();
            if (position.inCheck()) {
                position.unmakeNullMove();
                return;
            }
            int count = MoveGenerator.legalMoves(position, theirMoves, 0);
            position.unmakeNullMove();
            for (int i = 0; i < count; i++) {
                assertFalse(MoveGenerator.isLegal(position, theirMoves[i], scratch),
                        Move.toUci(theirMoves[i], true) + " in " + Fen.toFen(position, true));
                checked[0]++;
            }
        });
        assertTrue(checked[0] > 100_000, "checked " + checked[0]);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // En passant

    @Test
    void enPassantThatUncoversARookAlongTheRankIsNotGenerated() {
        Position position = Fen.parse("3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2");
        assertEquals(Square.D6, position.enPassantSquare());
        Set<Integer> moves = moveSet(position, MoveGenerator.ALL);
        assertFalse(moves.contains(Move.of(Square.C5, Square.D6, Move.EN_PASSANT)));
        assertEquals(6, moves.size());
    }

    @Test
    void enPassantThatTakesTheCheckingPawnIsGenerated() {
        Position position = Fen.parse("8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3");
        assertTrue(moveSet(position, MoveGenerator.ALL).contains(Move.of(Square.C4, Square.D3, Move.EN_PASSANT)));
        assertEquals(8, moveSet(position, MoveGenerator.ALL).size());
    }

    @Test
    void aPinnedPawnMayTakeEnPassantAlongItsPinLine() {
        // c4 is pinned by the bishop on f1 against the king on b5; d3 lies on the same diagonal.
        Position position = Fen.parse("8/8/8/1k6/2pP4/8/8/5BK1 b - d3 0 1");
        assertTrue(moveSet(position, MoveGenerator.ALL).contains(Move.of(Square.C4, Square.D3, Move.EN_PASSANT)));
    }

    @Test
    void aPinnedPawnMayNotTakeEnPassantOffItsPinLine() {
        // c4 is pinned by the bishop on e6 against the king on a2; d3 leaves the diagonal.
        Position position = Fen.parse("8/8/4B3/8/2pP4/8/k7/6K1 b - d3 0 1");
        assertEquals(Square.D3, position.enPassantSquare());
        assertFalse(moveSet(position, MoveGenerator.ALL).contains(Move.of(Square.C4, Square.D3, Move.EN_PASSANT)));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Checks

    @Test
    void inDoubleCheckOnlyTheKingMoves() {
        // Rook e8 and bishop b4 both give check; the knight could take the bishop, which would not be enough.
        Position position = Fen.parse("4r1k1/8/8/8/1b6/3N4/8/R3K2R w KQ - 0 1");
        Set<Integer> moves = moveSet(position, MoveGenerator.ALL);
        assertEquals(Set.of(Move.of(Square.E1, Square.D1), Move.of(Square.E1, Square.F1),
                Move.of(Square.E1, Square.F2)), moves);
    }

    @Test
    void inSingleCheckAPieceMayTakeTheCheckerOrBlock() {
        Position position = Fen.parse("4k3/8/8/8/1b6/3N4/8/R3K3 w Q - 0 1");
        Set<Integer> moves = moveSet(position, MoveGenerator.ALL);
        assertTrue(moves.contains(Move.of(Square.D3, Square.B4)), "capture");
        assertFalse(moves.contains(Move.of(Square.A1, Square.A2)), "a move that ignores the check");
        assertFalse(moves.contains(Move.of(Square.E1, Square.A1, Move.CASTLING)), "castling out of check");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Castling

    @Test
    void bothCastlingsAreGeneratedWhenNothingStandsInTheWay() {
        Set<Integer> moves = moveSet(Fen.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), MoveGenerator.ALL);
        assertTrue(moves.contains(Move.of(Square.E1, Square.H1, Move.CASTLING)));
        assertTrue(moves.contains(Move.of(Square.E1, Square.A1, Move.CASTLING)));
    }

    @Test
    void castlingIsQuietNotNoisy() {
        Position position = Fen.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertTrue(moveSet(position, MoveGenerator.QUIET).contains(Move.of(Square.E1, Square.H1, Move.CASTLING)));
        assertFalse(moveSet(position, MoveGenerator.NOISY).contains(Move.of(Square.E1, Square.H1, Move.CASTLING)));
    }

    @Test
    void theKingMayNotCastleThroughAnAttackedSquare() {
        Set<Integer> moves = moveSet(Fen.parse("k4r2/8/8/8/8/8/P6P/R3K2R w KQ - 0 1"), MoveGenerator.ALL);
        assertFalse(moves.contains(Move.of(Square.E1, Square.H1, Move.CASTLING)), "f1 is attacked");
        assertTrue(moves.contains(Move.of(Square.E1, Square.A1, Move.CASTLING)));
    }

    @Test
    void theKingMayNotCastleOntoAnAttackedSquare() {
        Set<Integer> moves = moveSet(Fen.parse("k1r3r1/8/8/8/8/8/P6P/R3K2R w KQ - 0 1"), MoveGenerator.ALL);
        assertFalse(moves.contains(Move.of(Square.E1, Square.H1, Move.CASTLING)), "g1 is attacked");
        assertFalse(moves.contains(Move.of(Square.E1, Square.A1, Move.CASTLING)), "c1 is attacked");
    }

    @Test
    void theQueenSideRookMayCrossAnAttackedSquare() {
        Set<Integer> moves = moveSet(Fen.parse("kr6/8/8/8/8/8/P6P/R3K2R w KQ - 0 1"), MoveGenerator.ALL);
        assertTrue(moves.contains(Move.of(Square.E1, Square.A1, Move.CASTLING)), "only the rook crosses b1");
    }

    @Test
    void theKingMayNotCastleOutOfCheck() {
        Set<Integer> moves = moveSet(Fen.parse("k3r3/8/8/8/8/8/P6P/R3K2R w KQ - 0 1"), MoveGenerator.ALL);
        for (int move : moves) {
            assertFalse(Move.isCastling(move), Move.toUci(move));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Helpers

    /** Runs a check on every suite position and on every position of a few hundred random games. */
    private static void forManyPositions(Consumer<Position> check) {
        for (String fen : TestPositions.standardSuite()) {
            check.accept(Fen.parse(fen));
        }
        for (String fen : TestPositions.chess960Suite()) {
            check.accept(Fen.parse(fen));
        }
        RandomGames.Observer observer = new RandomGames.Observer() {
            @Override
            public void afterMake(Position position, int move) {
                check.accept(position);
            }
        };
        RandomGames.play(Fen.START, 100, 250, 3, observer);
        long seed = 30;
        for (String fen : TestPositions.CHESS960_STARTS) {
            RandomGames.play(fen, 12, 250, seed++, observer);
        }
    }

    private static Set<Integer> moveSet(Position position, int kind) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generate(position, moves, 0, kind);
        Set<Integer> set = new HashSet<>();
        for (int i = 0; i < count; i++) {
            set.add(moves[i]);
        }
        return set;
    }

    private static boolean kingAttackedAfter(Position position, int move) {
        int us = position.sideToMove();
        position.makeMove(move);
        boolean attacked = position.isAttacked(position.kingSquare(us), us ^ 1);
        position.unmakeMove();
        return attacked;
    }

    private static boolean castlingCrossesAnAttackedSquare(Position position, int move) {
        int king = Move.from(move);
        int target = Move.castlingKingTarget(king, Move.to(move));
        int step = target >= king ? 1 : -1;
        for (int square = king; ; square += step) {
            if (position.isAttacked(square, position.sideToMove() ^ 1)) {
                return true;
            }
            if (square == target) {
                return false;
            }
        }
    }

    private static int nthSquare(long set, int n) {
        for (int i = 0; i < n; i++) {
            set &= set - 1;
        }
        return Long.numberOfTrailingZeros(set);
    }

    private static Set<Integer> difference(Set<Integer> a, Set<Integer> b) {
        Set<Integer> result = new HashSet<>(a);
        result.removeAll(b);
        return result;
    }

    private static String names(Set<Integer> moves) {
        List<String> names = new ArrayList<>();
        for (int move : moves) {
            names.add(Move.toUci(move, true) + "/" + Move.kind(move));
        }
        return new TreeSet<>(names).toString();
    }
}
