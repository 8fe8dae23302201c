package kestrel.engine.syzygy;

import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * Material as a 40-bit key, and table names ({@code KRPvKR}) to and from it.
 *
 * <pre>
 *  bits 4 * (5 * colour + type) .. + 3 : how many pieces of that colour and type (pawn 0 .. queen 4)
 * </pre>
 * Kings are implied (one each). A table is named with White's pieces first; the same table serves the position
 * with colours swapped, whose key is {@link #swapColors}.
 */
final class Material {
    private static final String TYPE_LETTERS = "PNBRQ";
    private static final int NAME_ORDER_QUEEN_FIRST = 4;

    private Material() {
    }

    static long keyOf(Position position) {
        long key = 0;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                key += (long) Long.bitCount(position.pieces(color, type)) << shift(color, type);
            }
        }
        return key;
    }

    static int count(long key, int color, int type) {
        return (int) (key >>> shift(color, type)) & 0xF;
    }

    static long swapColors(long key) {
        return (key >>> 20) | (key & 0xFFFFFL) << 20;
    }

    /** All pieces, kings included. */
    static int pieceCount(long key) {
        int count = 2;
        for (int i = 0; i < 10; i++) {
            count += (int) (key >>> 4 * i) & 0xF;
        }
        return count;
    }

    static int pawns(long key, int color) {
        return count(key, color, Piece.PAWN);
    }

    /** The key of a table name such as {@code KQRvKR}; -1 if the name is not one. */
    static long parse(String name) {
        int v = name.indexOf('v');
        if (v < 1 || name.charAt(0) != 'K' || v + 1 >= name.length() || name.charAt(v + 1) != 'K'
                || name.length() > 9) {
            return -1;
        }
        long key = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i == 0 || i == v || i == v + 1) {
                continue;
            }
            int type = TYPE_LETTERS.indexOf(c);
            if (type < 0) {
                return -1;
            }
            int color = i < v ? Piece.WHITE : Piece.BLACK;
            key += 1L << shift(color, type);
        }
        return key;
    }

    /** The name with White's pieces first, strongest first: {@code KQRvKR}. */
    static String name(long key) {
        StringBuilder name = new StringBuilder();
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            if (color == Piece.BLACK) {
                name.append('v');
            }
            name.append('K');
            for (int type = NAME_ORDER_QUEEN_FIRST; type >= Piece.PAWN; type--) {
                name.append(String.valueOf(TYPE_LETTERS.charAt(type)).repeat(count(key, color, type)));
            }
        }
        return name.toString();
    }

    private static int shift(int color, int type) {
        return 4 * (5 * color + type);
    }
}
