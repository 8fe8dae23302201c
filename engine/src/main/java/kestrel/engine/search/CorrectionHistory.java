package kestrel.engine.search;

import java.util.Arrays;

/**
 * Correction history of the static evaluation: what one search thread has learnt about how far the evaluation
 * misjudges positions of a given pawn structure. An entry per side to move and pawn key (its low bits) holds a
 * weighted moving average of the error {@code search score - static evaluation} found at the nodes of that
 * structure, in fixed point ({@link #GRAIN} per centipawn) and within ±{@link #LIMIT_CP} centipawns; the search adds
 * it to the evaluation it prunes with. Written after the pawn correction tables of strong open engines (Stockfish,
 * Berserk, Weiss) in their early, single-table form: each update weighs {@code min(depth + 1, 16)} parts in 256
 * against the old entry, so deep results count more; at depth 15 and up, 36 agreeing updates bring an entry 90 % of
 * the way to their error.
 *
 * <p>Kept from move to move of a game, like {@link History}: a pawn structure misjudged a move ago mostly still is.
 * A new game forgets it ({@link #clear}). One per {@link Search}, allocated once: nothing is allocated per node.
 */
final class CorrectionHistory {
    /** Fixed point: an entry holds this many units per centipawn, so small weights still move it. */
    static final int GRAIN = 256;
    /** Entries per side to move, a power of two, indexed by the low bits of the pawn key. */
    static final int PAWN_ENTRIES = 16_384;
    /** The largest correction, either way, in centipawns: the evaluation is corrected, never overruled. */
    static final int LIMIT_CP = 32;
    private static final int LIMIT = LIMIT_CP * GRAIN;
    /** An update's weight and the entry's share are counted in parts of this. */
    private static final int WEIGHT_SCALE = 256;
    /** The weight of an update at depth d is min(d + 1, MAX_WEIGHT) parts of WEIGHT_SCALE. */
    private static final int MAX_WEIGHT = 16;
    private static final int MASK = PAWN_ENTRIES - 1;

    /** By side to move, then pawn-key index: {@code side * PAWN_ENTRIES + (pawnKey & MASK)}. */
    private final int[] pawn = new int[2 * PAWN_ENTRIES];

    /** Forgets everything, for a new game. */
    void clear() {
        Arrays.fill(pawn, 0);
    }

    /** The correction in centipawns for {@code side} to move with these pawns, within ±{@link #LIMIT_CP}. */
    int correction(int side, long pawnKey) {
        return pawn[index(side, pawnKey)] / GRAIN;
    }

    /**
     * A search of depth {@code depth} found the evaluation of a position ({@code side} to move, these pawns) off by
     * {@code error} centipawns (search score minus raw evaluation): the entry moves towards it by
     * {@code min(depth + 1, 16)} / 256 of the distance, and stays within the limit.
     */
    void update(int side, long pawnKey, int error, int depth) {
        int index = index(side, pawnKey);
        // An error is under 64,000 cp (two scores below the mates), so error × GRAIN × weight stays under 2^28.
        int target = error * GRAIN;
        int weight = Math.min(depth + 1, MAX_WEIGHT);
        int entry = (pawn[index] * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        pawn[index] = Math.max(-LIMIT, Math.min(LIMIT, entry));
    }

    private static int index(int side, long pawnKey) {
        return side * PAWN_ENTRIES + ((int) pawnKey & MASK);
    }
}
