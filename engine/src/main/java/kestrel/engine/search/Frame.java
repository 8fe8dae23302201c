package kestrel.engine.search;

import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;

/**
 * What the node at one ply of the current line owns (after Stockfish's {@code Stack} and Ethereal's
 * {@code NodeState}). A {@link Search} makes one frame per ply, 0 (the root) to {@link Score#MAX_PLY}, when it is
 * made, and indexes them by ply alone, so a node allocates nothing and finds its parent's state one frame up.
 *
 * <p>A node searched again at its own ply (the null move's verification search, the singular search) runs in the
 * node's own frame. That is safe because both run before the node fills what they overwrite: the picker and the
 * tried-move lists are taken up only at step 12, after them; the excluded move is read at the node's entry and
 * restored by the singular search; the static evaluation they store is the node's position evaluated again, which
 * the node's children read as before. The fields are plain and package-private: this is a record the search walks
 * at every node, not an object with behaviour.
 */
final class Frame {
    /**
     * The node's static evaluation, corrected (step 7), or {@code -Score.INFINITE} in check: the children compare
     * with it (improving, two and four plies down; the evaluation swing of the move into them, one ply down).
     */
    int staticEval;
    /**
     * The move a singular search of this node leaves out, while it runs; Move.NONE otherwise. A node that finds one
     * here is the node without its table move: its result is not the node's.
     */
    int excludedMove = Move.NONE;
    /**
     * Every square the opponent of the side to move attacks here, set before the node searches a quiet move (at the
     * root, before each root search): the threat context of the butterfly history for the node's quiet moves, which
     * the child after a quiet move reads when it teaches the history about that move.
     */
    long threats;
    /** The double extensions along the line to this node, set by the parent before it searches the node. */
    int doubleExtensions;
    /** Hands out the node's moves, best first. */
    final MovePicker picker = new MovePicker();
    /** The quiet moves the node has searched without a cut-off, for the history of the one that cuts off. */
    final int[] triedQuiets = new int[MoveGenerator.MAX_MOVES];
    /** The same for captures, as capture-history indexes. */
    final int[] triedCaptures = new int[MoveGenerator.MAX_MOVES];
    /**
     * The principal variation from this node: one row of a triangular table, indexed by ply as the frames are, so the
     * moves are {@code pv[ply .. pvLength - 1]} and a parent copies its child's row column for column.
     */
    final int[] pv = new int[Score.MAX_PLY + 1];
    int pvLength;

    /** The frames of a whole line, one per ply from the root to the deepest a search reaches. */
    static Frame[] line() {
        Frame[] frames = new Frame[Score.MAX_PLY + 1];
        for (int ply = 0; ply < frames.length; ply++) {
            frames[ply] = new Frame();
        }
        return frames;
    }
}
