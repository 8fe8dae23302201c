package kestrel.engine.eval;

import kestrel.engine.Attacks;
import kestrel.engine.Bitboards;
import kestrel.engine.Piece;
import kestrel.engine.Square;

/**
 * Pawn-structure features as square sets, and their score. Everything here depends on the pawns alone, so the
 * results can be cached by the pawn key. "Ahead" and "behind" are seen from the pawn's owner.
 */
public final class PawnStructure {
    private static final long[] ADJACENT_FILES = new long[8];
    /** [color][square]: the squares strictly ahead on the same file. */
    private static final long[][] FORWARD_FILE = new long[2][64];
    /** [color][square]: the squares strictly ahead on the same and the neighbouring files. */
    private static final long[][] PASSED_SPAN = new long[2][64];
    /** [color][square]: the neighbouring files' squares on the same rank or behind it. */
    private static final long[][] SUPPORT_SPAN = new long[2][64];

    static {
        for (int file = 0; file < 8; file++) {
            long west = file > 0 ? Bitboards.file(file - 1) : 0;
            long east = file < 7 ? Bitboards.file(file + 1) : 0;
            ADJACENT_FILES[file] = west | east;
        }
        for (int square = 0; square < 64; square++) {
            int file = Square.file(square);
            int rank = Square.rank(square);
            long aheadForWhite = rank == 7 ? 0 : -1L << (8 * (rank + 1));
            long aheadForBlack = (1L << (8 * rank)) - 1;
            long[] ahead = {aheadForWhite, aheadForBlack};
            for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
                FORWARD_FILE[color][square] = ahead[color] & Bitboards.file(file);
                PASSED_SPAN[color][square] = ahead[color] & (Bitboards.file(file) | ADJACENT_FILES[file]);
                SUPPORT_SPAN[color][square] = ~ahead[color] & ADJACENT_FILES[file];
            }
        }
    }

    private PawnStructure() {
    }

    /** The squares strictly ahead of a square on its file, seen from {@code color}. */
    static long forwardFile(int color, int square) {
        return FORWARD_FILE[color][square];
    }

    /** The rank counted from {@code color}'s side: 0 for its back rank, 7 for its promotion rank. */
    public static int relativeRank(int color, int square) {
        return color == Piece.WHITE ? Square.rank(square) : 7 - Square.rank(square);
    }

    /** Squares attacked by the pawns of {@code color}. */
    public static long attacks(int color, long pawns) {
        long west = pawns & ~Bitboards.FILE_A;
        long east = pawns & ~Bitboards.FILE_H;
        return color == Piece.WHITE ? (west << 7) | (east << 9) : (west >>> 9) | (east >>> 7);
    }

    /**
     * Passed pawns: no enemy pawn ahead on the same or a neighbouring file can stop or take them. Of doubled
     * pawns only the front one counts; the one behind is blocked by its own colour.
     */
    public static long passed(int color, long own, long enemy) {
        long result = 0;
        for (long pawns = own; pawns != 0; pawns &= pawns - 1) {
            int square = Long.numberOfTrailingZeros(pawns);
            if ((PASSED_SPAN[color][square] & enemy) == 0 && (FORWARD_FILE[color][square] & own) == 0) {
                result |= 1L << square;
            }
        }
        return result;
    }

    /** Doubled pawns: each pawn with another of its colour ahead on its file (n pawns on a file give n - 1). */
    public static long doubled(int color, long own) {
        long result = 0;
        for (long pawns = own; pawns != 0; pawns &= pawns - 1) {
            int square = Long.numberOfTrailingZeros(pawns);
            if ((FORWARD_FILE[color][square] & own) != 0) {
                result |= 1L << square;
            }
        }
        return result;
    }

    /** Isolated pawns: no pawn of the same colour on either neighbouring file. */
    public static long isolated(long own) {
        long result = 0;
        for (long pawns = own; pawns != 0; pawns &= pawns - 1) {
            int square = Long.numberOfTrailingZeros(pawns);
            if ((ADJACENT_FILES[Square.file(square)] & own) == 0) {
                result |= 1L << square;
            }
        }
        return result;
    }

    /**
     * Backward pawns: not isolated, yet every own pawn on the neighbouring files is further advanced, so none can
     * come to guard it, and an enemy pawn guards the square in front of it.
     */
    public static long backward(int color, long own, long enemy) {
        long enemyAttacks = attacks(color ^ 1, enemy);
        long result = 0;
        for (long pawns = own; pawns != 0; pawns &= pawns - 1) {
            int square = Long.numberOfTrailingZeros(pawns);
            int stop = color == Piece.WHITE ? square + 8 : square - 8;
            if ((ADJACENT_FILES[Square.file(square)] & own) != 0
                    && (SUPPORT_SPAN[color][square] & own) == 0
                    && (enemyAttacks & (1L << stop)) != 0) {
                result |= 1L << square;
            }
        }
        return result;
    }

    /** Connected pawns: guarded by a pawn of the same colour or standing beside one on the same rank. */
    public static long connected(int color, long own) {
        long guarded = own & attacks(color, own);
        long beside = own & (((own & ~Bitboards.FILE_A) >>> 1) | ((own & ~Bitboards.FILE_H) << 1));
        return guarded | beside;
    }

    /** The structure score of {@code color}'s pawns (doubled, isolated, backward, connected), packed. */
    public static int score(int color, long own, long enemy) {
        int score = TaperedScore.ZERO;
        score += EvalWeights.DOUBLED_PAWN * Long.bitCount(doubled(color, own));
        score += EvalWeights.ISOLATED_PAWN * Long.bitCount(isolated(own));
        score += EvalWeights.BACKWARD_PAWN * Long.bitCount(backward(color, own, enemy));
        for (long pawns = connected(color, own); pawns != 0; pawns &= pawns - 1) {
            score += EvalWeights.CONNECTED_PAWN[relativeRank(color, Long.numberOfTrailingZeros(pawns))];
        }
        return score;
    }
}
