package kestrel.engine.eval;

import kestrel.engine.Piece;
import kestrel.engine.Square;

/**
 * Material plus piece-square values for the midgame and the endgame, from White's point of view, indexed
 * [piece][square]. The position keeps their sums incrementally; {@link #PHASE} weights give the game phase.
 * Tables are written for White with a1 = index 0; Black's are the mirror image, negated.
 */
public final class PieceSquareTables {
    /** Phase weight of each piece type; the sum over the start position is {@link #MAX_PHASE}. */
    public static final int[] PHASE = {0, 1, 1, 2, 4, 0};
    public static final int MAX_PHASE = 24;

    private static final int[] MATERIAL_MG = {100, 320, 330, 500, 950, 0};
    private static final int[] MATERIAL_EG = {120, 300, 320, 530, 980, 0};

    private static final int[][] MG = new int[Piece.COUNT][64];
    private static final int[][] EG = new int[Piece.COUNT][64];

    static {
        for (int type = Piece.PAWN; type <= Piece.KING; type++) {
            for (int square = 0; square < 64; square++) {
                int centre = centrality(square);
                int mg = MATERIAL_MG[type] + (type == Piece.KING ? -centre : centre);
                int eg = MATERIAL_EG[type] + centre;
                MG[Piece.of(Piece.WHITE, type)][square] = mg;
                EG[Piece.of(Piece.WHITE, type)][square] = eg;
                MG[Piece.of(Piece.BLACK, type)][Square.flipRank(square)] = -mg;
                EG[Piece.of(Piece.BLACK, type)][Square.flipRank(square)] = -eg;
            }
        }
    }

    private PieceSquareTables() {
    }

    public static int midgame(int piece, int square) {
        return MG[piece][square];
    }

    public static int endgame(int piece, int square) {
        return EG[piece][square];
    }

    private static int centrality(int square) {
        int file = Square.file(square);
        int rank = Square.rank(square);
        int distance = Math.max(Math.abs(2 * file - 7), Math.abs(2 * rank - 7));
        return 8 - 2 * distance;
    }
}
