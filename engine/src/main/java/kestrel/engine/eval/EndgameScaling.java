package kestrel.engine.eval;

import kestrel.engine.Bitboards;
import kestrel.engine.Piece;
import kestrel.engine.PieceSquareTables;
import kestrel.engine.Position;

/**
 * Draw knowledge: positions no one can win (insufficient material), and endgames where the side ahead on the
 * count rarely wins, whose score is scaled down by a factor out of {@link #NORMAL}.
 */
final class EndgameScaling {
    /** The scale of an ordinary position: the score stands as counted. */
    static final int NORMAL = 64;
    /** The side ahead cannot force mate at all (e.g. a lone minor piece and no pawns). */
    static final int CANNOT_WIN = 0;
    /** No pawns, an edge of at most a minor piece, and the defender has at most a minor: KR v KB, KR v KN. */
    static final int PAWNLESS_VERSUS_MINOR = 8;
    /** No pawns, an edge of at most a minor piece, the defender has more: KRB v KR, KQ v KBB. */
    static final int PAWNLESS_SMALL_EDGE = 16;
    /** Each side has one bishop and nothing else, the bishops on opposite colours, before passed pawns count. */
    static final int OPPOSITE_BISHOPS_ALONE = 24;
    /** What each passed pawn of the side ahead adds back in such a bishop ending. */
    static final int OPPOSITE_BISHOPS_PER_PASSED_PAWN = 8;
    /** Opposite-coloured bishops with other pieces still on the board. */
    static final int OPPOSITE_BISHOPS_WITH_PIECES = 50;

    private EndgameScaling() {
    }

    /**
     * True when neither side can ever mate, whatever is played: no pawns, rooks or queens, and either at most
     * one minor piece on the board, or only bishops all standing on squares of one colour (K+B v K+B with
     * bishops on the same colour). K+N+N v K and K+B v K+N are not here: a mate exists, if not a forced one.
     */
    static boolean isInsufficientMaterial(Position position) {
        if ((position.piecesOfType(Piece.PAWN) | position.piecesOfType(Piece.ROOK)
                | position.piecesOfType(Piece.QUEEN)) != 0) {
            return false;
        }
        long knights = position.piecesOfType(Piece.KNIGHT);
        long bishops = position.piecesOfType(Piece.BISHOP);
        long minors = knights | bishops;
        if ((minors & (minors - 1)) == 0) {
            return true;
        }
        return knights == 0 && ((bishops & Bitboards.LIGHT_SQUARES) == 0 || (bishops & Bitboards.DARK_SQUARES) == 0);
    }

    /**
     * The scale, 0 .. {@link #NORMAL}, of a position where {@code strong} is ahead on the count and has the
     * passed pawns {@code strongPassed}.
     */
    static int scale(Position position, int strong, long strongPassed) {
        int weak = strong ^ 1;
        if (position.pieces(strong, Piece.PAWN) == 0) {
            int strongMaterial = nonPawnMaterial(position, strong);
            int weakMaterial = nonPawnMaterial(position, weak);
            if (strongMaterial < PieceSquareTables.materialMidgame(Piece.ROOK)) {
                return CANNOT_WIN;
            }
            if (isTwoKnightsAgainstBareKing(position, strong, weak)) {
                return CANNOT_WIN;
            }
            if (strongMaterial - weakMaterial <= PieceSquareTables.materialMidgame(Piece.BISHOP)) {
                return weakMaterial <= PieceSquareTables.materialMidgame(Piece.BISHOP)
                        ? PAWNLESS_VERSUS_MINOR : PAWNLESS_SMALL_EDGE;
            }
        }
        long whiteBishops = position.pieces(Piece.WHITE, Piece.BISHOP);
        long blackBishops = position.pieces(Piece.BLACK, Piece.BISHOP);
        if (Long.bitCount(whiteBishops) == 1 && Long.bitCount(blackBishops) == 1
                && ((whiteBishops & Bitboards.LIGHT_SQUARES) == 0) != ((blackBishops & Bitboards.LIGHT_SQUARES) == 0)) {
            long others = position.piecesOfType(Piece.KNIGHT) | position.piecesOfType(Piece.ROOK)
                    | position.piecesOfType(Piece.QUEEN);
            if (others != 0) {
                return OPPOSITE_BISHOPS_WITH_PIECES;
            }
            return Math.min(NORMAL,
                    OPPOSITE_BISHOPS_ALONE + OPPOSITE_BISHOPS_PER_PASSED_PAWN * Long.bitCount(strongPassed));
        }
        return NORMAL;
    }

    /** Two knights cannot force mate against a lone king; against pawns they sometimes can. */
    private static boolean isTwoKnightsAgainstBareKing(Position position, int strong, int weak) {
        long strongPieces = position.piecesOfColor(strong) & ~position.pieces(strong, Piece.KING);
        return strongPieces == position.pieces(strong, Piece.KNIGHT)
                && Long.bitCount(strongPieces) <= 2
                && position.piecesOfColor(weak) == position.pieces(weak, Piece.KING);
    }

    /** The midgame value of a side's knights, bishops, rooks and queens. */
    static int nonPawnMaterial(Position position, int color) {
        int total = 0;
        for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) {
            total += Long.bitCount(position.pieces(color, type)) * PieceSquareTables.materialMidgame(type);
        }
        return total;
    }
}
