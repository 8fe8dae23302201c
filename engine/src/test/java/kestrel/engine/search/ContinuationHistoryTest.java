package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.MoveNotation;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;

/** Continuation, butterfly and capture history: their context, and what a cut-off teaches them. */
class ContinuationHistoryTest {
    /** No square attacked: the butterfly context of a quiet position. */
    private static final long NO_THREATS = 0L;

    private static Position after(String... moves) {
        Position position = Position.startPosition();
        for (String uci : moves) {
            position.makeMove(MoveNotation.parseUci(position, uci, false));
        }
        return position;
    }

    @Test
    void theContextIsThePieceAndDestinationOfTheMovesOneAndTwoPliesBack() {
        Position position = after("e2e4", "e7e5");
        assertEquals(Piece.of(Piece.BLACK, Piece.PAWN) * 64 + Square.parse("e5"), History.context(position, 1));
        assertEquals(Piece.of(Piece.WHITE, Piece.PAWN) * 64 + Square.parse("e4"), History.context(position, 2));
        assertEquals(History.NO_CONTEXT, History.context(position, 3), "before the first move");
        position.makeNullMove();
        assertEquals(History.NO_CONTEXT, History.context(position, 1), "a null move is no context");
    }

    @Test
    void aQuietCutOffIsLearntInItsContextAndTheMovesTriedBeforeItLose() {
        Position position = after("e2e4", "e7e5");
        int context1 = History.context(position, 1);
        int context2 = History.context(position, 2);
        int knight = MoveNotation.parseUci(position, "g1f3", false);
        int bishop = MoveNotation.parseUci(position, "f1c4", false);
        History history = new History(Score.MAX_PLY);
        history.onQuietCutoff(Piece.WHITE, knight, 2, 8, position.lastMove(), new int[] {bishop}, 1, position,
                context1, context2, NO_THREATS);
        int inContext = history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight), context1, context2,
                NO_THREATS);
        int alone = history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight), History.NO_CONTEXT,
                History.NO_CONTEXT, NO_THREATS);
        assertEquals(3 * alone, inContext, "butterfly and both continuation entries learnt the same bonus");
        assertTrue(alone > 0);
        assertTrue(history.quietScore(Piece.WHITE, bishop, History.pieceTo(position, bishop), context1, context2,
                NO_THREATS) < 0);
        history.clear();
        assertEquals(0, history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight), context1, context2,
                NO_THREATS));
    }

    /**
     * The tables hold 16-bit scores: however often the largest bonus comes, gravity stops each at exactly +-MAX, so
     * none wraps around.
     */
    @Test
    void scoresSettleAtTheBoundAndNeverWrap() {
        Position position = after("e2e4", "e7e5");
        int context1 = History.context(position, 1);
        int context2 = History.context(position, 2);
        int knight = MoveNotation.parseUci(position, "g1f3", false);
        int bishop = MoveNotation.parseUci(position, "f1c4", false);
        History history = new History(Score.MAX_PLY);
        for (int i = 0; i < 1_000; i++) {
            history.onQuietCutoff(Piece.WHITE, knight, 2, 60, position.lastMove(), new int[] {bishop}, 1, position,
                    context1, context2, NO_THREATS);
        }
        assertEquals(3 * History.MAX, history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight),
                context1, context2, NO_THREATS));
        assertEquals(-3 * History.MAX, history.quietScore(Piece.WHITE, bishop, History.pieceTo(position, bishop),
                context1, context2, NO_THREATS));
    }

    @Test
    void aCaptureCutOffRaisesItsCaptureHistoryAndLowersTheOnesTriedBefore() {
        History history = new History(Score.MAX_PLY);
        int good = History.captureIndex(Piece.of(Piece.WHITE, Piece.KNIGHT) * 64 + 36, Piece.PAWN);
        int bad = History.captureIndex(Piece.of(Piece.WHITE, Piece.QUEEN) * 64 + 36, Piece.PAWN);
        history.onCaptureCutoff(good, 6, new int[] {bad}, 1);
        assertTrue(history.captureScore(Piece.of(Piece.WHITE, Piece.KNIGHT) * 64 + 36, Piece.PAWN) > 0);
        assertTrue(history.captureScore(Piece.of(Piece.WHITE, Piece.QUEEN) * 64 + 36, Piece.PAWN) < 0);
    }

    @Test
    void aQuietMoveThatRefutedTheNodeAboveIsLearntAsItsCutOffWouldBe() {
        Position before = after("e2e4", "e7e5");
        int knight = MoveNotation.parseUci(before, "g1f3", false);
        History cutOff = new History(Score.MAX_PLY);
        cutOff.onQuietCutoff(Piece.WHITE, knight, 2, 7, before.lastMove(), new int[0], 0, before,
                History.context(before, 1), History.context(before, 2), NO_THREATS);

        // The same lesson from the node below: the move is made, its own contexts two and three plies back.
        Position below = after("e2e4", "e7e5", "g1f3");
        History failLow = new History(Score.MAX_PLY);
        failLow.onPriorQuietRefutation(Piece.WHITE, below.lastMove(), History.context(below, 1), 7,
                History.context(below, 2), History.context(below, 3), NO_THREATS);

        int pieceTo = History.pieceTo(before, knight);
        int context1 = History.context(before, 1);
        int context2 = History.context(before, 2);
        int learnt = failLow.quietScore(Piece.WHITE, knight, pieceTo, context1, context2, NO_THREATS);
        assertTrue(learnt > 0);
        assertEquals(cutOff.quietScore(Piece.WHITE, knight, pieceTo, context1, context2, NO_THREATS), learnt);
        assertEquals(3 * failLow.quietScore(Piece.WHITE, knight, pieceTo, History.NO_CONTEXT, History.NO_CONTEXT,
                NO_THREATS),
                learnt, "butterfly and both continuation entries");
        assertEquals(0, failLow.quietScore(Piece.BLACK, knight, pieceTo, History.NO_CONTEXT, History.NO_CONTEXT,
                NO_THREATS),
                "the other side's table is untouched");
    }

    @Test
    void anEvaluationSwingNudgesTheButterflyAloneWithinItsBound() {
        Position position = after("e2e4", "e7e5");
        int knight = MoveNotation.parseUci(position, "g1f3", false);
        int bishop = MoveNotation.parseUci(position, "f1c4", false);
        int context1 = History.context(position, 1);
        int context2 = History.context(position, 2);
        int knightTo = History.pieceTo(position, knight);
        History history = new History(Score.MAX_PLY);

        history.onEvaluationSwing(Piece.WHITE, knight, 30, NO_THREATS);
        history.onEvaluationSwing(Piece.WHITE, bishop, -30, NO_THREATS);
        int gain = history.quietScore(Piece.WHITE, knight, knightTo, History.NO_CONTEXT, History.NO_CONTEXT,
                NO_THREATS);
        assertTrue(gain > 0, "a move that raised its side's evaluation gains");
        assertEquals(gain, history.quietScore(Piece.WHITE, knight, knightTo, context1, context2, NO_THREATS),
                "continuation history is not touched");
        assertEquals(-gain, history.quietScore(Piece.WHITE, bishop, History.pieceTo(position, bishop),
                History.NO_CONTEXT, History.NO_CONTEXT,
                NO_THREATS), "one that lowered it loses as much");

        History big = new History(Score.MAX_PLY);
        History huge = new History(Score.MAX_PLY);
        big.onEvaluationSwing(Piece.WHITE, knight, 1_000, NO_THREATS);
        huge.onEvaluationSwing(Piece.WHITE, knight, 100_000, NO_THREATS);
        int bounded = big.quietScore(Piece.WHITE, knight, knightTo, History.NO_CONTEXT, History.NO_CONTEXT,
                NO_THREATS);
        assertEquals(bounded, huge.quietScore(Piece.WHITE, knight, knightTo, History.NO_CONTEXT, History.NO_CONTEXT,
                NO_THREATS));
        assertTrue(bounded > gain && bounded <= History.MAX / 8, "a large swing is bounded");
    }

    @Test
    void theButterflyLearnsAMoveApartByWhetherItsOriginAndDestinationAreAttacked() {
        Position position = after("e2e4", "e7e5");
        int knight = MoveNotation.parseUci(position, "g1f3", false);
        int knightTo = History.pieceTo(position, knight);
        long origin = 1L << Square.parse("g1");
        long destination = 1L << Square.parse("f3");
        History history = new History(Score.MAX_PLY);
        history.onQuietCutoff(Piece.WHITE, knight, 2, 8, position.lastMove(), new int[0], 0, position,
                History.NO_CONTEXT, History.NO_CONTEXT, destination);
        int learnt = history.quietScore(Piece.WHITE, knight, knightTo, History.NO_CONTEXT, History.NO_CONTEXT,
                destination);
        assertTrue(learnt > 0);
        assertEquals(learnt, history.quietScore(Piece.WHITE, knight, knightTo, History.NO_CONTEXT,
                History.NO_CONTEXT, destination | 1L << Square.parse("a8")), "only the move's own squares count");
        for (long other : new long[] {NO_THREATS, origin, origin | destination}) {
            assertEquals(0, history.quietScore(Piece.WHITE, knight, knightTo, History.NO_CONTEXT,
                    History.NO_CONTEXT, other), "another threat context of the same move is untouched");
        }
    }

    @Test
    void theOpponentsAttacksAreEverySquareTheOtherSideAttacks() {
        // Black to move after 1. e4: White's pawns, knights, bishop, queen and king attack these squares.
        Position position = after("e2e4");
        long attacked = MovePicker.opponentAttacks(position);
        for (String square : new String[] {"d5", "f5", "f3", "h5", "a6", "e2", "d3", "c3", "h3", "g4", "f1"}) {
            assertTrue((attacked >>> Square.parse(square) & 1) != 0, square + " is attacked");
        }
        for (String square : new String[] {"e5", "d4", "a4", "e4", "h6", "d6"}) {
            assertEquals(0, attacked >>> Square.parse(square) & 1, square + " is not attacked");
        }
    }
}
