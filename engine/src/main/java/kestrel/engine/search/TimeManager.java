package kestrel.engine.search;

import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * When one search thread stops: the one place that decides it. The search asks after each completed iteration
 * ({@link #stopAfterIteration}: may another one start?) and every 1024 nodes ({@link #mustStop}: unwind now?); it
 * decides nothing itself. The decision covers {@code stop}, pondering and the ponder hit, {@code infinite}, the node
 * limit of all threads, the strength limit's node budget, {@code go mate}, the only move on a clock, and the two time
 * limits. A helper thread of a parallel search stops only with the main thread, on {@code stop}, or at the node
 * limit.
 *
 * <p>Two time limits: after the <em>soft</em> limit no new iteration starts; at the <em>hard</em> limit the search
 * stops in the middle of one. Both are measured from the origin: the start of the search, or the ponder hit.
 *
 * <p>With a clock: {@code left = clock - moveOverhead} (the overhead covers the GUI and the pipes).
 * <ul>
 * <li>With {@code movestogo}: the plan is an even share of what is left over the moves still to play plus one in
 * reserve ({@code movestogo + 1}), plus {@value #INCREMENT_PERCENT}% of the increment; the base soft limit is
 * {@value #SOFT_PERCENT}% of the plan, since the next iteration would most likely overrun it, and the hard limit
 * allows {@value #HARD_FACTOR} times the plan.
 * <li>Without (sudden death, with or without increment): the time of the next {@value #HORIZON_MOVES} moves is a
 * pool, {@code left} plus the increments they will bring beyond the overhead; the base soft limit is a share of the
 * pool that grows with the game's ply (the opening's moves are played from book knowledge the search half has, the
 * middlegame's decide the game), at most {@value #MAX_CLOCK_PERCENT}% of {@code left}, so that the clock drains
 * towards the increment instead of settling seconds above it; the hard limit allows {@link #hardFactor} times the
 * soft limit, more as the game goes on.
 * </ul>
 * Neither limit may exceed a safe fraction of {@code left}: {@value #CAP_PERCENT}%, or {@value #LAST_MOVE_PERCENT}%
 * when the time control ends with this move. After each completed iteration the soft
 * limit is the base one scaled by {@link #scale}: longer while the best move keeps changing or another move took
 * most of the root's nodes, shorter when the best move has stood for several iterations and took most of them; it
 * never passes the hard limit. With {@code movetime}: both limits are {@code movetime - moveOverhead}, unscaled, so
 * the whole time is used. With neither (depth, nodes, mate, infinite, ponder before the hit) there is no time limit.
 *
 * <p>With {@link SearchLimits#nodesPerMilli} (UCI's NodesTime) the limits are the same numbers of milliseconds, but
 * the time spent is counted in nodes, that many a millisecond, instead of read from the clock: a search on one thread
 * then stops at the same node whatever else the machine is doing, unless the machine is so slow that it reaches the
 * hard limit of the GUI's real clock first.
 */
public final class TimeManager {
    // ------------------------------------------------------------------------------------------------------------
    // The tunables of time management, all of them.

    /** A larger {@code movestogo} is taken as this many (a long control is not worth a smaller share). */
    static final int MAX_MOVES_TO_GO = 50;
    /** Sudden death: the moves whose time makes the pool a move's share is taken from. */
    static final int HORIZON_MOVES = 50;
    /**
     * Sudden death: the base soft limit's share of the pool at game ply {@code p} is
     * {@code (SHARE_BASE + SHARE_GROWTH * sqrt(p + 3)) / 1000}: 1.6 % at the first move, 3.6 % at move 20, 5.5 % at
     * move 60.
     */
    static final double SHARE_BASE = 8.4;
    /** See {@link #SHARE_BASE}. */
    static final double SHARE_GROWTH = 4.2;
    /** Sudden death: the base soft limit is at most this share of {@code left}, in percent. */
    static final int MAX_CLOCK_PERCENT = 20;
    /** Sudden death: the hard limit is {@code min(HARD_MOST, HARD_BASE + ply / HARD_PLIES)} base soft limits. */
    static final double HARD_BASE = 4.0;
    /** See {@link #HARD_BASE}. */
    static final double HARD_MOST = 7.0;
    /** See {@link #HARD_BASE}. */
    static final double HARD_PLIES = 12.0;
    /** With {@code movestogo}: the share of the increment the plan adds, in percent (the rest is a reserve). */
    static final int INCREMENT_PERCENT = 75;
    /** With {@code movestogo}: the base soft limit, in percent of the plan (the next iteration would overrun it). */
    static final int SOFT_PERCENT = 60;
    /** With {@code movestogo}: the hard limit, in plans. */
    static final int HARD_FACTOR = 3;
    /** Neither limit may pass this share of what is left on the clock, in percent ... */
    static final int CAP_PERCENT = 50;
    /** ... or this share when this is the last move before the time control ({@code movestogo 1}). */
    static final int LAST_MOVE_PERCENT = 70;
    /**
     * The soft limit's factor by best-move stability: index {@code n} for a best move unchanged over the last
     * {@code n} completed iterations (the last entry for that many or more). A new best move buys time to confirm
     * it; one that has stood for four iterations is played sooner.
     */
    static final double[] STABILITY_FACTORS = {1.6, 1.3, 1.05, 0.9, 0.75};
    /**
     * The soft limit's factor by the best move's share {@code s} (0 .. 1) of the nodes of all root moves in the last
     * completed iteration: {@code (NODE_SHARE_BASE - s) * NODE_SHARE_SCALE}, from 2.1 (the others took all the
     * nodes: they were hard to refute) down to 0.7 (they fell at once), 1 at {@code s} about 0.79.
     */
    static final double NODE_SHARE_BASE = 1.5;
    /** See {@link #NODE_SHARE_BASE}. */
    static final double NODE_SHARE_SCALE = 1.4;

    // ------------------------------------------------------------------------------------------------------------

    private static final long NANOS_PER_MILLI = 1_000_000L;
    /** The fewest and the most nodes between two looks at the clock ({@link #checkIntervalMask}). */
    static final int MIN_CHECK_INTERVAL = 64;
    static final int MAX_CHECK_INTERVAL = 1024;

    private final SearchControl control;
    private final boolean helper;
    private final boolean infinite;
    /** The node limit of {@code go nodes}, for all threads together (Long.MAX_VALUE when none). */
    private final long totalNodeLimit;
    /** The strength limit's node budget for the main thread (Long.MAX_VALUE at full strength). */
    private final long strengthNodes;
    /** {@code go mate N}: N, else 0. */
    private final int mateMoves;
    private final boolean limited;
    private final boolean clockBased;
    /** The soft limit before scaling. */
    private final long baseSoftMillis;
    /** The soft limit in force: the base one, scaled after each completed iteration of a clocked search. */
    private long softMillis;
    private final long hardMillis;
    private long originNanos;
    /** Nodes a millisecond when time is counted in nodes, else 0. */
    private final long nodesPerMilli;
    /** With time counted in nodes: the node count at the origin (0 at the start, the count at the ponder hit). */
    private long originNodes;
    /** The node count of all threads as last seen by {@link #mustStop}. */
    private long lastTotalNodes;
    /**
     * With time counted in nodes and the GUI's real clock known: the most real time the search may take, the hard
     * limit of a clocked search on that clock, so that a machine slower than the node rate assumes does not lose on
     * time; Long.MAX_VALUE otherwise.
     */
    private final long realCapNanos;
    /** Before the ponder hit: no time limit. */
    private boolean pondering;
    /** This thread's share of the node limit: the limit less the other threads' nodes, as last seen. */
    private long threadNodeLimit;
    /** The best move of the last completed iteration, and for how many iterations before it it was already best. */
    private int lastBestMove;
    private int stableIterations;

    /** For a search on its own (tests): a control of its own, the main thread. */
    TimeManager(SearchLimits limits, int sideToMove, int gamePly, long originNanos) {
        this(limits, sideToMove, gamePly, originNanos, new SearchControl(), false);
    }

    /**
     * The decisions of one thread of the search under {@code control} (the main thread unless {@code helper}), that
     * started at {@code originNanos}, {@code gamePly} half-moves into the game ({@link #gamePly}).
     */
    TimeManager(SearchLimits limits, int sideToMove, int gamePly, long originNanos, SearchControl control,
                boolean helper) {
        this.control = control;
        this.helper = helper;
        this.infinite = limits.infinite();
        this.totalNodeLimit = limits.nodes() > 0 ? limits.nodes() : Long.MAX_VALUE;
        // A helper leaves the node limit to the total (see mustStop).
        this.threadNodeLimit = helper ? Long.MAX_VALUE : totalNodeLimit;
        this.strengthNodes = limits.strength() != null ? limits.strength().nodes() : Long.MAX_VALUE;
        this.mateMoves = limits.mate();
        this.pondering = limits.ponder() && !control.isPonderHit();
        // A ponder hit that came before the search started: the clock runs from then.
        this.originNanos = limits.ponder() && !pondering ? control.ponderHitNanos() : originNanos;
        this.lastBestMove = Move.NONE;
        this.nodesPerMilli = Math.max(0, limits.nodesPerMilli());

        long overhead = Math.max(0, limits.moveOverhead());
        long soft = Long.MAX_VALUE;
        long hard = Long.MAX_VALUE;
        boolean clock = !limits.infinite() && limits.hasClock();
        long increment = Math.max(0, sideToMove == Piece.WHITE ? limits.whiteIncrement() : limits.blackIncrement());
        int ply = Math.max(0, gamePly);
        if (clock) {
            long remaining = Math.max(0, sideToMove == Piece.WHITE ? limits.whiteTime() : limits.blackTime());
            ClockLimits fromClock = clockLimits(limits, remaining, increment, ply);
            soft = fromClock.softMillis();
            hard = fromClock.hardMillis();
        }
        if (!limits.infinite() && limits.moveTime() > 0) {
            long budget = Math.max(1, limits.moveTime() - overhead);
            soft = Math.min(soft, budget);
            hard = Math.min(hard, budget);
        }
        // Counted in nodes, a search is still held to the hard limit the real clock would give it.
        this.realCapNanos = nodesPerMilli > 0 && clock && limits.realTime() >= 0
                ? clockLimits(limits, limits.realTime(), increment, ply).hardMillis() * NANOS_PER_MILLI
                : Long.MAX_VALUE;
        this.limited = soft != Long.MAX_VALUE;
        this.clockBased = clock;
        this.baseSoftMillis = soft;
        this.softMillis = soft;
        this.hardMillis = hard;
    }

    /** The game ply of {@code position}: half-moves since the game's first, from its move number. */
    static int gamePly(Position position) {
        return 2 * (Math.max(1, position.fullmoveNumber()) - 1) + (position.sideToMove() == Piece.WHITE ? 0 : 1);
    }

    /** The two limits a clock gives, in milliseconds. */
    private record ClockLimits(long softMillis, long hardMillis) {
    }

    /**
     * The base soft and the hard limit for a move at game ply {@code ply} with {@code remaining} on
     * the clock (the rules in the class comment); both at least 1 ms, the soft one at most the hard one.
     */
    private static ClockLimits clockLimits(SearchLimits limits, long remaining, long increment, int ply) {
        long left = left(limits, remaining);
        long cap = left * (limits.movesToGo() == 1 ? LAST_MOVE_PERCENT : CAP_PERCENT) / 100;
        long soft;
        long hard;
        if (limits.movesToGo() > 0) {
            long plan = left / (Math.min(limits.movesToGo(), MAX_MOVES_TO_GO) + 1)
                    + increment * INCREMENT_PERCENT / 100;
            soft = plan * SOFT_PERCENT / 100;
            hard = plan * HARD_FACTOR;
        } else {
            long netIncrement = Math.max(0, increment - Math.max(0, limits.moveOverhead()));
            long pool = left + (HORIZON_MOVES - 1) * netIncrement;
            double share = Math.min((SHARE_BASE + SHARE_GROWTH * Math.sqrt(ply + 3.0)) / 1000,
                    MAX_CLOCK_PERCENT / 100.0 * left / pool);
            soft = (long) (share * pool);
            hard = (long) (soft * hardFactor(ply));
        }
        hard = Math.max(1, Math.min(hard, cap));
        return new ClockLimits(Math.max(1, Math.min(soft, hard)), hard);
    }

    /** Sudden death: the hard limit in base soft limits at game ply {@code ply}, from 4 up to 7 by move 18. */
    static double hardFactor(int ply) {
        return Math.min(HARD_MOST, HARD_BASE + ply / HARD_PLIES);
    }

    /** What is left of {@code remaining} after the overhead, at least 1 ms. */
    private static long left(SearchLimits limits, long remaining) {
        return Math.max(1, Math.max(0, remaining) - Math.max(0, limits.moveOverhead()));
    }

    /**
     * The factor of the soft limit for a best move unchanged over {@code stableIterations} iterations that took the
     * share {@code bestShare} of the root's nodes: the product of the two factors, each clamped to its table or
     * range.
     */
    static double scale(int stableIterations, double bestShare) {
        double stability = STABILITY_FACTORS[Math.max(0, Math.min(stableIterations, STABILITY_FACTORS.length - 1))];
        double share = Math.max(0.0, Math.min(1.0, bestShare));
        return stability * (NODE_SHARE_BASE - share) * NODE_SHARE_SCALE;
    }

    /** True when time limits the search at all. */
    public boolean isLimited() {
        return limited;
    }

    /** True when the limits come from the clock (so an only move may be played at once, and the soft limit scales). */
    public boolean isClockBased() {
        return clockBased;
    }

    /** The soft limit in force: the base one, scaled by the last completed iteration. */
    public long softLimitMillis() {
        return softMillis;
    }

    /** The soft limit before any scaling. */
    public long baseSoftLimitMillis() {
        return baseSoftMillis;
    }

    public long hardLimitMillis() {
        return hardMillis;
    }

    /**
     * How often, in nodes (a power of two, minus one), the search should look at the clock and the signals: every
     * 1,024 nodes, and more often under a hard limit below about a second, about once a millisecond's worth of hard
     * limit at 64 to 1,024 nodes. On a busy core a thousand nodes can take tens of milliseconds, which a bullet
     * game's last seconds do not have; looking costs some tens of nanoseconds. With time counted in nodes the real
     * clock's hard limit does not change it, so that the search stops at the same node whatever that clock says.
     */
    public int checkIntervalMask() {
        if (!limited || hardMillis >= MAX_CHECK_INTERVAL) {
            return MAX_CHECK_INTERVAL - 1;
        }
        return (int) Math.max(MIN_CHECK_INTERVAL, Long.highestOneBit(hardMillis)) - 1;
    }

    /** Iterations before the last completed one with the same best move (0 after a change). */
    int stableIterations() {
        return stableIterations;
    }

    /** Measures from a new origin: the ponder hit, when the opponent's clock stopped and ours started. */
    public void restart(long originNanos) {
        this.originNanos = originNanos;
    }

    /** True when time is counted in nodes (NodesTime) rather than read from the clock. */
    public boolean countsNodes() {
        return nodesPerMilli > 0;
    }

    /** With time counted in nodes: true when no new iteration should start, {@code nodes} having been searched. */
    boolean softLimitReachedAtNodes(long nodes) {
        return limited && nodes - originNodes >= softMillis * nodesPerMilli;
    }

    /** With time counted in nodes: true when the search must stop now, {@code nodes} having been searched. */
    boolean hardLimitReachedAtNodes(long nodes) {
        return limited && nodes - originNodes >= hardMillis * nodesPerMilli;
    }

    /** True when no new iteration should start by the time alone. */
    public boolean softLimitReached(long nowNanos) {
        return limited && nowNanos - originNanos >= softMillis * NANOS_PER_MILLI;
    }

    /** True when the search must stop now by the time alone. */
    public boolean hardLimitReached(long nowNanos) {
        return limited && nowNanos - originNanos >= hardMillis * NANOS_PER_MILLI;
    }

    /**
     * An iteration completed with {@code bestMove} best, which took {@code bestMoveNodes} of the {@code rootNodes}
     * nodes of all root moves: counts the best move's stability and scales the soft limit (a clocked search only;
     * {@code movetime} keeps its whole time), at most to the hard limit.
     */
    void iterationCompleted(int bestMove, long bestMoveNodes, long rootNodes) {
        stableIterations = bestMove == lastBestMove ? stableIterations + 1 : 0;
        lastBestMove = bestMove;
        if (!clockBased) {
            return;
        }
        double share = rootNodes > 0 ? (double) bestMoveNodes / rootNodes : 1.0;
        double scaled = baseSoftMillis * scale(stableIterations, share);
        softMillis = Math.max(1, Math.min(hardMillis, (long) scaled));
    }

    /**
     * After a completed iteration of depth {@code completedDepth} (the moves in {@code rootMoves} sorted, the best
     * first): whether to stop rather than start another. This thread searched {@code ownNodes} so far.
     */
    boolean stopAfterIteration(int completedDepth, RootMoves rootMoves, long ownNodes) {
        if (helper) {
            return control.isStopped() || control.isFinished();
        }
        iterationCompleted(rootMoves.move(0), rootMoves.nodes(0), rootMoves.totalNodes());
        if (control.isStopped()) {
            return true;
        }
        // The strength budget ends even a ponder or infinite search: the result is then held as usual. Depth 2
        // always completes, so that a mate in one, ours or the opponent's, is seen at every strength.
        if (ownNodes >= strengthNodes && completedDepth >= 2) {
            return true;
        }
        long nodes = Math.max(ownNodes, lastTotalNodes);
        pollPonderHit(nodes);
        if (pondering || infinite) {
            return false;
        }
        if (ownNodes >= threadNodeLimit || control.isNodeLimitReached()) {
            return true;
        }
        int score = rootMoves.score(0);
        if (mateMoves > 0 && score >= Score.MATE_BOUND && Score.movesToMate(score) <= mateMoves) {
            return true;
        }
        if (clockBased && rootMoves.count() == 1) {
            return true; // an only move: save the clock
        }
        return nodesPerMilli > 0 ? softLimitReachedAtNodes(nodes) : softLimitReached(System.nanoTime());
    }

    /**
     * Every 1024 nodes, once this thread's {@code ownNodes} are in the control's {@code totalNodes}: whether to
     * unwind now. A helper stops with the main thread, on {@code stop}, or when the total reaches the node limit
     * (which it then tells the main thread). The main thread stops on {@code stop}, at the node limit of all threads
     * together, or at the hard time limit (never while pondering).
     */
    boolean mustStop(long ownNodes, long totalNodes) {
        if (helper) {
            if (totalNodes >= totalNodeLimit) {
                control.reachNodeLimit();
                return true;
            }
            return control.isStopped() || control.isFinished();
        }
        // The others' nodes count against the limit too (with one thread there are none: the limit stays).
        threadNodeLimit = totalNodeLimit - (totalNodes - ownNodes);
        if (control.isStopped() || control.isNodeLimitReached() || ownNodes >= threadNodeLimit) {
            return true;
        }
        lastTotalNodes = totalNodes;
        pollPonderHit(totalNodes);
        if (pondering) {
            return false;
        }
        long now = System.nanoTime();
        return nodesPerMilli > 0 ? hardLimitReachedAtNodes(totalNodes) || now - originNanos >= realCapNanos
                : hardLimitReached(now);
    }

    /**
     * The node count at which this thread stops at once, checked at every node (the others' nodes as last seen by
     * {@link #mustStop}); Long.MAX_VALUE for a helper or without a node limit.
     */
    long threadNodeLimit() {
        return threadNodeLimit;
    }

    /** Switches to the clock at the ponder hit, {@code nodes} having been searched by then. */
    private void pollPonderHit(long nodes) {
        if (pondering && control.isPonderHit()) {
            pondering = false;
            restart(control.ponderHitNanos());
            originNodes = nodes;
        }
    }
}
