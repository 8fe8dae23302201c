package kestrel.engine.search;

/**
 * Search scores in centipawns from the side to move's point of view. Mates are scored as distance to mate:
 * {@code MATE - plies} for a win, {@code -MATE + plies} for a loss, so shorter mates score higher.
 */
public final class Score {
    public static final int DRAW = 0;
    public static final int MATE = 32_000;
    public static final int INFINITE = 32_001;
    /** The deepest ply a search can reach; scores beyond {@code MATE - MAX_PLY} are mates. */
    public static final int MAX_PLY = 128;
    public static final int MATE_BOUND = MATE - MAX_PLY;
    /**
     * A win the endgame tables prove: {@code TABLEBASE_WIN - plies} at a node that many plies from the root, so
     * nearer wins score higher, all below every mate and above every evaluation ({@link #TABLEBASE_WIN_BOUND} and
     * up).
     */
    public static final int TABLEBASE_WIN = MATE_BOUND - 1;
    public static final int TABLEBASE_WIN_BOUND = TABLEBASE_WIN - MAX_PLY;

    private Score() {
    }

    public static int mateIn(int plies) {
        return MATE - plies;
    }

    public static int matedIn(int plies) {
        return -MATE + plies;
    }

    public static int tablebaseWinIn(int plies) {
        return TABLEBASE_WIN - plies;
    }

    public static int tablebaseLossIn(int plies) {
        return -TABLEBASE_WIN + plies;
    }

    /** A mate or a tablebase win or loss: a score that counts plies from where it was found. */
    public static boolean isDecisive(int score) {
        return Math.abs(score) >= TABLEBASE_WIN_BOUND;
    }

    public static boolean isMate(int score) {
        return Math.abs(score) >= MATE_BOUND && Math.abs(score) <= MATE;
    }

    /** UCI's "mate N": moves (not plies) to mate, negative when the side to move is being mated. */
    public static int movesToMate(int score) {
        return score > 0 ? (MATE - score + 1) / 2 : -(MATE + score) / 2;
    }

    /** The UCI text of a score: {@code cp 23} or {@code mate -3}. */
    public static String toUci(int score) {
        return isMate(score) ? "mate " + movesToMate(score) : "cp " + score;
    }
}
