package kestrel.engine.syzygy;

/**
 * What the tables say, from the side to move's point of view: {@link #WIN} 2, {@link #CURSED_WIN} 1 (won, but not
 * within the fifty-move rule), {@link #DRAW} 0, {@link #BLESSED_LOSS} -1, {@link #LOSS} -2; and {@link #FAILED} for a
 * probe, WDL or DTZ, that cannot answer.
 */
public final class Wdl {
    public static final int WIN = 2;
    public static final int CURSED_WIN = 1;
    public static final int DRAW = 0;
    public static final int BLESSED_LOSS = -1;
    public static final int LOSS = -2;
    /** Returned by a probe that cannot answer: material not in the tables, castling rights, a missing file. */
    public static final int FAILED = Integer.MIN_VALUE;

    private Wdl() {
    }
}
