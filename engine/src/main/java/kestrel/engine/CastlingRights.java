package kestrel.engine;

/**
 * Castling rights as four bits, in Polyglot's order so that bit i selects the key Random64[768 + i].
 * Each right also remembers its rook's square in the position (see {@link Position#castlingRookSquare}), which is
 * what makes Chess960 castling work with the same code.
 */
public final class CastlingRights {
    public static final int WHITE_KING_SIDE = 1;
    public static final int WHITE_QUEEN_SIDE = 2;
    public static final int BLACK_KING_SIDE = 4;
    public static final int BLACK_QUEEN_SIDE = 8;
    public static final int ALL = 15;
    public static final int NONE = 0;

    /** Index 0..3 of a single right, in the same order as the bits. */
    public static final int WHITE_KING_SIDE_INDEX = 0;
    public static final int WHITE_QUEEN_SIDE_INDEX = 1;
    public static final int BLACK_KING_SIDE_INDEX = 2;
    public static final int BLACK_QUEEN_SIDE_INDEX = 3;

    private CastlingRights() {
    }

    /** Both rights of one colour. */
    public static int of(int color) {
        return color == Piece.WHITE ? WHITE_KING_SIDE | WHITE_QUEEN_SIDE : BLACK_KING_SIDE | BLACK_QUEEN_SIDE;
    }

    /** Index 0..3 of the right of a colour on a wing. */
    public static int index(int color, boolean kingSide) {
        return 2 * color + (kingSide ? 0 : 1);
    }

    public static int color(int index) {
        return index >>> 1;
    }
}
