package kestrel.engine.search;

import java.util.Arrays;
import kestrel.engine.Piece;
import kestrel.engine.Position;

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
 * <p>Beside the pawn table, two non-pawn tables, one per colour, keyed by where that colour's other pieces stand
 * ({@link Position#nonPawnKey}): the same placement of the pieces misjudged with other pawns. The search's correction
 * blends the three, the pawn table counting twice ({@link #correction(Position)}); every search result updates all
 * three.
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
    static final int LIMIT_CP = 96;
    private static final int LIMIT = LIMIT_CP * GRAIN;
    /** An update's weight and the entry's share are counted in parts of this. */
    private static final int WEIGHT_SCALE = 256;
    /** The weight of an update at depth d is min(d + 1, MAX_WEIGHT) parts of WEIGHT_SCALE. */
    private static final int MAX_WEIGHT = 16;
    private static final int MASK = PAWN_ENTRIES - 1;

    /** By side to move, then pawn-key index: {@code side * PAWN_ENTRIES + (pawnKey & MASK)}. */
    private final int[] pawn = new int[2 * PAWN_ENTRIES];
    /**
     * By side to move, then the colour whose pieces the key is of, then key index:
     * {@code (side * 2 + colour) * PAWN_ENTRIES + (nonPawnKey & MASK)}.
     */
    private final int[] nonPawn = new int[4 * PAWN_ENTRIES];

    /** Forgets everything, for a new game. */
    void clear() {
        Arrays.fill(pawn, 0);
        Arrays.fill(nonPawn, 0);
    }

    /**
     * The correction in centipawns for {@code position}'s side to move: (2 pawn + white non-pawn + black non-pawn) / 4,
     * so that where all three tables have learnt one error, that error; within ±{@link #LIMIT_CP}.
     */
    int correction(Position position) {
        int side = position.sideToMove();
        int sum = 2 * pawn[index(side, position.pawnKey())]
                + nonPawn[nonPawnIndex(side, Piece.WHITE, position.nonPawnKey(Piece.WHITE))]
                + nonPawn[nonPawnIndex(side, Piece.BLACK, position.nonPawnKey(Piece.BLACK))];
        return sum / (4 * GRAIN);
    }

    /** A search of depth {@code depth} found {@code position}'s evaluation off by {@code error}: all three learn it. */
    void update(Position position, int error, int depth) {
        int side = position.sideToMove();
        int pawnIndex = index(side, position.pawnKey());
        pawn[pawnIndex] = moved(pawn[pawnIndex], error, depth);
        int white = nonPawnIndex(side, Piece.WHITE, position.nonPawnKey(Piece.WHITE));
        nonPawn[white] = moved(nonPawn[white], error, depth);
        int black = nonPawnIndex(side, Piece.BLACK, position.nonPawnKey(Piece.BLACK));
        nonPawn[black] = moved(nonPawn[black], error, depth);
    }

    /**
     * The pawn table's own correction in centipawns for {@code side} to move with these pawns, within
     * ±{@link #LIMIT_CP}: the averaging seen without the blend (the search reads {@link #correction(Position)}).
     */
    int correction(int side, long pawnKey) {
        return pawn[index(side, pawnKey)] / GRAIN;
    }

    /**
     * A search of depth {@code depth} found the evaluation of a position ({@code side} to move, these pawns) off by
     * {@code error} centipawns (search score minus raw evaluation): the pawn table's entry alone moves towards it by
     * {@code min(depth + 1, 16)} / 256 of the distance, and stays within the limit ({@link #update(Position, int,
     * int)} moves all three tables so).
     */
    void update(int side, long pawnKey, int error, int depth) {
        int index = index(side, pawnKey);
        pawn[index] = moved(pawn[index], error, depth);
    }

    /** An entry moved towards {@code error} by the weight of {@code depth}, within the limit. */
    private static int moved(int entry, int error, int depth) {
        // An error is under 64,000 cp (two scores below the mates), so error × GRAIN × weight stays under 2^28.
        int target = error * GRAIN;
        int weight = Math.min(depth + 1, MAX_WEIGHT);
        int next = (entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        return Math.max(-LIMIT, Math.min(LIMIT, next));
    }

    /** The non-pawn tables are laid out as the pawn table is, with side and colour as one row number. */
    private static int nonPawnIndex(int side, int colour, long nonPawnKey) {
        return index(side * 2 + colour, nonPawnKey);
    }

    private static int index(int row, long key) {
        return row * PAWN_ENTRIES + ((int) key & MASK);
    }
}
