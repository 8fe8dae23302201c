package kestrel.engine.eval;

import kestrel.engine.Piece;

/**
 * A per-evaluator cache of pawn-structure results, keyed by {@code Position.pawnKey()}, in preallocated
 * parallel arrays: one slot per key modulo the (power of two) size, the full key stored to verify a hit, the
 * newest entry replacing the old. A slot holds, for each colour, the packed structure score and the set of
 * passed pawns.
 *
 * <p>The arrays start zeroed, which reads as "key 0: no pawns, score 0, no passed pawns" and is the right
 * answer for the one structure whose key is 0, the empty one.
 */
final class PawnCache {
    private final long[] keys;
    /** [2 * slot + color]: packed structure score. */
    private final int[] scores;
    /** [2 * slot + color]: passed pawns. */
    private final long[] passed;
    private final int mask;

    /** A cache of {@code entries} slots, rounded up to a power of two (at least one). */
    PawnCache(int entries) {
        int size = entries <= 1 ? 1 : Integer.highestOneBit(entries - 1) << 1;
        keys = new long[size];
        scores = new int[2 * size];
        passed = new long[2 * size];
        mask = size - 1;
    }

    /** The slot a key lives in. */
    int slot(long pawnKey) {
        return (int) pawnKey & mask;
    }

    /** True when the slot holds the results for exactly this key. */
    boolean holds(int slot, long pawnKey) {
        return keys[slot] == pawnKey;
    }

    /** Computes and stores the results for the given pawns in the slot of their key. */
    void fill(int slot, long pawnKey, long whitePawns, long blackPawns) {
        keys[slot] = pawnKey;
        scores[2 * slot + Piece.WHITE] = PawnStructure.score(Piece.WHITE, whitePawns, blackPawns);
        scores[2 * slot + Piece.BLACK] = PawnStructure.score(Piece.BLACK, blackPawns, whitePawns);
        passed[2 * slot + Piece.WHITE] = PawnStructure.passed(Piece.WHITE, whitePawns, blackPawns);
        passed[2 * slot + Piece.BLACK] = PawnStructure.passed(Piece.BLACK, blackPawns, whitePawns);
    }

    int score(int slot, int color) {
        return scores[2 * slot + color];
    }

    long passed(int slot, int color) {
        return passed[2 * slot + color];
    }
}
