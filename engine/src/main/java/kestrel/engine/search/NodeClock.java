package kestrel.engine.search;

import java.util.Arrays;
import kestrel.engine.Piece;

/**
 * A game clock counted in nodes, for UCI's NodesTime option (Stockfish's {@code nodestime}): with {@code N} nodes a
 * millisecond, the first clocked {@code go} of a game gives each side {@code N} nodes for each millisecond on its
 * clock; every search then takes the nodes it searched from its side's clock and adds {@code N} for each millisecond
 * of increment, and the time manager counts the time it spends in nodes ({@link SearchLimits#nodesPerMilli}). The
 * GUI's later clock readings are not used: they measure the machine, which is what this clock leaves out. So a game
 * on one thread plays the same moves however busy the machine is, and the time manager can be tested at fixed
 * nodes a second. The GUI still keeps its own clock: {@code N} must stay well below the engine's real speed. Should
 * the machine be so busy that it is not, the time manager still stops a search at the hard limit the real clock
 * gives it, so the game is not lost on time; only then does the load decide a move.
 *
 * <p>A new game ({@code ucinewgame}) or a new {@code N} starts the clock afresh. Only increment and sudden-death
 * controls are followed: the time a GUI adds at a {@code movestogo} control is not seen. Games without pondering: a
 * ponder search takes its limits from the node clock but is not charged to it.
 */
public final class NodeClock {
    /** Not yet set in this game. */
    private static final long UNSET = -1;

    private long nodesPerMilli;
    /** Each side's nodes left, White's and Black's; {@link #UNSET} before that side's first clocked search. */
    private final long[] nodesLeft = {UNSET, UNSET};

    /** Nodes a millisecond from now on (0: the real clock); a change starts the clock afresh. */
    public synchronized void nodesPerMilli(long count) {
        if (count != nodesPerMilli) {
            nodesPerMilli = Math.max(0, count);
            newGame();
        }
    }

    /** A new game: each side's clock is set again by its next clocked search. */
    public synchronized void newGame() {
        Arrays.fill(nodesLeft, UNSET);
    }

    /**
     * Prepares {@code limits} for a search by {@code sideToMove}: without NodesTime, unchanged; with it, its time
     * limits counted in nodes, and a clock given for the side to move replaced by what its node clock has left, in
     * milliseconds of {@code N} nodes (set from the clock given at the side's first search of a game).
     */
    public synchronized SearchLimits prepare(SearchLimits limits, int sideToMove) {
        if (nodesPerMilli == 0) {
            return limits;
        }
        limits.nodesPerMilli(nodesPerMilli);
        if (!followsClock(limits)) {
            return limits;
        }
        boolean white = sideToMove == Piece.WHITE;
        long given = white ? limits.whiteTime() : limits.blackTime();
        if (given < 0) {
            return limits; // no clock of its own: the time manager gives it no time
        }
        if (nodesLeft[sideToMove] == UNSET) {
            nodesLeft[sideToMove] = given * nodesPerMilli;
        }
        long millis = nodesLeft[sideToMove] / nodesPerMilli;
        limits.realTime(given);
        return white ? limits.whiteTime(millis) : limits.blackTime(millis);
    }

    /**
     * After a search by {@code sideToMove} under {@code limits} (as {@link #prepare} left them) that searched
     * {@code nodes}: takes them from the side's clock and adds its increment.
     */
    public synchronized void charge(SearchLimits limits, int sideToMove, long nodes) {
        if (nodesPerMilli == 0 || !followsClock(limits) || limits.ponder() || nodesLeft[sideToMove] == UNSET) {
            return;
        }
        long increment = Math.max(0, sideToMove == Piece.WHITE ? limits.whiteIncrement() : limits.blackIncrement());
        nodesLeft[sideToMove] = Math.max(0, nodesLeft[sideToMove] - nodes + increment * nodesPerMilli);
    }

    /** What the side's node clock has left, or -1 before its first clocked search of the game. For tests. */
    public synchronized long nodesLeft(int side) {
        return nodesLeft[side];
    }

    /** A search that plays a move on the clock (not an analysis). */
    private static boolean followsClock(SearchLimits limits) {
        return limits.hasClock() && !limits.infinite();
    }
}
