package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** A reported principal variation ends where the game would: never a move after the game is drawn. */
class DrawnLineTest {
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];

    /** The moves of a legal line from {@code position}, read on a copy (the position itself does not change). */
    private static int[] line(Position position, String... uci) {
        Position walker = new Position(position);
        int[] moves = new int[uci.length];
        for (int i = 0; i < uci.length; i++) {
            moves[i] = MoveNotation.parseUci(walker, uci[i], false);
            walker.makeMove(moves[i]);
        }
        return moves;
    }

    private int[] untilDraw(Position position, int[] pv) {
        String before = Fen.toFen(position, false);
        long key = position.key();
        int[] kept = DrawnLine.untilDraw(position, pv, scratch);
        assertEquals(before, Fen.toFen(position, false), "the position is left as it was");
        assertEquals(key, position.key());
        return kept;
    }

    @Test
    void endsWithTheMoveThatReachesTheFiftyMoveLimit() {
        Position position = Fen.parse("8/8/8/4k3/8/8/3QK3/8 w - - 98 80");
        int[] pv = line(position, "e2f2", "e5f5", "f2g2", "f5f6");
        assertArrayEquals(new int[] {pv[0], pv[1]}, untilDraw(position, pv));
    }

    @Test
    void endsWithTheMoveThatRepeatsThePositionAThirdTime() {
        Position position = Position.startPosition();
        for (String uci : new String[] {"g1f3", "g8f6", "f3g1", "f6g8"}) {
            position.makeMove(MoveNotation.parseUci(position, uci, false));
        }
        // The start position has now been seen twice: the line's fourth move brings it a third time.
        int[] pv = line(position, "g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5");
        assertArrayEquals(new int[] {pv[0], pv[1], pv[2], pv[3]}, untilDraw(position, pv));
    }

    @Test
    void endsWithTheCaptureThatLeavesTooLittleMaterial() {
        // White's king is in check from the knight; the bishop takes it and king and bishop cannot mate.
        Position position = Fen.parse("8/8/8/4k3/8/3n4/8/4KB2 w - - 0 1");
        int[] pv = line(position, "f1d3", "e5d4", "d3e2");
        assertArrayEquals(new int[] {pv[0]}, untilDraw(position, pv));
    }

    @Test
    void endsBeforeAMoveThatIsNotLegalWhereItStands() {
        Position position = Position.startPosition();
        int e4 = MoveNotation.parseUci(position, "e2e4", false);
        assertArrayEquals(new int[] {e4}, untilDraw(position, new int[] {e4, e4}));
    }

    @Test
    void keepsALineThatReachesNoDraw() {
        Position position = Position.startPosition();
        int[] pv = line(position, "e2e4", "e7e5", "g1f3", "b8c6");
        assertSame(pv, untilDraw(position, pv));
        assertEquals(0, untilDraw(position, new int[0]).length);
    }

    @Test
    void aSearchAtTheFiftyMoveLimitReportsNoMoveAfterIt() {
        // White has no capture, so every move reaches the fifty-move limit; at depth 1 the reply is searched by
        // quiescence, which does not know the rule and takes the knight or the rook. No line shown may go on after
        // White's move.
        Position position = Fen.parse("kr6/8/8/8/8/8/6b1/1N2K2R w - - 99 80");
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        new Search(new TranspositionTable(4), recorder).run(position, new SearchLimits().depth(6), HANDCRAFTED);
        assertTrue(recorder.size() > 0);
        for (SearchInfo info : recorder.infos) {
            assertEquals(1, info.pv().length, "depth " + info.depth() + ": " + info.pv().length + " moves");
        }
    }
}
