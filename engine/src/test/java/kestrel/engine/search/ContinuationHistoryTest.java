package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.MoveNotation;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;

/** Continuation and capture history: their context, and what a cut-off teaches them. */
class ContinuationHistoryTest {
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
                context1, context2);
        int inContext = history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight), context1, context2);
        int alone = history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight), History.NO_CONTEXT,
                History.NO_CONTEXT);
        assertEquals(3 * alone, inContext, "butterfly and both continuation entries learnt the same bonus");
        assertTrue(alone > 0);
        assertTrue(history.quietScore(Piece.WHITE, bishop, History.pieceTo(position, bishop), context1, context2) < 0);
        history.clear();
        assertEquals(0, history.quietScore(Piece.WHITE, knight, History.pieceTo(position, knight), context1, context2));
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
}
