package kestrel.engine.eval;

import kestrel.engine.Position;

/**
 * One search thread's evaluation: the handcrafted one ({@link Evaluation}) or a network with its accumulators. It
 * may keep state from node to node (the pawn cache, the accumulators along the line), so each thread has its own;
 * {@link EvaluationChoice} makes them.
 */
public interface Evaluator {
    /** A search starts from {@code root}: whatever is kept along the line starts over from it. */
    void startSearch(Position root);

    /** The static score of {@code position} in centipawns, from the side to move's point of view. */
    int evaluate(Position position);

    /**
     * As {@link #evaluate}, at a node already known to have mating material: an evaluation that would look for a dead
     * draw first may skip that.
     */
    default int evaluateWithMatingMaterial(Position position) {
        return evaluate(position);
    }
}
