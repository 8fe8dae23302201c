package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class PositionTest {
    private static final String SHUFFLE = "g1f3 g8f6 f3g1 f6g8";

    /** Everything a position exposes, so that two snapshots are equal only if the positions are bit for bit. */
    private record Snapshot(String fen, long key, long pawnKey, long whiteNonPawnKey, long blackNonPawnKey,
                            int midgame, int endgame, int phase,
                            List<Long> bitboards, List<Integer> castlingRooks, int ply, int lastMove,
                            int lastCaptured) {
        static Snapshot of(Position position) {
            List<Long> bitboards = new ArrayList<>();
            for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
                for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                    bitboards.add(position.pieces(color, type));
                }
                bitboards.add(position.piecesOfColor(color));
            }
            for (int type = Piece.PAWN; type <= Piece.KING; type++) {
                bitboards.add(position.piecesOfType(type));
            }
            bitboards.add(position.occupied());
            List<Integer> rooks = new ArrayList<>();
            for (int right = 0; right < 4; right++) {
                rooks.add(position.castlingRookSquare(right));
            }
            return new Snapshot(Fen.toFen(position, true), position.key(), position.pawnKey(),
                    position.nonPawnKey(Piece.WHITE), position.nonPawnKey(Piece.BLACK), position.midgameScore(),
                    position.endgameScore(), position.phase(), bitboards, rooks,
                    position.ply(), position.lastMove(), position.lastCaptured());
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Make and unmake

    // Random games check what only the position can: its boards, mailbox and scores agree after every move, and
    // every unmake restores it bit for bit. ZobristTest plays many more games for the keys alone.

    @Test
    void makeKeepsThePositionConsistentAndUnmakeRestoresItBitForBitInRandomGames() {
        RandomGames.Tally tally = RandomGames.play(Fen.START, 100, 300, 7, exactMakeAndUnmake());
        assertTrue(tally.enPassant > 0 && tally.promotions > 0 && tally.underPromotions > 0
                && tally.kingSideCastles > 0 && tally.queenSideCastles > 0, tally::toString);
    }

    /** Each colour's non-pawn key follows that colour's pieces other than pawns, and nothing else. */
    @Test
    void aNonPawnKeyChangesOnlyWithItsColoursPieces() {
        Position start = Position.startPosition();
        long white = start.nonPawnKey(Piece.WHITE);
        long black = start.nonPawnKey(Piece.BLACK);
        Position pawnMoved = TestPositions.play("e2e4");
        assertEquals(white, pawnMoved.nonPawnKey(Piece.WHITE));
        assertEquals(black, pawnMoved.nonPawnKey(Piece.BLACK));
        Position knightMoved = TestPositions.play("e2e4 g8f6");
        assertEquals(white, knightMoved.nonPawnKey(Piece.WHITE));
        assertNotEquals(black, knightMoved.nonPawnKey(Piece.BLACK));
        // Knights out and back: the same placement, the same keys.
        Position knightsBack = TestPositions.play("e2e4 g8f6 g1f3 f6g8 f3g1");
        assertEquals(white, knightsBack.nonPawnKey(Piece.WHITE));
        assertEquals(black, knightsBack.nonPawnKey(Piece.BLACK));
        assertEquals(white, Position.startPosition().computeNonPawnKey(Piece.WHITE));
    }

    @Test
    void makeKeepsThePositionConsistentAndUnmakeRestoresItBitForBitInRandomChess960Games() {
        RandomGames.Tally total = new RandomGames.Tally();
        long seed = 17;
        for (String fen : TestPositions.CHESS960_STARTS) {
            total.add(RandomGames.play(fen, 12, 300, seed++, exactMakeAndUnmake()));
        }
        assertTrue(total.kingSideCastles > 0 && total.queenSideCastles > 0, total::toString);
    }

    @Test
    void makeThenUnmakeOfEveryLegalMoveRestoresEverySuitePosition() {
        List<String> fens = new ArrayList<>(TestPositions.standardSuite());
        fens.addAll(TestPositions.chess960Suite());
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (String fen : fens) {
            Position position = Fen.parse(fen);
            Snapshot original = Snapshot.of(position);
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                assertTrue(position.isConsistent(), () -> fen);
                position.unmakeMove();
                assertEquals(original, Snapshot.of(position));
            }
        }
    }

    @Test
    void aNullMoveAndItsUnmakeRestoreThePositionBitForBit() {
        Position position = Fen.parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        Snapshot original = Snapshot.of(position);
        position.makeNullMove();
        assertEquals(Piece.BLACK, position.sideToMove());
        assertEquals(Move.NONE, position.lastMove());
        assertTrue(position.isConsistent());
        position.unmakeNullMove();
        assertEquals(original, Snapshot.of(position));
    }

    @Test
    void makeMoveUpdatesTheClocks() {
        Position position = Fen.parse("4k3/8/8/8/8/8/4P3/R3K3 w Q - 7 30");
        position.makeMove(Move.of(Square.A1, Square.A2));
        assertEquals(8, position.halfmoveClock());
        assertEquals(30, position.fullmoveNumber());
        position.makeMove(Move.of(Square.E8, Square.D8));
        assertEquals(9, position.halfmoveClock());
        assertEquals(31, position.fullmoveNumber());
        position.makeMove(Move.of(Square.E2, Square.E4));
        assertEquals(0, position.halfmoveClock());
        position.unmakeMove();
        position.unmakeMove();
        position.unmakeMove();
        assertEquals(7, position.halfmoveClock());
        assertEquals(30, position.fullmoveNumber());
    }

    @Test
    void aRookMoveOrCaptureRemovesOnlyThatRooksCastlingRight() {
        Position position = Fen.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        position.makeMove(Move.of(Square.H1, Square.H8));
        assertEquals(CastlingRights.WHITE_QUEEN_SIDE | CastlingRights.BLACK_QUEEN_SIDE, position.castlingRights());
        position.makeMove(Move.of(Square.E8, Square.D7));
        assertEquals(CastlingRights.WHITE_QUEEN_SIDE, position.castlingRights());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Attacks and checks

    @Test
    void isAttackedAgreesWithASlowScanOnEverySquareOfRandomGamePositions() {
        RandomGames.play(Fen.START, 60, 200, 5, new RandomGames.Observer() {
            @Override
            public void afterMake(Position position, int move) {
                int[] board = SlowMoveGenerator.board(position);
                for (int square = 0; square < 64; square++) {
                    for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
                        assertEquals(SlowMoveGenerator.isAttacked(board, square, color),
                                position.isAttacked(square, color));
                    }
                }
            }
        });
    }

    @Test
    void checkersAreBothPiecesOfADoubleCheck() {
        Position position = Fen.parse("4r1k1/8/8/8/1b6/8/8/R3K2R w KQ - 0 1");
        assertTrue(position.inCheck());
        assertEquals((1L << Square.E8) | (1L << Square.B4), position.checkers());
    }

    @Test
    void pinnedPiecesAreThoseAloneBetweenTheirKingAndAnEnemySlider() {
        // d2 is pinned by the bishop on b4; e2 is not, as e4 also stands between the king and the rook.
        Position position = Fen.parse("4r1k1/8/8/8/1b2P3/8/3NN3/4K3 w - - 0 1");
        assertEquals(1L << Square.D2, position.pinned(Piece.WHITE));
        assertEquals(0L, position.pinned(Piece.BLACK));
    }

    @Test
    void onlyPawnsAndKingCountAsNoNonPawnMaterial() {
        Position position = Fen.parse("4k3/pppp4/8/8/8/8/4P3/4KN2 w - - 0 1");
        assertTrue(position.hasNonPawnMaterial(Piece.WHITE));
        assertFalse(position.hasNonPawnMaterial(Piece.BLACK));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Repetitions

    @Test
    void aPositionSeenTwiceIsARepetitionButNotYetThreefold() {
        Position position = TestPositions.play(SHUFFLE);
        assertEquals(position.keyAt(0), position.key());
        assertTrue(position.isRepetition(0));
        assertFalse(position.isThreefoldRepetition());
    }

    @Test
    void aPositionSeenThreeTimesIsAThreefoldRepetition() {
        Position position = TestPositions.play(SHUFFLE + " " + SHUFFLE);
        assertTrue(position.isThreefoldRepetition());
    }

    @Test
    void positionsBetweenTheRepeatsAreNotRepetitions() {
        Position position = TestPositions.play("g1f3 g8f6 f3g1");
        assertFalse(position.isRepetition(0));
        position = TestPositions.play("g1f3 g8f6");
        assertFalse(position.isRepetition(0));
    }

    @Test
    void aSingleRepeatOfAPositionFromBeforeTheSearchRootIsNotARepetition() {
        Position position = TestPositions.play(SHUFFLE);
        int searchRoot = position.ply();
        assertFalse(position.isRepetition(searchRoot));
        position = TestPositions.play(SHUFFLE + " g1f3 g8f6 f3g1 f6g8");
        assertTrue(position.isRepetition(searchRoot), "the second repeat comes after the root");
    }

    @Test
    void aRepeatInsideTheSearchIsARepetition() {
        Position position = TestPositions.play("e2e4 e7e5 " + SHUFFLE);
        assertTrue(position.isRepetition(2));
        assertFalse(position.isRepetition(3), "the earlier occurrence is at ply 2, before a root at ply 3");
    }

    @Test
    void aPawnMoveStartsTheCountAfresh() {
        Position position = TestPositions.play(SHUFFLE + " e2e4 e7e5 " + SHUFFLE);
        assertTrue(position.isRepetition(0));
        assertFalse(position.isThreefoldRepetition(), "the start position's repeats do not count for this one");
        position = TestPositions.play(SHUFFLE + " e2e4 e7e5 " + SHUFFLE + " " + SHUFFLE);
        assertTrue(position.isThreefoldRepetition());
    }

    @Test
    void aCaptureStartsTheCountAfresh() {
        String kingsShuffle = "e1f1 e8f8 f1e1 f8e8";
        Position position = TestPositions.play("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1",
                kingsShuffle + " c3d5 e8d7 d5c3 d7e8 " + kingsShuffle, false);
        assertEquals(0L, position.pieces(Piece.BLACK, Piece.PAWN));
        assertTrue(position.isRepetition(0));
        assertFalse(position.isThreefoldRepetition());
    }

    @Test
    void aRepetitionIsNotFoundAcrossANullMove() {
        // After two real moves White passes once while Black's king walks a triangle: the position after the two
        // moves returns, but only thanks to the null move, so it is no repetition in the game.
        Position position = TestPositions.play("k7/8/8/8/8/8/8/K6R w - - 0 1", "a1b1 a8a7", false);
        position.makeNullMove();
        for (String move : "a7b7 h1h2 b7b8 h2h1 b8a7".split(" ")) {
            position.makeMove(MoveNotation.parseUci(position, move, false));
        }
        assertEquals(position.keyAt(2), position.key(), "the keys do match");
        assertFalse(position.isRepetition(0));
        assertFalse(position.isThreefoldRepetition());
    }

    @Test
    void theSameRepeatWithoutANullMoveIsARepetition() {
        Position position = TestPositions.play("k7/8/8/8/8/8/8/K6R w - - 0 1",
                "a1b1 a8a7 h1h3 a7b7 h3h2 b7b8 h2h1 b8a7", false);
        assertEquals(position.keyAt(2), position.key());
        assertTrue(position.isRepetition(0));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Long games and copies

    @Test
    void aTwoThousandMoveGameKeepsItsWholeHistory() {
        Position position = Position.startPosition();
        long startKey = position.key();
        int[] shuffle = {Move.of(Square.G1, Square.F3), Move.of(Square.G8, Square.F6),
                Move.of(Square.F3, Square.G1), Move.of(Square.F6, Square.G8)};
        for (int i = 0; i < 4000; i++) {
            position.makeMove(shuffle[i % 4]);
        }
        assertEquals(4000, position.ply());
        assertEquals(2001, position.fullmoveNumber());
        assertEquals(4000, position.halfmoveClock());
        assertEquals(startKey, position.key());
        assertEquals(startKey, position.keyAt(0));
        assertEquals(startKey, position.keyAt(2000));
        assertNotEquals(startKey, position.keyAt(2001));
        assertEquals(shuffle[1], position.moveAt(3001));
        assertTrue(position.isThreefoldRepetition());
        assertTrue(position.isConsistent());
        for (int i = 0; i < 4000; i++) {
            position.unmakeMove();
        }
        assertEquals(Fen.START, Fen.toFen(position));
        assertEquals(startKey, position.key());
    }

    @Test
    void aCopyHasTheSamePositionAndHistory() {
        Position original = TestPositions.play("e2e4 e7e5 " + SHUFFLE);
        Position copy = new Position(original);
        assertEquals(Snapshot.of(original), Snapshot.of(copy));
        assertTrue(copy.isRepetition(0));
        for (int ply = 0; ply <= original.ply(); ply++) {
            assertEquals(original.keyAt(ply), copy.keyAt(ply));
        }
        copy.unmakeMove();
        original.unmakeMove();
        assertEquals(Snapshot.of(original), Snapshot.of(copy));
    }

    @Test
    void aCopyIsIndependentOfItsOriginal() {
        Position original = TestPositions.play("e2e4 e7e5 " + SHUFFLE);
        Snapshot originalBefore = Snapshot.of(original);
        List<Long> originalHistory = history(original);
        Position copy = new Position(original);
        copy.unmakeMove();
        copy.unmakeMove();
        copy.makeMove(MoveNotation.parseUci(copy, "b1c3", false));
        copy.makeMove(MoveNotation.parseUci(copy, "b8c6", false));
        copy.makeNullMove();
        assertEquals(originalBefore, Snapshot.of(original));
        assertEquals(originalHistory, history(original));
        assertTrue(original.isRepetition(0));

        Snapshot copyBefore = Snapshot.of(copy);
        List<Long> copyHistory = history(copy);
        original.unmakeMove();
        original.makeMove(MoveNotation.parseUci(original, "d7d6", false));
        assertEquals(copyBefore, Snapshot.of(copy));
        assertEquals(copyHistory, history(copy));
    }

    @Test
    void aCopyOfALongGameCanTakeBackEveryMove() {
        Position original = Position.startPosition();
        for (int i = 0; i < 3000 / 4; i++) {
            for (String move : SHUFFLE.split(" ")) {
                original.makeMove(MoveNotation.parseUci(original, move, false));
            }
        }
        Position copy = new Position(original);
        assertEquals(3000, copy.ply());
        while (copy.ply() > 0) {
            copy.unmakeMove();
        }
        assertEquals(Fen.START, Fen.toFen(copy));
        assertEquals(3000, original.ply());
    }

    @Test
    void copyFromOverwritesAPositionWithALongerHistory() {
        Position target = Position.startPosition();
        for (int i = 0; i < 2000; i++) {
            target.makeMove(i % 2 == 0 ? MoveNotation.parseUci(target, i % 4 == 0 ? "g1f3" : "f3g1", false)
                    : MoveNotation.parseUci(target, i % 4 == 1 ? "g8f6" : "f6g8", false));
        }
        Position source = Fen.parse(TestPositions.KIWIPETE);
        target.copyFrom(source);
        assertEquals(Snapshot.of(source), Snapshot.of(target));
        assertEquals(0, target.ply());
        assertTrue(target.isConsistent());
    }

    /** The keys and moves of every earlier position. */
    private static List<Long> history(Position position) {
        List<Long> history = new ArrayList<>();
        for (int ply = 0; ply < position.ply(); ply++) {
            history.add(position.keyAt(ply));
            history.add((long) position.moveAt(ply));
        }
        return history;
    }

    /**
     * Checks {@link Position#isConsistent()} at the start and after every make, and that every unmake gives back the
     * snapshot taken before its move. By induction every position the game passes through is consistent.
     */
    private static RandomGames.Observer exactMakeAndUnmake() {
        Deque<Snapshot> before = new ArrayDeque<>();
        return new RandomGames.Observer() {
            @Override
            public void atStart(Position position) {
                assertTrue(position.isConsistent(), () -> "at the start: " + Fen.toFen(position, true));
                before.clear();
                before.push(Snapshot.of(position));
            }

            @Override
            public void afterMake(Position position, int move) {
                assertTrue(position.isConsistent(),
                        () -> "after " + Move.toUci(move, true) + ": " + Fen.toFen(position, true));
                before.push(Snapshot.of(position));
            }

            @Override
            public void afterUnmake(Position position) {
                before.pop();
                assertEquals(before.peek(), Snapshot.of(position));
            }
        };
    }
}
