package kestrel.engine.eval;

/**
 * A midgame and an endgame value packed into one int, so every evaluation term is a single addition.
 *
 * <pre>
 *  packed = midgame * 65536 + endgame
 *  bits  0-15  endgame, two's complement (the low half, read back as a short)
 *  bits 16-31  midgame, plus a borrow of 1 when the endgame value is negative
 * </pre>
 * Sums of packed values are the packed sums as long as each half stays within -32768..32767, which holds for
 * every score the evaluation produces (all material on the board is worth less than 16000).
 */
public final class TaperedScore {
    public static final int ZERO = 0;

    private TaperedScore() {
    }

    public static int of(int midgame, int endgame) {
        return (midgame << 16) + endgame;
    }

    public static int midgame(int packed) {
        // Adding half the low range first undoes the borrow a negative endgame half left in the high bits.
        return (packed + 0x8000) >> 16;
    }

    public static int endgame(int packed) {
        return (short) packed;
    }

    /** Blends the two halves by game phase: all midgame at {@code maxPhase}, all endgame at 0. */
    public static int taper(int packed, int phase, int maxPhase) {
        return (midgame(packed) * phase + endgame(packed) * (maxPhase - phase)) / maxPhase;
    }
}
