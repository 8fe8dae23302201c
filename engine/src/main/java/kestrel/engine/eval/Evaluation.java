package kestrel.engine.eval;

import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * CONTRACT SKELETON, to be replaced by the real evaluation: tapered piece-square sum only.
 */
public final class Evaluation {
    /** The static evaluation in centipawns from the side to move's point of view. */
    public int evaluate(Position position) {
        int phase = Math.min(position.phase(), PieceSquareTables.MAX_PHASE);
        int white = (position.midgameScore() * phase
                + position.endgameScore() * (PieceSquareTables.MAX_PHASE - phase)) / PieceSquareTables.MAX_PHASE;
        return position.sideToMove() == Piece.WHITE ? white : -white;
    }

    /** The terms of the evaluation as text, for the UCI command {@code eval}. */
    public String explain(Position position) {
        return "total " + evaluate(position) + "\n";
    }

    /** True when neither side can ever mate (K v K, K+minor v K, K+B v K+B with bishops on one colour). */
    public static boolean isInsufficientMaterial(Position position) {
        return false;
    }
}
