package kestrel.engine;

/**
 * A move packed in the low 16 bits of an int, so that it fits a transposition-table entry:
 *
 * <pre>
 *  bits  0-5   from square
 *  bits  6-11  to square (for castling: the square of the castling rook, "king takes rook")
 *  bits 12-13  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
 *  bits 14-15  promotion piece type minus KNIGHT: 0 knight, 1 bishop, 2 rook, 3 queen
 * </pre>
 *
 * Castling is stored as king-takes-rook so that Chess960 needs no special case; {@link #toUci} writes the usual
 * {@code e1g1} unless Chess960 notation is asked for. The value 0 (a1a1) is never a legal move and means "no move".
 */
public final class Move {
    public static final int NONE = 0;

    public static final int NORMAL = 0;
    public static final int PROMOTION = 1;
    public static final int EN_PASSANT = 2;
    public static final int CASTLING = 3;

    private Move() {
    }

    public static int of(int from, int to) {
        return from | (to << 6);
    }

    public static int of(int from, int to, int kind) {
        return from | (to << 6) | (kind << 12);
    }

    public static int promotion(int from, int to, int pieceType) {
        return from | (to << 6) | (PROMOTION << 12) | ((pieceType - Piece.KNIGHT) << 14);
    }

    public static int from(int move) {
        return move & 63;
    }

    public static int to(int move) {
        return (move >>> 6) & 63;
    }

    public static int kind(int move) {
        return (move >>> 12) & 3;
    }

    public static boolean isPromotion(int move) {
        return kind(move) == PROMOTION;
    }

    public static boolean isCastling(int move) {
        return kind(move) == CASTLING;
    }

    public static boolean isEnPassant(int move) {
        return kind(move) == EN_PASSANT;
    }

    /** The promotion piece type (KNIGHT..QUEEN); meaningful only for promotions. */
    public static int promotionType(int move) {
        return ((move >>> 14) & 3) + Piece.KNIGHT;
    }

    /** Where the king lands when castling with the rook on {@code rookSquare}: the g- or c-file of its rank. */
    public static int castlingKingTarget(int kingSquare, int rookSquare) {
        return Square.of(rookSquare > kingSquare ? 6 : 2, Square.rank(kingSquare));
    }

    /** Where the rook lands when castling: the f- or d-file of its rank. */
    public static int castlingRookTarget(int kingSquare, int rookSquare) {
        return Square.of(rookSquare > kingSquare ? 5 : 3, Square.rank(kingSquare));
    }

    /**
     * UCI long algebraic notation: {@code e2e4}, {@code e7e8q}; castling as {@code e1g1}, or as king takes rook
     * ({@code e1h1}) when {@code chess960} is true. {@code 0000} for no move.
     */
    public static String toUci(int move, boolean chess960) {
        if (move == NONE) {
            return "0000";
        }
        int from = from(move);
        int to = to(move);
        if (kind(move) == CASTLING && !chess960) {
            to = castlingKingTarget(from, to);
        }
        String text = Square.name(from) + Square.name(to);
        if (kind(move) == PROMOTION) {
            text += Piece.typeLetter(promotionType(move));
        }
        return text;
    }

    public static String toUci(int move) {
        return toUci(move, false);
    }
}
