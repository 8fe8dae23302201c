package kestrel.engine;

/**
 * Attack sets of every piece. Leapers come from precomputed tables; sliders use "fancy" magic bitboards: the
 * relevant blockers of a square are multiplied by a magic number whose top bits index a dense per-square table.
 *
 * <p>The magic numbers come from a seeded random search in this class; its results are stored as constants and
 * verified as the tables are filled at class initialisation, which takes a few milliseconds.
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

    /**
     * Magic numbers found once by {@link #findMagic}'s seeded search and kept here, because the search itself takes
     * a few hundred milliseconds at every start. Each is checked while its table is filled; one that failed would
     * simply be searched for again.
     */
    private static final long[] KNOWN_ROOK_MAGICS = {
        0x1080004008801020L, 0x0840092002C03000L, 0x1900200010400900L, 0x0880100008000480L,
        0x4200100420080200L, 0x8100020100080400L, 0x0200040110886200L, 0x0200008040220411L,
        0x0404800084400220L, 0x0000401000402000L, 0x0086001081220440L, 0x0408800800100280L,
        0x000A001201040820L, 0x8848800200840080L, 0x4001000100040200L, 0x0442000102105084L,
        0x9080010020804100L, 0x0040404000201009L, 0x0000808010002009L, 0x2200090021D00100L,
        0x0008008008040080L, 0x0004004002010040L, 0x0011040008015042L, 0x00000A0001768104L,
        0x0000800080204009L, 0x2010004140002001L, 0x9800200280100080L, 0x1000100080080080L,
        0x0050500500080100L, 0x0000020080040080L, 0x0C10010400420810L, 0x1040008200005104L,
        0x01808240088004A0L, 0x0882804004802000L, 0x0880402001001100L, 0x2000210409001000L,
        0x2000480131001500L, 0x0000800400800200L, 0x000002380C001003L, 0x4600084882000431L,
        0x0080002000504000L, 0x0300500020004002L, 0x0040408200220011L, 0x0010040008004040L,
        0x0000080004008080L, 0x0010040002008080L, 0x2012004881020004L, 0x8300842444820011L,
        0x0088403882010200L, 0x0820400080210100L, 0x0110910040A00300L, 0x0801100280080480L,
        0x0242009008200600L, 0x1002000489500200L, 0x0040800200010080L, 0x0091800041000080L,
        0x0000209300488001L, 0x04C1002414824001L, 0x020020000B001041L, 0x7000100004200901L,
        0x8002002004100802L, 0x30010002084C0007L, 0x0888221800813004L, 0x4000002840840112L
    };
    private static final long[] KNOWN_BISHOP_MAGICS = {
        0x20C0090901061081L, 0x0024040094030104L, 0x8210810200290200L, 0x0011040484620000L,
        0x0081104002221000L, 0x0009012011001350L, 0x0081010802400380L, 0x0000420210010408L,
        0x0008105002280050L, 0x0001028484040044L, 0x2A00880810408804L, 0x7020022282000100L,
        0x0084040420100A50L, 0x000401010840E000L, 0x2020020210420888L, 0x0008084202012010L,
        0x2010400810018800L, 0x0445122008020840L, 0x0804100808002008L, 0x0008002104110100L,
        0x0061005820080800L, 0x2001000200820100L, 0x480C210084010800L, 0x3004442500480420L,
        0x1010102240048100L, 0x00182009084220A3L, 0x8803090A10004205L, 0x0208080040202020L,
        0x000C044084010040L, 0x00A1010002004106L, 0x6008210020640202L, 0x1600902112860801L,
        0x00042008C1220200L, 0x010C042002440140L, 0x5022080200040820L, 0x0402004042940100L,
        0x0860108400008020L, 0x000C080022021000L, 0x0264080652822100L, 0x4005031221010401L,
        0x0004502410008400L, 0x000500B010A20400L, 0x0415094050080800L, 0x080000201800A104L,
        0x4022A80304000110L, 0x4012140802028020L, 0x40200104010100A0L, 0x12810806008B0C41L,
        0x0020441008080000L, 0x2002120084045420L, 0x0704020062080002L, 0x0000001084040001L,
        0x0322200891240200L, 0xF040200210024800L, 0x0140824832008042L, 0x000210020A004602L,
        0x0083042805141020L, 0x002C12009A011000L, 0x0041A00044140400L, 0x00004004020A0202L,
        0x0000140010020210L, 0x2864160811012200L, 0x2060080841082A17L, 0xA010041108003100L
    };

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
                    ROOK_DIRECTIONS, KNOWN_ROOK_MAGICS[square], seed, SLIDER_TABLE);
            BISHOP_MAGIC[square] = findMagic(square, BISHOP_MASK[square], BISHOP_SHIFT[square],
                    BISHOP_OFFSET[square], BISHOP_DIRECTIONS, KNOWN_BISHOP_MAGICS[square], seed, SLIDER_TABLE);
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

    /** Fills the square's table with a magic that indexes it without harmful collisions: {@code known} if it does. */
    private static long findMagic(int square, long mask, int shift, int offset, int[][] directions, long known,
                                  long[] seed, long[] table) {
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
            long magic = attempt == 1 ? known : nextRandom(seed) & nextRandom(seed) & nextRandom(seed);
            if (attempt > 1 && Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) {
                continue;
            }
            boolean collision = false;
            for (int i = 0; i < size && !collision; i++) {
                int index = (int) ((blockers[i] * magic) >>> shift);
                if (usedBy[index] != attempt) {
                    usedBy[index] = attempt;
                    table[offset + index] = attacks[i];
                } else if (table[offset + index] != attacks[i]) {
                    collision = true;
                }
            }
            if (!collision) {
                return magic;
            }
        }
    }

    /**
     * For tests of the fallback path: runs the magic search for one rook square from scratch (no stored magic) into a
     * table of its own, and tells whether the magic found indexes every blocker set to its true attacks.
     */
    static boolean searchFindsValidRookMagic(int square) {
        long[] table = new long[1 << Long.bitCount(ROOK_MASK[square])];
        long magic = findMagic(square, ROOK_MASK[square], ROOK_SHIFT[square], 0, ROOK_DIRECTIONS, 0L,
                new long[] {0x9E3779B97F4A7C15L + square}, table);
        long mask = ROOK_MASK[square];
        long subset = 0;
        do {
            long index = ((subset * magic) >>> ROOK_SHIFT[square]);
            if (table[(int) index] != slowRook(square, subset)) {
                return false;
            }
            subset = (subset - mask) & mask;
        } while (subset != 0);
        return true;
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
