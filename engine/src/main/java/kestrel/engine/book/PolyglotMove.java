package kestrel.engine.book;

import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * The 16-bit move field of a Polyglot book entry, and its translation to and from our {@link Move}:
 *
 * <pre>
 *  bits  0-2   to-file     (bits 0-5 together: the to-square, a1 = 0 .. h8 = 63, as our squares)
 *  bits  3-5   to-row
 *  bits  6-8   from-file   (bits 6-11 together: the from-square)
 *  bits  9-11  from-row
 *  bits 12-14  promotion: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen (the values of our piece types)
 *  bit  15     unused
 * </pre>
 *
 * Castling is written as the king taking its own rook ({@code e1h1}, {@code e1a1}, {@code e8h8}, {@code e8a8}),
 * which is also how our castling moves are stored, so the two encodings line up square for square.
 */
public final class PolyglotMove {
    private static final int SQUARE_MASK = 63;
    private static final int FROM_SHIFT = 6;
    private static final int PROMOTION_SHIFT = 12;
    private static final int PROMOTION_MASK = 7;
    private static final int NO_PROMOTION = 0;

    private PolyglotMove() {
    }

    public static int from(int polyglotMove) {
        return (polyglotMove >>> FROM_SHIFT) & SQUARE_MASK;
    }

    public static int to(int polyglotMove) {
        return polyglotMove & SQUARE_MASK;
    }

    /** The promotion field: 0 for none, else the piece type (KNIGHT..QUEEN); 5 to 7 occur only in broken books. */
    public static int promotion(int polyglotMove) {
        return (polyglotMove >>> PROMOTION_SHIFT) & PROMOTION_MASK;
    }

    /** The Polyglot encoding of one of our moves (castling stays king takes rook). */
    public static int encode(int move) {
        int promotion = Move.isPromotion(move) ? Move.promotionType(move) : NO_PROMOTION;
        return Move.to(move) | Move.from(move) << FROM_SHIFT | promotion << PROMOTION_SHIFT;
    }

    /**
     * The legal move of the position that the entry's move field describes, or {@link Move#NONE} when no legal move
     * matches (an entry from a colliding key, or a broken book). {@code scratch} must hold
     * {@link MoveGenerator#MAX_MOVES} moves.
     */
    public static int decode(Position position, int polyglotMove, int[] scratch) {
        int count = MoveGenerator.legalMoves(position, scratch, 0);
        return match(polyglotMove, scratch, count);
    }

    /** The move among {@code moves[0..count)} whose Polyglot encoding is {@code polyglotMove}, or Move.NONE. */
    static int match(int polyglotMove, int[] moves, int count) {
        // Bit 15 is not part of the move; masking it keeps a stray bit from hiding a good entry.
        int wanted = polyglotMove & 0x7FFF;
        for (int i = 0; i < count; i++) {
            if (encode(moves[i]) == wanted) {
                return moves[i];
            }
        }
        return Move.NONE;
    }

    /** The move field as Polyglot's own tools write it: {@code e2e4}, {@code e7e8q}, castling {@code e1h1}. */
    public static String toText(int polyglotMove) {
        String text = Square.name(from(polyglotMove)) + Square.name(to(polyglotMove));
        int promotion = promotion(polyglotMove);
        if (promotion == NO_PROMOTION) {
            return text;
        }
        return text + (promotion >= Piece.KNIGHT && promotion <= Piece.QUEEN ? Piece.typeLetter(promotion) : '?');
    }
}
