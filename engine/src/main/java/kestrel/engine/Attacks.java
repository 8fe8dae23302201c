package kestrel.engine;

/**
 * Attack sets of every piece. Leapers come from precomputed tables; sliders use "fancy" magic bitboards: the
 * relevant blockers of a square are multiplied by a magic number whose top bits index a dense per-square table.
 *
 * <p>The magic numbers are found at class initialisation by a seeded random search (a few tens of milliseconds),
 * so they are the same on every run and no table of constants has to be maintained by hand.
 */
public final class Attacks {
    private static final long[] KNIGHT = new long[64];
    private static final long[] KING = new long[64];
    /** PAWN[color][square]: the squares a pawn of that colour on that square attacks. */
    private static final long[][] PAWN = new long[2][64];

    private static final long[] ROOK_MASK = new long[64];
    private static final long[] ROOK_MAGIC = new long[64];
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final long[] BISHOP_MASK = new long[64];
    private static final long[] BISHOP_MAGIC = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    /** One flat table for both sliders: 102,400 rook entries then 5,248 bishop entries. */
    private static final long[] SLIDER_TABLE;

    private static final long[] ROOK_EMPTY = new long[64];
    private static final long[] BISHOP_EMPTY = new long[64];

    private static final int[][] ROOK_DIRECTIONS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_DIRECTIONS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    static {
        int[][] knightSteps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        int[][] kingSteps = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        for (int square = 0; square < 64; square++) {
            KNIGHT[square] = leaperAttacks(square, knightSteps);
            KING[square] = leaperAttacks(square, kingSteps);
            PAWN[Piece.WHITE][square] = leaperAttacks(square, new int[][] {{-1, 1}, {1, 1}});
            PAWN[Piece.BLACK][square] = leaperAttacks(square, new int[][] {{-1, -1}, {1, -1}});
            ROOK_EMPTY[square] = slidingAttacks(square, 0L, ROOK_DIRECTIONS);
            BISHOP_EMPTY[square] = slidingAttacks(square, 0L, BISHOP_DIRECTIONS);
        }
        int size = 0;
        for (int square = 0; square < 64; square++) {
            ROOK_MASK[square] = relevantBlockers(square, ROOK_DIRECTIONS);
            ROOK_SHIFT[square] = 64 - Long.bitCount(ROOK_MASK[square]);
            ROOK_OFFSET[square] = size;
            size += 1 << Long.bitCount(ROOK_MASK[square]);
        }
        for (int square = 0; square < 64; square++) {
            BISHOP_MASK[square] = relevantBlockers(square, BISHOP_DIRECTIONS);
            BISHOP_SHIFT[square] = 64 - Long.bitCount(BISHOP_MASK[square]);
            BISHOP_OFFSET[square] = size;
            size += 1 << Long.bitCount(BISHOP_MASK[square]);
        }
        SLIDER_TABLE = new long[size];
        long[] seed = {0x9E3779B97F4A7C15L};
        for (int square = 0; square < 64; square++) {
            ROOK_MAGIC[square] = findMagic(square, ROOK_MASK[square], ROOK_SHIFT[square], ROOK_OFFSET[square],
                    ROOK_DIRECTIONS, seed);
            BISHOP_MAGIC[square] = findMagic(square, BISHOP_MASK[square], BISHOP_SHIFT[square],
                    BISHOP_OFFSET[square], BISHOP_DIRECTIONS, seed);
        }
    }

    private Attacks() {
    }

    public static long knight(int square) {
        return KNIGHT[square];
    }

    public static long king(int square) {
        return KING[square];
    }

    public static long pawn(int color, int square) {
        return PAWN[color][square];
    }

    public static long rook(int square, long occupied) {
        return SLIDER_TABLE[ROOK_OFFSET[square]
                + (int) (((occupied & ROOK_MASK[square]) * ROOK_MAGIC[square]) >>> ROOK_SHIFT[square])];
    }

    public static long bishop(int square, long occupied) {
        return SLIDER_TABLE[BISHOP_OFFSET[square]
                + (int) (((occupied & BISHOP_MASK[square]) * BISHOP_MAGIC[square]) >>> BISHOP_SHIFT[square])];
    }

    public static long queen(int square, long occupied) {
        return rook(square, occupied) | bishop(square, occupied);
    }

    /** Rook attacks on an empty board (for pin detection). */
    public static long rookOnEmpty(int square) {
        return ROOK_EMPTY[square];
    }

    /** Bishop attacks on an empty board (for pin detection). */
    public static long bishopOnEmpty(int square) {
        return BISHOP_EMPTY[square];
    }

    /** Attacks of a piece type (not pawn) from a square. */
    public static long of(int type, int square, long occupied) {
        switch (type) {
            case Piece.KNIGHT:
                return KNIGHT[square];
            case Piece.BISHOP:
                return bishop(square, occupied);
            case Piece.ROOK:
                return rook(square, occupied);
            case Piece.QUEEN:
                return queen(square, occupied);
            case Piece.KING:
                return KING[square];
            default:
                throw new IllegalArgumentException("no attack table for piece type " + type);
        }
    }

    /** Slow reference implementation by walking rays; used to build the tables and by tests. */
    static long slidingAttacks(int square, long occupied, int[][] directions) {
        long attacks = 0;
        for (int[] direction : directions) {
            int file = Square.file(square) + direction[0];
            int rank = Square.rank(square) + direction[1];
            while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
                int target = Square.of(file, rank);
                attacks |= Bitboards.bit(target);
                if (Bitboards.contains(occupied, target)) {
                    break;
                }
                file += direction[0];
                rank += direction[1];
            }
        }
        return attacks;
    }

    static long slowRook(int square, long occupied) {
        return slidingAttacks(square, occupied, ROOK_DIRECTIONS);
    }

    static long slowBishop(int square, long occupied) {
        return slidingAttacks(square, occupied, BISHOP_DIRECTIONS);
    }

    private static long leaperAttacks(int square, int[][] steps) {
        long attacks = 0;
        for (int[] step : steps) {
            int file = Square.file(square) + step[0];
            int rank = Square.rank(square) + step[1];
            if (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
                attacks |= Bitboards.bit(Square.of(file, rank));
            }
        }
        return attacks;
    }

    /** The squares whose occupancy can change a slider's attacks: the rays without their last square. */
    private static long relevantBlockers(int square, int[][] directions) {
        long mask = 0;
        for (int[] direction : directions) {
            int file = Square.file(square) + direction[0];
            int rank = Square.rank(square) + direction[1];
            while (true) {
                int nextFile = file + direction[0];
                int nextRank = rank + direction[1];
                if (file < 0 || file > 7 || rank < 0 || rank > 7
                        || nextFile < 0 || nextFile > 7 || nextRank < 0 || nextRank > 7) {
                    break;
                }
                mask |= Bitboards.bit(Square.of(file, rank));
                file = nextFile;
                rank = nextRank;
            }
        }
        return mask;
    }

    private static long findMagic(int square, long mask, int shift, int offset, int[][] directions, long[] seed) {
        int bits = Long.bitCount(mask);
        int size = 1 << bits;
        long[] blockers = new long[size];
        long[] attacks = new long[size];
        // Enumerate every subset of the mask (Carry-Rippler trick).
        long subset = 0;
        for (int i = 0; i < size; i++) {
            blockers[i] = subset;
            attacks[i] = slidingAttacks(square, subset, directions);
            subset = (subset - mask) & mask;
        }
        int[] usedBy = new int[size];
        int attempt = 0;
        while (true) {
            attempt++;
            long magic = nextRandom(seed) & nextRandom(seed) & nextRandom(seed);
            if (Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) {
                continue;
            }
            boolean collision = false;
            for (int i = 0; i < size && !collision; i++) {
                int index = (int) ((blockers[i] * magic) >>> shift);
                if (usedBy[index] != attempt) {
                    usedBy[index] = attempt;
                    SLIDER_TABLE[offset + index] = attacks[i];
                } else if (SLIDER_TABLE[offset + index] != attacks[i]) {
                    collision = true;
                }
            }
            if (!collision) {
                return magic;
            }
        }
    }

    /** xorshift64*: small, fast and good enough to find magics. */
    private static long nextRandom(long[] state) {
        long x = state[0];
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        state[0] = x;
        return x * 0x2545F4914F6CDD1DL;
    }
}
