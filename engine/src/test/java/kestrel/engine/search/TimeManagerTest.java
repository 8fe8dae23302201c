package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Piece;
import org.junit.jupiter.api.Test;

class TimeManagerTest {

    private static TimeManager forWhite(SearchLimits limits) {
        return new TimeManager(limits, Piece.WHITE, 0);
    }

    @Test
    void depthOnlySearchHasNoTimeLimit() {
        TimeManager time = forWhite(new SearchLimits().depth(10));
        assertFalse(time.isLimited());
        assertFalse(time.hardLimitReached(Long.MAX_VALUE / 2));
    }

    @Test
    void infiniteIgnoresTheClock() {
        assertFalse(forWhite(new SearchLimits().infinite(true).whiteTime(1000).blackTime(1000)).isLimited());
    }

    @Test
    void onlyTheOpponentsClockLeavesTheSideToMoveNoTime() {
        TimeManager time = forWhite(new SearchLimits().blackTime(1000).moveOverhead(50));
        assertTrue(time.isLimited());
        assertTrue(time.isClockBased());
        assertEquals(1, time.hardLimitMillis());
    }

    @Test
    void moveTimeIsUsedWhollyLessTheOverhead() {
        TimeManager time = forWhite(new SearchLimits().moveTime(1000).moveOverhead(50));
        assertEquals(950, time.softLimitMillis());
        assertEquals(950, time.hardLimitMillis());
        assertFalse(time.isClockBased());
    }

    @Test
    void suddenDeathPlansAShareOfTheClock() {
        TimeManager time = forWhite(new SearchLimits().whiteTime(60_000).blackTime(60_000).moveOverhead(0));
        long plan = 60_000 / TimeManager.DEFAULT_MOVES_TO_GO;
        assertEquals(plan * TimeManager.SOFT_PERCENT / 100, time.softLimitMillis());
        assertEquals(plan * TimeManager.HARD_FACTOR, time.hardLimitMillis());
    }

    @Test
    void incrementAddsToThePlan() {
        TimeManager without = forWhite(new SearchLimits().whiteTime(60_000).moveOverhead(0));
        TimeManager with = forWhite(new SearchLimits().whiteTime(60_000).whiteIncrement(1000).moveOverhead(0));
        assertEquals(750 * TimeManager.HARD_FACTOR, with.hardLimitMillis() - without.hardLimitMillis());
    }

    @Test
    void blackUsesBlacksClock() {
        TimeManager time = new TimeManager(new SearchLimits().whiteTime(60_000).blackTime(6_000).moveOverhead(0),
                Piece.BLACK, 0);
        assertEquals(6_000 / TimeManager.DEFAULT_MOVES_TO_GO * TimeManager.HARD_FACTOR, time.hardLimitMillis());
    }

    @Test
    void bulletNeverPlansMoreThanHalfTheClockLeft() {
        // 1 s + 10 ms, late in the game with 80 ms left.
        for (long clock = 1; clock <= 1000; clock += 7) {
            TimeManager time = forWhite(new SearchLimits().whiteTime(clock).whiteIncrement(10).moveOverhead(50));
            long left = Math.max(1, clock - 50);
            assertTrue(time.hardLimitMillis() <= Math.max(1, left / 2), "clock " + clock);
            assertTrue(time.softLimitMillis() <= time.hardLimitMillis());
        }
    }

    @Test
    void lastMoveBeforeTheControlKeepsAMargin() {
        TimeManager time = forWhite(new SearchLimits().whiteTime(1000).movesToGo(1).moveOverhead(50));
        assertTrue(time.hardLimitMillis() <= 950 * TimeManager.LAST_MOVE_PERCENT / 100);
        assertTrue(time.hardLimitMillis() > 950 / 2, "the whole remaining time is this move's");
    }

    @Test
    void movesToGoSharesTheClockKeepingAMoveInReserve() {
        TimeManager time = forWhite(new SearchLimits().whiteTime(10_250).movesToGo(40).moveOverhead(0));
        assertEquals(250 * TimeManager.HARD_FACTOR, time.hardLimitMillis());
        assertEquals(250 * TimeManager.SOFT_PERCENT / 100, time.softLimitMillis());
    }

    @Test
    void limitsCountFromTheRestartOrigin() {
        TimeManager time = forWhite(new SearchLimits().moveTime(100).moveOverhead(0));
        long millis = 1_000_000L;
        assertTrue(time.hardLimitReached(100 * millis));
        time.restart(50 * millis);
        assertFalse(time.hardLimitReached(100 * millis));
        assertTrue(time.hardLimitReached(150 * millis));
    }

    @Test
    void moveOverheadLargerThanTheClockStillLeavesAMillisecond() {
        TimeManager time = forWhite(new SearchLimits().whiteTime(20).moveOverhead(100));
        assertEquals(1, time.hardLimitMillis());
    }
}
