package kestrel.engine.nnue;

import kestrel.engine.Piece;

/**
 * The network's inputs: 768 per perspective, one for each (piece colour relative to the perspective, piece type,
 * square). Black's perspective sees the board flipped vertically, so both perspectives share one set of weights and
 * a position and its colour-mirrored twin give the same numbers.
 *
 * <pre>
 *  index = relativeColour * 384 + type * 64 + (perspective == White ? square : square ^ 56)
 *  relativeColour: 0 the perspective's own piece, 1 the other side's
 * </pre>
 *
 * <p>With <b>king mirroring</b> (a network option, file format version 2) each perspective also sees the board flipped
 * left to right (file a becomes file h: square ^ 7) whenever its own king stands on files e to h, so that its king
 * is always on files a to d: {@code index(perspective, piece, square ^ mirror(ownKingSquare))}.
 *
 * <p>With <b>king buckets</b> ({@link KingBuckets}, file format version 3) there are K sets of these 768 inputs, and a
 * perspective's own king square picks the set: {@code bucket * 768 + index(...)}, {@link #bucketed}.
 */
public final class Features {
    public static final int COUNT = 768;
    /** More than any position can hold: at most 32 pieces. */
    public static final int MAX_ACTIVE = 32;
    /** Piece kinds relative to a perspective (own and other colour, six types each): 64 consecutive inputs each. */
    public static final int KINDS = 12;

    private Features() {
    }

    /** The input index of {@code piece} (Kestrel's 0..11) on {@code square} from {@code perspective}'s view. */
    public static int index(int perspective, int piece, int square) {
        int relativeColour = Piece.color(piece) ^ perspective;
        return relativeColour * 384 + Piece.type(piece) * 64 + relativeSquare(perspective, square);
    }

    /** {@link #index} in the inputs of king bucket {@code bucket}: its own 768 inputs start at bucket * 768. */
    public static int bucketed(int bucket, int perspective, int piece, int square) {
        return bucket * COUNT + index(perspective, piece, square);
    }

    /** {@code square} as {@code perspective} sees the board: Black's view flipped vertically. */
    public static int relativeSquare(int perspective, int square) {
        return perspective == Piece.WHITE ? square : square ^ 56;
    }

    /**
     * What king mirroring XORs into every square of a perspective whose king stands on {@code kingSquare}: 7 (files
     * a and h swapped) when the king is on files e to h, 0 on files a to d.
     */
    public static int mirror(int kingSquare) {
        return (kingSquare & 4) != 0 ? 7 : 0;
    }

    /** Whether a king going from {@code from} to {@code to} changes {@link #mirror}: it crosses between d and e. */
    public static boolean crossesMirror(int from, int to) {
        return ((from ^ to) & 4) != 0;
    }

    /** The piece kind (relative colour * 6 + type, 0 .. 11) of input {@code index}: all but its square and bucket. */
    public static int kind(int index) {
        return (index % COUNT) >>> 6;
    }
}
