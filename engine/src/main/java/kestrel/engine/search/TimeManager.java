package kestrel.engine.search;

import kestrel.engine.Piece;

/**
 * How long one search may think, from the limits of {@code go}.
 *
 * <p>Two limits: after the <em>soft</em> limit no new iteration starts; at the <em>hard</em> limit the search stops
 * in the middle of one. Both are measured from the origin: the start of the search, or the ponder hit.
 *
 * <p>With a clock: {@code left = clock - moveOverhead} (the overhead covers the GUI and the pipes). The plan is an
 * even share of what is left over the moves still to play plus one in reserve ({@code movestogo + 1}, else an
 * assumed {@value #DEFAULT_MOVES_TO_GO}), plus most of the increment. No iteration starts after
 * {@value #SOFT_PERCENT}% of the plan, since the next one would most likely overrun it; the hard limit allows
 * {@value #HARD_FACTOR} times the plan. Neither may exceed a safe fraction of {@code left}: half of it, or
 * {@value #LAST_MOVE_PERCENT}% when the time control ends with this move. With {@code movetime}: both limits are
 * {@code movetime - moveOverhead}. With neither (depth, nodes, mate, infinite, ponder before the hit) there is no
 * time limit.
 */
public final class TimeManager {
    static final int DEFAULT_MOVES_TO_GO = 30;
    private static final int MAX_MOVES_TO_GO = 50;
    static final int SOFT_PERCENT = 60;
    static final int HARD_FACTOR = 3;
    static final int LAST_MOVE_PERCENT = 70;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final boolean limited;
    private final boolean clockBased;
    private final long softMillis;
    private final long hardMillis;
    private long originNanos;

    public TimeManager(SearchLimits limits, int sideToMove, long originNanos) {
        this.originNanos = originNanos;
        long overhead = Math.max(0, limits.moveOverhead());
        long soft = Long.MAX_VALUE;
        long hard = Long.MAX_VALUE;
        boolean clock = !limits.infinite() && limits.hasClock();
        if (clock) {
            long remaining = Math.max(0, sideToMove == Piece.WHITE ? limits.whiteTime() : limits.blackTime());
            long increment = Math.max(0, sideToMove == Piece.WHITE ? limits.whiteIncrement() : limits.blackIncrement());
            long left = Math.max(1, remaining - overhead);
            boolean lastMove = limits.movesToGo() == 1;
            int movesToGo = limits.movesToGo() > 0 ? Math.min(limits.movesToGo(), MAX_MOVES_TO_GO) + 1
                    : DEFAULT_MOVES_TO_GO;
            long plan = left / movesToGo + increment * 3 / 4;
            long cap = lastMove ? left * LAST_MOVE_PERCENT / 100 : left / 2;
            hard = Math.max(1, Math.min(plan * HARD_FACTOR, cap));
            soft = Math.max(1, Math.min(plan * SOFT_PERCENT / 100, hard));
        }
        if (!limits.infinite() && limits.moveTime() > 0) {
            long budget = Math.max(1, limits.moveTime() - overhead);
            soft = Math.min(soft, budget);
            hard = Math.min(hard, budget);
        }
        this.limited = soft != Long.MAX_VALUE;
        this.clockBased = clock;
        this.softMillis = soft;
        this.hardMillis = hard;
    }

    /** True when time limits the search at all. */
    public boolean isLimited() {
        return limited;
    }

    /** True when the limits come from the clock (so an only move may be played at once). */
    public boolean isClockBased() {
        return clockBased;
    }

    public long softLimitMillis() {
        return softMillis;
    }

    public long hardLimitMillis() {
        return hardMillis;
    }

    /** Measures from a new origin: the ponder hit, when the opponent's clock stopped and ours started. */
    public void restart(long originNanos) {
        this.originNanos = originNanos;
    }

    /** True when no new iteration should start. */
    public boolean softLimitReached(long nowNanos) {
        return limited && nowNanos - originNanos >= softMillis * NANOS_PER_MILLI;
    }

    /** True when the search must stop now. */
    public boolean hardLimitReached(long nowNanos) {
        return limited && nowNanos - originNanos >= hardMillis * NANOS_PER_MILLI;
    }
}
