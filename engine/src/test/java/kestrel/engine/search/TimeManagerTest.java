package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Move;
import kestrel.engine.Piece;
import org.junit.jupiter.api.Test;

class TimeManagerTest {
    private static final long MILLI = 1_000_000L;
    private static final double EPSILON = 1e-9;
    private static final int MOVE_A = Move.of(12, 28);
    private static final int MOVE_B = Move.of(6, 21);

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
    void theClockIsReadMoreOftenUnderAShortHardLimit() {
        assertEquals(1023, forWhite(new SearchLimits().depth(10)).checkIntervalMask());
        assertEquals(1023, forWhite(new SearchLimits().moveTime(5000).moveOverhead(0)).checkIntervalMask());
        assertEquals(511, forWhite(new SearchLimits().moveTime(600).moveOverhead(0)).checkIntervalMask());
        assertEquals(63, forWhite(new SearchLimits().moveTime(20).moveOverhead(0)).checkIntervalMask());
        // A bullet game's last second: a hard limit of some tens of milliseconds.
        TimeManager bullet = forWhite(new SearchLimits().whiteTime(150).whiteIncrement(10).moveOverhead(50));
        assertTrue(bullet.hardLimitMillis() < 64, "hard limit " + bullet.hardLimitMillis());
        assertEquals(63, bullet.checkIntervalMask());
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

    // ------------------------------------------------------------------------------------------------------------
    // Moves to go

    @Test
    void withoutMovesToGoTheClockIsSharedOverTwentyMoves() {
        TimeManager time = forWhite(new SearchLimits().whiteTime(60_000).blackTime(60_000).moveOverhead(0));
        // plan 60,000 / 20 = 3,000 ms: soft 60 % of it, hard 3 times it.
        assertEquals(1_800, time.softLimitMillis());
        assertEquals(9_000, time.hardLimitMillis());
        assertEquals(1_800, time.baseSoftLimitMillis());
    }

    @Test
    void theMoveOverheadIsTakenOffTheClockFirst() {
        // 1 s + 10 ms with the default overhead of 50 ms: plan (1,000 - 50) / 20 + 7 = 54 ms.
        TimeManager time = forWhite(new SearchLimits().whiteTime(1_000).whiteIncrement(10));
        assertEquals(54 * 3, time.hardLimitMillis());
        assertEquals(54 * 60 / 100, time.softLimitMillis());
    }

    // ------------------------------------------------------------------------------------------------------------
    // The soft limit's scale

    @Test
    void stabilityFactorsRunFromOnePointSixToThreeQuarters() {
        double[] expected = {1.6, 1.3, 1.05, 0.9, 0.75};
        for (int stable = 0; stable < expected.length; stable++) {
            // At a node share of 1.5 - 1 / 1.4 the node factor is 1: the stability factor alone.
            assertEquals(expected[stable], TimeManager.scale(stable, 1.5 - 1 / 1.4), EPSILON, "stable " + stable);
        }
        assertEquals(0.75, TimeManager.scale(4, 1.5 - 1 / 1.4), EPSILON);
        assertEquals(0.75, TimeManager.scale(9, 1.5 - 1 / 1.4), EPSILON, "4 or more iterations: the last factor");
        assertEquals(1.6, TimeManager.scale(-1, 1.5 - 1 / 1.4), EPSILON, "clamped below too");
    }

    @Test
    void nodeShareFactorIsOnePointFiveLessTheShareTimesOnePointFour() {
        // Stability index 4 (factor 0.75) and the node factor (1.5 - s) * 1.4.
        assertEquals(0.75 * 2.1, TimeManager.scale(4, 0.0), EPSILON);
        assertEquals(0.75 * 1.4, TimeManager.scale(4, 0.5), EPSILON);
        assertEquals(0.75 * 0.7, TimeManager.scale(4, 1.0), EPSILON);
        assertEquals(TimeManager.scale(4, 1.0), TimeManager.scale(4, 1.7), EPSILON, "a share is at most 1");
        assertEquals(TimeManager.scale(4, 0.0), TimeManager.scale(4, -0.3), EPSILON, "and at least 0");
        assertEquals(1.6 * 2.1, TimeManager.scale(0, 0.0), EPSILON, "the largest factor");
        assertEquals(0.75 * 0.7, TimeManager.scale(4, 1.0), EPSILON, "the smallest factor");
    }

    @Test
    void aCompletedIterationScalesTheSoftLimitByStabilityAndNodeShare() {
        TimeManager time = forWhite(new SearchLimits().whiteTime(60_000).moveOverhead(0));
        long base = time.baseSoftLimitMillis();
        // A new best move that took a quarter of the nodes: 1.6 * (1.5 - 0.25) * 1.4 = 2.8.
        time.iterationCompleted(MOVE_A, 250, 1_000);
        assertEquals(0, time.stableIterations());
        assertEquals(base * 2.8, time.softLimitMillis(), 1.0);
        // The same best move three more times, taking 90 % of the nodes: 0.9 * 0.6 * 1.4.
        for (int i = 0; i < 3; i++) {
            time.iterationCompleted(MOVE_A, 900, 1_000);
        }
        assertEquals(3, time.stableIterations());
        assertEquals(base * 0.9 * 0.6 * 1.4, time.softLimitMillis(), 1.0);
        assertTrue(time.softLimitMillis() < base);
        // A change of the best move starts the count again.
        time.iterationCompleted(MOVE_B, 900, 1_000);
        assertEquals(0, time.stableIterations());
        assertEquals(base * 1.6 * 0.6 * 1.4, time.softLimitMillis(), 1.0);
        assertEquals(base, time.baseSoftLimitMillis());
    }

    @Test
    void theScaledSoftLimitNeverPassesTheHardLimit() {
        // The last move before the control: soft 30 % of what is left, hard capped at 70 %; x3.36 would pass it.
        TimeManager time = forWhite(new SearchLimits().whiteTime(10_000).movesToGo(1).moveOverhead(0));
        assertEquals(7_000, time.hardLimitMillis());
        time.iterationCompleted(MOVE_A, 0, 1_000);
        assertEquals(time.hardLimitMillis(), time.softLimitMillis());
        for (long clock = 1; clock <= 3_000; clock += 13) {
            TimeManager bullet = forWhite(new SearchLimits().whiteTime(clock).whiteIncrement(10).moveOverhead(50));
            bullet.iterationCompleted(MOVE_A, 0, 1_000);
            assertTrue(bullet.softLimitMillis() <= bullet.hardLimitMillis(), "clock " + clock);
            assertTrue(bullet.softLimitMillis() >= 1, "clock " + clock);
        }
    }

    @Test
    void moveTimeIsNotScaled() {
        TimeManager time = forWhite(new SearchLimits().moveTime(1000).moveOverhead(50));
        time.iterationCompleted(MOVE_A, 1_000, 1_000);
        time.iterationCompleted(MOVE_A, 1_000, 1_000);
        time.iterationCompleted(MOVE_A, 1_000, 1_000);
        time.iterationCompleted(MOVE_A, 1_000, 1_000);
        assertEquals(950, time.softLimitMillis(), "the whole movetime is used");
        assertEquals(950, time.hardLimitMillis());
    }

    // ------------------------------------------------------------------------------------------------------------
    // The decision to stop

    private static RootMoves rootMoves(long bestNodes, long otherNodes) {
        RootMoves moves = new RootMoves();
        moves.add(MOVE_A);
        moves.add(MOVE_B);
        moves.addNodes(0, bestNodes);
        moves.addNodes(1, otherNodes);
        return moves;
    }

    @Test
    void aClockedSearchStopsAfterTheIterationThatPassesTheScaledSoftLimit() {
        SearchLimits limits = new SearchLimits().whiteTime(60_000).moveOverhead(0);
        // 3 s into the search, past the base soft limit of 1.8 s, within the hard limit of 9 s.
        long origin = System.nanoTime() - 3_000 * MILLI;
        // An unsettled choice (a new best move that took 10 % of the nodes): soft 1.8 s x 3.136, go on.
        TimeManager unsettled = new TimeManager(limits, Piece.WHITE, origin);
        assertFalse(unsettled.stopAfterIteration(8, rootMoves(100, 900), 1_000));
        // A settled one: the same best move five iterations running with 90 % of the nodes, soft 1.8 s x 0.63.
        TimeManager settled = new TimeManager(limits, Piece.WHITE, origin);
        for (int depth = 1; depth <= 4; depth++) {
            settled.iterationCompleted(MOVE_A, 900, 1_000);
        }
        assertTrue(settled.stopAfterIteration(5, rootMoves(900, 100), 1_000));
        assertTrue(settled.softLimitMillis() < settled.baseSoftLimitMillis());
        // Settled, it stops even before the base soft limit: 1.5 s into the search.
        TimeManager sooner = new TimeManager(limits, Piece.WHITE, System.nanoTime() - 1_500 * MILLI);
        for (int depth = 1; depth <= 4; depth++) {
            sooner.iterationCompleted(MOVE_A, 900, 1_000);
        }
        assertTrue(sooner.stopAfterIteration(5, rootMoves(900, 100), 1_000));
        // Early in the search neither stops.
        TimeManager early = new TimeManager(limits, Piece.WHITE, System.nanoTime());
        assertFalse(early.stopAfterIteration(1, rootMoves(900, 100), 1_000));
    }

    @Test
    void infiniteAndPonderingNeverStopOnTime() {
        long longAgo = System.nanoTime() - 3_600_000 * MILLI;
        TimeManager infinite = new TimeManager(new SearchLimits().infinite(true).whiteTime(100), Piece.WHITE,
                longAgo);
        assertFalse(infinite.stopAfterIteration(20, rootMoves(900, 100), 1_000));
        assertFalse(infinite.mustStop(1_000, 1_000));

        SearchControl control = new SearchControl();
        TimeManager pondering = new TimeManager(new SearchLimits().ponder(true).whiteTime(10_000).moveOverhead(0),
                Piece.WHITE, longAgo, control, false);
        assertFalse(pondering.stopAfterIteration(20, rootMoves(900, 100), 1_000));
        assertFalse(pondering.mustStop(1_000, 1_000));
        // The hit switches to the clock, counted from the hit: not yet past the limits ...
        control.ponderHit();
        assertFalse(pondering.mustStop(1_000, 1_000));
        // ... but stop ends it at once.
        control.stop();
        assertTrue(pondering.mustStop(1_000, 1_000));
        assertTrue(pondering.stopAfterIteration(21, rootMoves(900, 100), 1_000));
    }

    @Test
    void thePonderHitStartsTheClock() throws InterruptedException {
        SearchControl control = new SearchControl();
        TimeManager time = new TimeManager(new SearchLimits().ponder(true).whiteTime(4_000).moveOverhead(0),
                Piece.WHITE, System.nanoTime() - 3_600_000 * MILLI, control, false);
        control.ponderHit();
        assertFalse(time.mustStop(1_000, 1_000));
        // 4 s on the clock: hard limit 600 ms from the hit.
        Thread.sleep(700);
        assertTrue(time.mustStop(1_000, 1_000));
    }

    @Test
    void theNodeLimitCountsAllThreads() {
        SearchControl control = new SearchControl();
        TimeManager main = new TimeManager(new SearchLimits().nodes(10_000), Piece.WHITE, System.nanoTime(),
                control, false);
        assertEquals(10_000, main.threadNodeLimit());
        assertFalse(main.mustStop(4_000, 8_000));
        assertEquals(6_000, main.threadNodeLimit(), "the other threads' 4,000 nodes count against it");
        assertTrue(main.mustStop(4_000, 10_000));

        TimeManager helper = new TimeManager(new SearchLimits().nodes(10_000), Piece.WHITE, System.nanoTime(),
                control, true);
        assertEquals(Long.MAX_VALUE, helper.threadNodeLimit());
        assertFalse(control.isNodeLimitReached());
        assertTrue(helper.mustStop(3_000, 10_000));
        assertTrue(control.isNodeLimitReached(), "the helper tells the main thread");
        assertTrue(main.stopAfterIteration(5, rootMoves(900, 100), 1_000));
    }

    @Test
    void aDepthLimitedSearchNeverStopsOnTime() {
        TimeManager time = forWhite(new SearchLimits().depth(12));
        assertFalse(time.stopAfterIteration(11, rootMoves(900, 100), Long.MAX_VALUE / 2));
        assertFalse(time.mustStop(1_000_000_000L, 1_000_000_000L));
    }

    @Test
    void anOnlyMoveIsPlayedAtOnceOnlyOnAClock() {
        RootMoves only = new RootMoves();
        only.add(MOVE_A);
        only.addNodes(0, 10);
        long now = System.nanoTime();
        assertTrue(new TimeManager(new SearchLimits().whiteTime(60_000), Piece.WHITE, now)
                .stopAfterIteration(1, only, 10));
        assertFalse(new TimeManager(new SearchLimits().moveTime(60_000), Piece.WHITE, now)
                .stopAfterIteration(1, only, 10));
    }

    @Test
    void withNodesTimeTheLimitsAreCountedInNodesNotRead() {
        // 60 s at 100 nodes a millisecond: a plan of 3,000 ms, so a hard limit of 900,000 nodes.
        TimeManager time = forWhite(new SearchLimits().whiteTime(60_000).moveOverhead(0).nodesPerMilli(100));
        assertTrue(time.countsNodes());
        long softNodes = 3_000 * TimeManager.SOFT_PERCENT / 100 * 100;
        assertFalse(time.softLimitReachedAtNodes(softNodes - 1));
        assertTrue(time.softLimitReachedAtNodes(softNodes));
        assertFalse(time.hardLimitReachedAtNodes(899_999));
        assertTrue(time.hardLimitReachedAtNodes(900_000));
        // However long the search has taken by the clock, only its nodes count.
        assertFalse(time.mustStop(899_000, 899_000));
        assertTrue(time.mustStop(900_000, 900_000));
        assertFalse(forWhite(new SearchLimits().whiteTime(60_000)).countsNodes());
    }

    @Test
    void withNodesTimeMoveTimeIsCountedInNodesToo() {
        TimeManager time = forWhite(new SearchLimits().moveTime(250).moveOverhead(50).nodesPerMilli(1000));
        assertFalse(time.mustStop(199_999, 199_999));
        assertTrue(time.mustStop(200_000, 200_000));
    }

    @Test
    void withoutALimitNodesTimeStopsNothing() {
        TimeManager time = forWhite(new SearchLimits().depth(20).nodesPerMilli(1));
        assertFalse(time.softLimitReachedAtNodes(Long.MAX_VALUE / 2));
        assertFalse(time.mustStop(Long.MAX_VALUE / 2, Long.MAX_VALUE / 2));
    }

    @Test
    void withNodesTimeTheRealClocksHardLimitStillStopsASearchOnASlowMachine() {
        // The node clock says a minute, the GUI's real clock 3 s: after 2 s of real time the search has passed
        // the real clock's hard limit (3 plans of 3 s / 20) and stops, however few nodes it searched; with a real
        // minute (a hard limit of 9 s) it goes on.
        SearchLimits limits = new SearchLimits().whiteTime(60_000).moveOverhead(0).nodesPerMilli(100);
        long twoSecondsAgo = System.nanoTime() - 2_000 * MILLI;
        assertTrue(new TimeManager(limits.realTime(3_000), Piece.WHITE, twoSecondsAgo).mustStop(10, 10));
        assertFalse(new TimeManager(limits.realTime(60_000), Piece.WHITE, twoSecondsAgo).mustStop(10, 10));
    }
}
