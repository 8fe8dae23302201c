package kestrel.engine.syzygy;

import java.util.Arrays;
import kestrel.engine.Attacks;

/**
 * How a position becomes an index into a table: the square tables and the two encodings, for tables without pawns
 * and with them. Every table here is computed from its definition when the class loads.
 *
 * <p>Squares are Kestrel's (a1 = 0 .. h8 = 63). The caller hands over the squares already in the table's piece
 * order; the encoders mirror them in place (so the array is scratch) and return the index.
 *
 * <p><b>Without pawns</b> the board has 8 symmetries. The first piece is brought to the a1-d1-d4 triangle (mirror
 * files if it stands on e-h, ranks if on 5-8); if it and the pieces after it lie on the a1-h8 diagonal, the first
 * one off it is brought below it (mirror in the diagonal). The leading group is then either three unique pieces
 * (31,332 placements) or the two kings (462 placements with the kings apart). Every further group of like pieces
 * is a combination: its squares in ascending order, each lowered by the number of squares of earlier groups below
 * it, numbered by the combinatorial number system.
 *
 * <p><b>With pawns</b> only the file mirror applies. The leading pawns (one colour's) come first: the one nearest
 * an edge file, then lowest rank, leads and decides the file (a-d after mirroring) whose sub-table is used; the
 * other leading pawns are a combination over the squares "after" it in the order {@link #PAWN_TWIST}. The other
 * colour's pawns form a combination over the 48 pawn squares, then the pieces as above.
 *
 * <p>The group order inside the index (which group varies fastest) is stored per table as factors; the encoders
 * just multiply by them.
 */
final class TableIndexing {
    /** Placements of three unique leading pieces, and of two kings alone. */
    static final int THREE_PIECE_PLACEMENTS = 31_332;
    static final int KING_PAIR_PLACEMENTS = 462;

    /** {@code BINOMIAL[k][n]} = n choose k. */
    static final long[][] BINOMIAL = new long[7][64];
    /** Sign of rank - file: 0 on the a1-h8 diagonal, 1 above it, -1 below it. */
    private static final int[] OFF_DIAGONAL = new int[64];
    /** The a1-d1-d4 triangle numbered 0..9: b1 c1 d1 c2 d2 d3 below the diagonal, then a1 b2 c3 d4. */
    private static final int[] TRIANGLE = new int[64];
    /** Squares below the a1-h8 diagonal numbered 0..27 in square order. */
    private static final int[] BELOW_DIAGONAL = new int[64];
    /** {@code KING_PAIR[triangle index][second king]}: 0..461, -1 where the kings touch or the pair is redundant. */
    private static final int[][] KING_PAIR = new int[10][64];
    /**
     * Order of pawn squares: files nearer an edge first (a and h, then b and g, ...), within that lower ranks
     * first, the a-d half before the e-h half; larger numbers come first. 0..47 on ranks 2..7.
     */
    static final int[] PAWN_TWIST = new int[64];
    /** The leading pawn's square on files a-d numbered 0..23: file * 6 + rank - 1 (mirrored for e-h). */
    static final int[] PAWN_FLAP = new int[64];
    /** {@code PAWN_INDEX[other leading pawns][flap]}: where the placements with that leading square start. */
    private static final long[][] PAWN_INDEX = new long[6][24];
    /** {@code PAWN_FACTOR[other leading pawns][file]}: placements of all leading pawns with the lead on that file. */
    static final long[][] PAWN_FACTOR = new long[6][4];

    static {
        for (int n = 0; n < 64; n++) {
            BINOMIAL[0][n] = 1;
        }
        for (int k = 1; k < 7; k++) {
            for (int n = 1; n < 64; n++) {
                BINOMIAL[k][n] = BINOMIAL[k - 1][n - 1] + BINOMIAL[k][n - 1];
            }
        }
        int below = 0;
        for (int sq = 0; sq < 64; sq++) {
            OFF_DIAGONAL[sq] = Integer.signum(rank(sq) - file(sq));
            if (OFF_DIAGONAL[sq] < 0) {
                BELOW_DIAGONAL[sq] = below++;
            }
        }
        int code = 0;
        for (int sq = 0; sq <= 27; sq++) {
            if (OFF_DIAGONAL[sq] < 0 && file(sq) <= 3) {
                TRIANGLE[sq] = code++;
            }
        }
        for (int sq = 0; sq <= 27; sq++) {
            if (OFF_DIAGONAL[sq] == 0 && file(sq) <= 3) {
                TRIANGLE[sq] = code++;
            }
        }
        fillKingPairs();
        for (int sq = 8; sq < 56; sq++) {
            int file = file(sq);
            int edgeDistance = Math.min(file, 7 - file);
            PAWN_TWIST[sq] = 47 - 12 * edgeDistance - 2 * (rank(sq) - 1) - (file >= 4 ? 1 : 0);
            PAWN_FLAP[sq] = 6 * edgeDistance + rank(sq) - 1;
        }
        for (int others = 0; others < 6; others++) {
            for (int file = 0; file < 4; file++) {
                long sum = 0;
                for (int rank = 1; rank <= 6; rank++) {
                    int flap = 6 * file + rank - 1;
                    PAWN_INDEX[others][flap] = sum;
                    sum += BINOMIAL[others][PAWN_TWIST[8 * rank + file]];
                }
                PAWN_FACTOR[others][file] = sum;
            }
        }
    }

    /** The first king in the triangle, the second anywhere not touching it; both on the diagonal come last. */
    private static void fillKingPairs() {
        for (int[] row : KING_PAIR) {
            Arrays.fill(row, -1);
        }
        int code = 0;
        int[] lastIndex = new int[64];
        int[] lastSquare = new int[64];
        int last = 0;
        for (int index = 0; index < 10; index++) {
            for (int first = 0; first <= 27; first++) {
                if (file(first) > 3 || OFF_DIAGONAL[first] > 0 || TRIANGLE[first] != index) {
                    continue;
                }
                for (int second = 0; second < 64; second++) {
                    if (second == first || (Attacks.king(first) & 1L << second) != 0) {
                        continue;
                    }
                    if (OFF_DIAGONAL[first] == 0 && OFF_DIAGONAL[second] > 0) {
                        continue;
                    }
                    if (OFF_DIAGONAL[first] == 0 && OFF_DIAGONAL[second] == 0) {
                        lastIndex[last] = index;
                        lastSquare[last++] = second;
                    } else {
                        KING_PAIR[index][second] = code++;
                    }
                }
            }
        }
        for (int i = 0; i < last; i++) {
            KING_PAIR[lastIndex[i]][lastSquare[i]] = code++;
        }
        if (code != KING_PAIR_PLACEMENTS) {
            throw new AssertionError("king pairs: " + code);
        }
    }

    private TableIndexing() {
    }

    private static int file(int square) {
        return square & 7;
    }

    private static int rank(int square) {
        return square >>> 3;
    }

    /** n choose k as the generator's "subfactor": the placements of k like pieces on n squares. */
    static long choose(int n, int k) {
        long result = 1;
        for (int i = 0; i < k; i++) {
            result = result * (n - i) / (i + 1);
        }
        return result;
    }

    /** Index of a pawnless position; {@code norm[0]} is 3 (three unique leading pieces) or 2 (the kings). */
    static long encodePieces(int[] squares, int count, int[] norm, long[] factor) {
        if ((squares[0] & 4) != 0) {
            flip(squares, count, 7);
        }
        if ((squares[0] & 0x20) != 0) {
            flip(squares, count, 0x38);
        }
        int leading = norm[0];
        for (int i = 0; i < leading; i++) {
            int side = OFF_DIAGONAL[squares[i]];
            if (side == 0) {
                continue;
            }
            if (side > 0) {
                for (int j = 0; j < count; j++) {
                    int s = squares[j];
                    squares[j] = (s >>> 3 | s << 3) & 63;
                }
            }
            break;
        }
        long index;
        if (leading == 3) {
            int s0 = squares[0];
            int s1 = squares[1];
            int s2 = squares[2];
            int above1 = s1 > s0 ? 1 : 0;
            int above2 = (s2 > s0 ? 1 : 0) + (s2 > s1 ? 1 : 0);
            if (OFF_DIAGONAL[s0] != 0) {
                index = ((long) TRIANGLE[s0] * 63 + (s1 - above1)) * 62 + s2 - above2;
            } else if (OFF_DIAGONAL[s1] != 0) {
                index = (6 * 63 + rank(s0) * 28 + BELOW_DIAGONAL[s1]) * 62L + s2 - above2;
            } else if (OFF_DIAGONAL[s2] != 0) {
                index = 6 * 63 * 62 + 4 * 28 * 62 + rank(s0) * 7 * 28 + (rank(s1) - above1) * 28
                        + BELOW_DIAGONAL[s2];
            } else {
                index = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + rank(s0) * 7 * 6 + (rank(s1) - above1) * 6
                        + rank(s2) - above2;
            }
        } else {
            index = KING_PAIR[TRIANGLE[squares[0]]][squares[1]];
        }
        return index * factor[0] + encodeGroups(squares, count, leading, norm, factor);
    }

    /**
     * Index of a position with pawns. {@code squares[0 .. leadPawns)} are the leading pawns with the leader first
     * (see {@link #leadingFile}), then {@code otherPawns} pawns of the other colour, then the pieces.
     */
    static long encodePawns(int[] squares, int count, int leadPawns, int otherPawns, int[] norm, long[] factor) {
        if ((squares[0] & 4) != 0) {
            flip(squares, count, 7);
        }
        // The other leading pawns in ascending twist order; the k-th smallest counts C(twist, k).
        sortBy(squares, 1, leadPawns, PAWN_TWIST);
        long index = PAWN_INDEX[leadPawns - 1][PAWN_FLAP[squares[0]]];
        for (int i = 1; i < leadPawns; i++) {
            index += BINOMIAL[i][PAWN_TWIST[squares[i]]];
        }
        index *= factor[0];
        int next = leadPawns;
        if (otherPawns > 0) {
            // The other colour's pawns: a combination over the 48 squares of ranks 2-7.
            index += combination(squares, next, otherPawns, 8) * factor[next];
            next += otherPawns;
        }
        return index + encodeGroups(squares, count, next, norm, factor);
    }

    /** Swaps the leading pawn (nearest an edge, then lowest rank) to the front; returns its file folded to 0..3. */
    static int leadingFile(int[] squares, int leadPawns) {
        for (int i = 1; i < leadPawns; i++) {
            if (PAWN_FLAP[squares[0]] > PAWN_FLAP[squares[i]]) {
                int t = squares[0];
                squares[0] = squares[i];
                squares[i] = t;
            }
        }
        int file = squares[0] & 7;
        return Math.min(file, 7 - file);
    }

    private static long encodeGroups(int[] squares, int count, int start, int[] norm, long[] factor) {
        long index = 0;
        for (int i = start; i < count; i += norm[i]) {
            index += combination(squares, i, norm[i], 0) * factor[i];
        }
        return index;
    }

    /**
     * The group {@code squares[start .. start + size)} sorted ascending, each square lowered by the squares of the
     * earlier groups below it and by {@code skipped} (8 for pawns, which never stand on rank 1), numbered by the
     * combinatorial number system.
     */
    private static long combination(int[] squares, int start, int size, int skipped) {
        sortBy(squares, start, start + size, null);
        long sum = 0;
        for (int m = 0; m < size; m++) {
            int square = squares[start + m];
            int lower = 0;
            for (int k = 0; k < start; k++) {
                if (square > squares[k]) {
                    lower++;
                }
            }
            sum += BINOMIAL[m + 1][square - lower - skipped];
        }
        return sum;
    }

    /** Insertion sort of {@code squares[from .. to)} by {@code key[square]}, or by the square when key is null. */
    private static void sortBy(int[] squares, int from, int to, int[] key) {
        for (int i = from + 1; i < to; i++) {
            int square = squares[i];
            int value = key == null ? square : key[square];
            int j = i - 1;
            while (j >= from && (key == null ? squares[j] : key[squares[j]]) > value) {
                squares[j + 1] = squares[j];
                j--;
            }
            squares[j + 1] = square;
        }
    }

    private static void flip(int[] squares, int count, int mask) {
        for (int i = 0; i < count; i++) {
            squares[i] ^= mask;
        }
    }
}
