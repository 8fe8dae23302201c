package kestrel.engine;

/** Constants and small helpers for 64-bit square sets (bit i = square i). */
public final class Bitboards {
    public static final long FILE_A = 0x0101010101010101L;
    public static final long FILE_H = FILE_A << 7;
    public static final long RANK_1 = 0xFFL;
    public static final long RANK_2 = RANK_1 << 8;
    public static final long RANK_3 = RANK_1 << 16;
    public static final long RANK_4 = RANK_1 << 24;
    public static final long RANK_5 = RANK_1 << 32;
    public static final long RANK_6 = RANK_1 << 40;
    public static final long RANK_7 = RANK_1 << 48;
    public static final long RANK_8 = RANK_1 << 56;
    /** a1 is dark, b1 light: the light squares. */
    public static final long LIGHT_SQUARES = 0x55AA55AA55AA55AAL;
    public static final long DARK_SQUARES = ~LIGHT_SQUARES;

    private static final long[][] BETWEEN = new long[64][64];
    private static final long[][] LINE = new long[64][64];

    static {
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) {
                    continue;
                }
                int df = Integer.signum(Square.file(b) - Square.file(a));
                int dr = Integer.signum(Square.rank(b) - Square.rank(a));
                int fileDistance = Math.abs(Square.file(b) - Square.file(a));
                int rankDistance = Math.abs(Square.rank(b) - Square.rank(a));
                boolean aligned = fileDistance == 0 || rankDistance == 0 || fileDistance == rankDistance;
                if (!aligned) {
                    continue;
                }
                long between = 0;
                int f = Square.file(a) + df;
                int r = Square.rank(a) + dr;
                while (Square.of(f, r) != b) {
                    between |= bit(Square.of(f, r));
                    f += df;
                    r += dr;
                }
                BETWEEN[a][b] = between;
                long line = 0;
                f = Square.file(a);
                r = Square.rank(a);
                while (f - df >= 0 && f - df < 8 && r - dr >= 0 && r - dr < 8) {
                    f -= df;
                    r -= dr;
                }
                while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                    line |= bit(Square.of(f, r));
                    f += df;
                    r += dr;
                }
                LINE[a][b] = line;
            }
        }
    }

    private Bitboards() {
    }

    public static long bit(int square) {
        return 1L << square;
    }

    /** The squares of a file, a = 0 .. h = 7. */
    public static long file(int file) {
        return FILE_A << file;
    }

    /** The squares of a rank, the first = 0 .. the eighth = 7. */
    public static long rank(int rank) {
        return RANK_1 << (8 * rank);
    }

    public static boolean contains(long set, int square) {
        return (set & (1L << square)) != 0;
    }

    /** Squares strictly between two aligned squares; empty when they are not on one line. */
    public static long between(int a, int b) {
        return BETWEEN[a][b];
    }

    /** The whole line (rank, file or diagonal) through two aligned squares; empty when not aligned. */
    public static long line(int a, int b) {
        return LINE[a][b];
    }

    /** Squares a..b inclusive on one rank (used for castling paths). */
    public static long span(int a, int b) {
        return BETWEEN[a][b] | bit(a) | bit(b);
    }

    /** The board as eight lines of 'x' and '.', rank 8 first; for debugging. */
    public static String toString(long set) {
        StringBuilder text = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            for (int file = 0; file < 8; file++) {
                text.append(contains(set, Square.of(file, rank)) ? 'x' : '.');
            }
            text.append('\n');
        }
        return text.toString();
    }
}
