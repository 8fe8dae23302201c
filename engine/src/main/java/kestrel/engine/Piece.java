package kestrel.engine;

/**
 * Colours, piece types and coloured pieces as small ints.
 *
 * <p>A coloured piece is {@code 2 * type + color}: white pawn 0, black pawn 1, white knight 2, ... black king 11.
 * Polyglot numbers its "kinds" black pawn 0, white pawn 1, black knight 2, ..., so the Polyglot kind of a piece is
 * simply {@code piece ^ 1}.
 */
public final class Piece {
    public static final int WHITE = 0, BLACK = 1;

    public static final int PAWN = 0, KNIGHT = 1, BISHOP = 2, ROOK = 3, QUEEN = 4, KING = 5;
    public static final int TYPE_COUNT = 6;

    public static final int WHITE_PAWN = 0, BLACK_PAWN = 1;
    public static final int WHITE_KNIGHT = 2, BLACK_KNIGHT = 3;
    public static final int WHITE_BISHOP = 4, BLACK_BISHOP = 5;
    public static final int WHITE_ROOK = 6, BLACK_ROOK = 7;
    public static final int WHITE_QUEEN = 8, BLACK_QUEEN = 9;
    public static final int WHITE_KING = 10, BLACK_KING = 11;
    public static final int COUNT = 12;
    /** An empty square on the mailbox board. */
    public static final int NONE = 12;

    private static final String LETTERS = "PpNnBbRrQqKk";

    private Piece() {
    }

    public static int of(int color, int type) {
        return 2 * type + color;
    }

    public static int type(int piece) {
        return piece >>> 1;
    }

    public static int color(int piece) {
        return piece & 1;
    }

    /** FEN letter: upper case for White. */
    public static char letter(int piece) {
        return LETTERS.charAt(piece);
    }

    /** The piece for a FEN letter, or {@link #NONE}. */
    public static int fromLetter(char letter) {
        int index = LETTERS.indexOf(letter);
        return index < 0 ? NONE : index;
    }

    /** Lower-case letter of a piece type ("nbrq" for promotions in UCI). */
    public static char typeLetter(int type) {
        return "pnbrqk".charAt(type);
    }
}
