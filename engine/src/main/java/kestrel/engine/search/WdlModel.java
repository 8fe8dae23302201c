package kestrel.engine.search;

import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * Win, draw and loss chances for a search score, for {@code UCI_ShowWDL}: the share of games, in per mille, that
 * Kestrel won, drew and lost from positions where it reported such a score with so much material on the board.
 *
 * <p>The model is logistic: {@code win = 1 / (1 + exp((a - score) / b))} and {@code loss = 1 / (1 + exp((a + score)
 * / b))}, the draw share the rest. {@code a} is the score at which a win is as likely as not and {@code b} how
 * sharply the chance turns around it; both are linear in the material on the board, because the same advantage
 * converts more surely with fewer pieces left. The four numbers were fitted by maximum likelihood to Kestrel's own
 * self-play games; docs/uci.md says how, and {@code tools/wdl/fit_wdl.py} reproduces them.
 */
public final class WdlModel {
    /** Material counted as pawn 1, knight and bishop 3, rook 5, queen 9, both sides; clamped to this range. */
    private static final int MIN_MATERIAL = 10;
    private static final int MAX_MATERIAL = 78;

    // Fitted parameters: a = A0 + A1 * m, b = B0 + B1 * m, with m = material / 58 (58 is the middle game's usual).
    private static final double A0 = 222.83;
    private static final double A1 = -117.46;
    private static final double B0 = 96.84;
    private static final double B1 = 8.94;

    private static final int[] MATERIAL_VALUES = new int[Piece.TYPE_COUNT];

    static {
        MATERIAL_VALUES[Piece.PAWN] = 1;
        MATERIAL_VALUES[Piece.KNIGHT] = 3;
        MATERIAL_VALUES[Piece.BISHOP] = 3;
        MATERIAL_VALUES[Piece.ROOK] = 5;
        MATERIAL_VALUES[Piece.QUEEN] = 9;
    }

    private WdlModel() {
    }

    /** The material on the board, both sides, as this model counts it (39 each at the start). */
    public static int material(Position position) {
        int total = 0;
        for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
            total += MATERIAL_VALUES[type] * Long.bitCount(position.piecesOfType(type));
        }
        return total;
    }

    /**
     * Win, draw and loss per mille, summing to 1000, for {@code score} (centipawns or a mate score, the mover's
     * view) with {@code material} on the board.
     */
    public static int[] perMille(int score, int material) {
        if (score >= Score.MATE_BOUND) {
            return new int[] {1000, 0, 0};
        }
        if (score <= -Score.MATE_BOUND) {
            return new int[] {0, 0, 1000};
        }
        double m = Math.max(MIN_MATERIAL, Math.min(MAX_MATERIAL, material)) / 58.0;
        double a = A0 + A1 * m;
        double b = B0 + B1 * m;
        int win = (int) Math.round(1000 / (1 + Math.exp((a - score) / b)));
        int loss = (int) Math.round(1000 / (1 + Math.exp((a + score) / b)));
        return new int[] {win, 1000 - win - loss, loss};
    }
}
