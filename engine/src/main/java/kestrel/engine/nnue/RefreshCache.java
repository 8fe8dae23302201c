package kestrel.engine.nnue;

import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * Refreshes an accumulator from the last one refreshed for the same view instead of from an empty board. A
 * king-mirrored network must sum a perspective's accumulator afresh whenever that side's king crosses between the d
 * and e files; summing all pieces (about 32 weight rows) is what made king mirroring cost 20 of its 25 to 30 ns a
 * move in {@code InferenceSpeed}. This cache keeps, for each perspective and each view its king can give it (the side
 * of the board with king mirroring, times the king bucket), the accumulator of the last refresh and the pieces it was
 * computed for; the next refresh of that view applies only the pieces that changed since, usually a handful. The
 * field's engines call such a cache "Finny tables". Integer sums in any order give the same bits, so the result
 * equals a refresh from scratch.
 *
 * <p>One per search thread, like {@link Accumulators}; allocates only when made.
 */
final class RefreshCache {
    private final Network network;
    private final int hidden;
    /** A perspective's views: {@link Network#view} is 0 .. 2K - 1. */
    private final int viewsPerPerspective;
    /** Indexed by perspective * viewsPerPerspective + {@link Network#view}. */
    private final short[][] accumulators;
    /** The bitboard of each piece (0 .. 11) that {@link #accumulators} were computed for, per view. */
    private final long[][] pieces;
    /** The features to take out and put in (at most 32 each: the pieces of two boards), gathered to apply in pairs. */
    private final int[] removed = new int[64];
    private final int[] added = new int[64];

    RefreshCache(Network network) {
        this.network = network;
        this.hidden = network.hidden();
        this.viewsPerPerspective = 2 * network.kingBuckets().count();
        this.accumulators = new short[2 * viewsPerPerspective][hidden];
        this.pieces = new long[2 * viewsPerPerspective][Piece.COUNT];
        for (short[] accumulator : accumulators) {
            // An empty board's accumulator: the biases alone, matching pieces of all zeros.
            network.copyBiases(accumulator);
        }
    }

    /** Fills {@code target} with {@code perspective}'s accumulator of {@code position}, as from its pieces. */
    void refresh(Position position, int perspective, short[] target) {
        int kingSquare = position.kingSquare(perspective);
        int mirror = network.mirrorOfKing(kingSquare);
        int ownView = network.view(perspective, kingSquare);
        int bucket = ownView >>> 1;
        int view = perspective * viewsPerPerspective + ownView;
        short[] accumulator = accumulators[view];
        long[] seen = pieces[view];
        int removedCount = 0;
        int addedCount = 0;
        for (int piece = 0; piece < Piece.COUNT; piece++) {
            long now = position.pieces(Piece.color(piece), Piece.type(piece));
            for (long gone = seen[piece] & ~now; gone != 0; gone &= gone - 1) {
                int square = Long.numberOfTrailingZeros(gone);
                removed[removedCount++] = Features.bucketed(bucket, perspective, piece, square ^ mirror);
            }
            for (long come = now & ~seen[piece]; come != 0; come &= come - 1) {
                int square = Long.numberOfTrailingZeros(come);
                added[addedCount++] = Features.bucketed(bucket, perspective, piece, square ^ mirror);
            }
            seen[piece] = now;
        }
        int pairs = Math.min(removedCount, addedCount);
        for (int i = 0; i < pairs; i++) {
            network.subtractAdd(accumulator, accumulator, removed[i], added[i]);
        }
        for (int i = pairs; i < removedCount; i++) {
            network.subtractFeature(accumulator, removed[i]);
        }
        for (int i = pairs; i < addedCount; i++) {
            network.addFeature(accumulator, added[i]);
        }
        System.arraycopy(accumulator, 0, target, 0, hidden);
    }
}
