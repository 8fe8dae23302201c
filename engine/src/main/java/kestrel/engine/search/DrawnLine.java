package kestrel.engine.search;

import java.util.Arrays;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;

/**
 * Ends a reported principal variation where the game would end drawn. The search scores a draw it meets at a node
 * of depth one or more, but a line that reaches the fifty-move limit or a threefold repetition at the horizon can
 * run on through quiescence, and a GUI that checks the PV against the game's history then sees moves played after
 * the game was over. Only the report is cut; what the search does is unchanged.
 */
final class DrawnLine {
    private DrawnLine() {
    }

    /**
     * The moves of {@code pv} from {@code position} up to and including the first one after which the game is drawn
     * (threefold repetition with the game's history, the fifty-move rule, too little material to mate); the whole line
     * when none is. A move that is not legal where it stands ends the line before it. {@code position} is left as it
     * was; {@code scratch} holds {@link MoveGenerator#MAX_MOVES} moves.
     */
    static int[] untilDraw(Position position, int[] pv, int[] scratch) {
        int kept = 0;
        while (kept < pv.length && MoveGenerator.isLegal(position, pv[kept], scratch)) {
            position.makeMove(pv[kept]);
            kept++;
            if (Evaluation.isDrawnByRule(position)) {
                break;
            }
        }
        for (int i = 0; i < kept; i++) {
            position.unmakeMove();
        }
        return kept == pv.length ? pv : Arrays.copyOf(pv, kept);
    }
}
