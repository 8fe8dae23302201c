package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import org.junit.jupiter.api.Test;

class TimeManagerTest {
    private static final long MILLI = 1_000_000L;
    private static final double EPSILON = 1e-9;
    private static final int MOVE_A = Move.of(12, 28);
    private static final int MOVE_B = Move.of(6, 21);

    private static TimeManager forWhite(SearchLimits limits) {
        return new TimeManager(limits, Piece.WHITE, 0, 0);
    }

    private static TimeManager forWhiteAt(SearchLimits limits, int gamePly) {
        return new TimeManager(limits, Piece.WHITE, gamePly, 0);
    }

    /** The sudden-death share of the pool at a game ply, as the class comment gives it. */
    private static double share(int gamePly) {
        return (8.4 + 4.2 * Math.sqrt(gamePly + 3.0)) / 1000;
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
        // The first move, 60 s and no increment: 1.57 % of the clock, the hard limit 4 times that.
        TimeManager time = forWhite(new SearchLimits().whiteTime(60_000).blackTime(60_000).moveOverhead(0));
        assertEquals(940, time.softLimitMillis());
        assertEquals((long) (60_000 * share(0)), time.softLimitMillis());
        assertEquals(940 * 4, time.hardLimitMillis());
    }

    @Test
    void theIncrementsOfTheNextFiftyMovesJoinThePool() {
        TimeManager with = forWhite(new SearchLimits().whiteTime(60_000).whiteIncrement(1_000).moveOverhead(0));
        assertEquals((long) (share(0) * (60_000 + 49 * 1_000)), with.softLimitMillis());
        // Only what an increment brings beyond the overhead: here 1,000 - 400 ms a move.
        TimeManager overhead = forWhite(new SearchLimits().whiteTime(60_400).whiteIncrement(1_000).moveOverhead(400));
        assertEquals((long) (share(0) * (60_000 + 49 * 600)), overhead.softLimitMillis());
        // An increment below the overhead adds nothing.
        TimeManager small = forWhite(new SearchLimits().whiteTime(60_050).whiteIncrement(30).moveOverhead(50));
        assertEquals(940, small.softLimitMillis());
    }

    @Test
    void theShareGrowsWithTheGamePly() {
        SearchLimits limits = new SearchLimits().whiteTime(60_000).moveOverhead(0);
        // Move 21 (ply 40) and move 61 (ply 120): 3.6 % and 5.5 % of the clock, hard limits 7 times that.
        assertEquals(2_156, forWhiteAt(limits, 40).softLimitMillis());
        assertEquals(2_156 * 7, forWhiteAt(limits, 40).hardLimitMillis());
        assertEquals(3_298, forWhiteAt(limits, 120).softLimitMillis());
        assertEquals(3_298 * 7, forWhiteAt(limits, 120).hardLimitMillis());
        // The hard factor: 4 at the start, a ply's twelfth more a ply, at most 7.
        assertEquals(4.0, TimeManager.hardFactor(0), EPSILON);
        assertEquals(5.0, TimeManager.hardFactor(12), EPSILON);
        assertEquals(7.0, TimeManager.hardFactor(36), EPSILON);
        assertEquals(7.0, TimeManager.hardFactor(300), EPSILON);
    }

    @Test
    void theSoftLimitIsAtMostAFifthOfTheClockLeft() {
        // Late in a game of 10 s + 0.1 s with 500 ms left: the pool is 450 + 49 * 50 = 2,900 ms, whose 5.5 % would
        // be 159 ms; a fifth of the 450 ms left is the limit, so the clock drains towards the increment.
        TimeManager time = forWhiteAt(new SearchLimits().whiteTime(500).whiteIncrement(100).moveOverhead(50), 120);
        assertEquals(90, time.softLimitMillis());
        assertEquals(225, time.hardLimitMillis(), "at most half of what is left");
    }

    @Test
    void theGamePlyComesFromTheMoveNumber() {
        assertEquals(0, TimeManager.gamePly(Fen.parse(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
        assertEquals(41, TimeManager.gamePly(Fen.parse(
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 2 21")));
    }

    @Test
    void blackUsesBlacksClock() {
        TimeManager time = new TimeManager(new SearchLimits().whiteTime(60_000).blackTime(6_000).moveOverhead(0),
                Piece.BLACK, 41, 0);
        TimeManager white = forWhiteAt(new SearchLimits().whiteTime(6_000).moveOverhead(0), 41);
        assertEquals(white.softLimitMillis(), time.softLimitMillis());
        assertEquals(white.hardLimitMillis(), time.hardLimitMillis());
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
    void theMoveOverheadIsTakenOffTheClockFirst() {
        // 10 s with the default overhead of 50 ms plans as 9,950 ms with none.
        TimeManager time = forWhiteAt(new SearchLimits().whiteTime(10_000), 30);
        TimeManager without = forWhiteAt(new SearchLimits().whiteTime(9_950).moveOverhead(0), 30);
        assertEquals(without.softLimitMillis(), time.softLimitMillis());
        assertEquals(without.hardLimitMillis(), time.hardLimitMillis());
        assertEquals((long) (9_950 * share(30)), time.softLimitMillis());
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
        // 2 s into the search, past the base soft limit of 0.94 s, within the hard limit of 3.76 s.
        long origin = System.nanoTime() - 2_000 * MILLI;
        // An unsettled choice (a new best move that took 10 % of the nodes): soft 0.94 s x 3.136, go on.
        TimeManager unsettled = new TimeManager(limits, Piece.WHITE, 0, origin);
        assertFalse(unsettled.stopAfterIteration(8, rootMoves(100, 900), 1_000));
        // A settled one: the same best move five iterations running with 90 % of the nodes, soft 0.94 s x 0.63.
        TimeManager settled = new TimeManager(limits, Piece.WHITE, 0, origin);
        for (int depth = 1; depth <= 4; depth++) {
            settled.iterationCompleted(MOVE_A, 900, 1_000);
        }
        assertTrue(settled.stopAfterIteration(5, rootMoves(900, 100), 1_000));
        assertTrue(settled.softLimitMillis() < settled.baseSoftLimitMillis());
        // Settled, it stops even before the base soft limit: 0.8 s into the search.
        TimeManager sooner = new TimeManager(limits, Piece.WHITE, 0, System.nanoTime() - 800 * MILLI);
        for (int depth = 1; depth <= 4; depth++) {
            sooner.iterationCompleted(MOVE_A, 900, 1_000);
        }
        assertTrue(sooner.stopAfterIteration(5, rootMoves(900, 100), 1_000));
        // Early in the search neither stops.
        TimeManager early = new TimeManager(limits, Piece.WHITE, 0, System.nanoTime());
        assertFalse(early.stopAfterIteration(1, rootMoves(900, 100), 1_000));
    }

    @Test
    void infiniteAndPonderingNeverStopOnTime() {
        long longAgo = System.nanoTime() - 3_600_000 * MILLI;
        TimeManager infinite = new TimeManager(new SearchLimits().infinite(true).whiteTime(100), Piece.WHITE, 0,
                longAgo);
        assertFalse(infinite.stopAfterIteration(20, rootMoves(900, 100), 1_000));
        assertFalse(infinite.mustStop(1_000, 1_000));

        SearchControl control = new SearchControl();
        TimeManager pondering = new TimeManager(new SearchLimits().ponder(true).whiteTime(10_000).moveOverhead(0),
                Piece.WHITE, 0, longAgo, control, false);
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
                Piece.WHITE, 0, System.nanoTime() - 3_600_000 * MILLI, control, false);
        control.ponderHit();
        assertFalse(time.mustStop(1_000, 1_000));
        // 4 s on the clock: hard limit 248 ms from the hit (4 times 1.57 % of it).
        Thread.sleep(700);
        assertTrue(time.mustStop(1_000, 1_000));
    }

    @Test
    void theNodeLimitCountsAllThreads() {
        SearchControl control = new SearchControl();
        TimeManager main = new TimeManager(new SearchLimits().nodes(10_000), Piece.WHITE, 0, System.nanoTime(),
                control, false);
        assertEquals(10_000, main.threadNodeLimit());
        assertFalse(main.mustStop(4_000, 8_000));
        assertEquals(6_000, main.threadNodeLimit(), "the other threads' 4,000 nodes count against it");
        assertTrue(main.mustStop(4_000, 10_000));

        TimeManager helper = new TimeManager(new SearchLimits().nodes(10_000), Piece.WHITE, 0, System.nanoTime(),
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
        assertTrue(new TimeManager(new SearchLimits().whiteTime(60_000), Piece.WHITE, 0, now)
                .stopAfterIteration(1, only, 10));
        assertFalse(new TimeManager(new SearchLimits().moveTime(60_000), Piece.WHITE, 0, now)
                .stopAfterIteration(1, only, 10));
    }

    @Test
    void withNodesTimeTheLimitsAreCountedInNodesNotRead() {
        // 60 s at 100 nodes a millisecond: a soft limit of 940 ms, a hard one of 3,760 ms, so 376,000 nodes.
        TimeManager time = forWhite(new SearchLimits().whiteTime(60_000).moveOverhead(0).nodesPerMilli(100));
        assertTrue(time.countsNodes());
        long softNodes = 940 * 100;
        assertFalse(time.softLimitReachedAtNodes(softNodes - 1));
        assertTrue(time.softLimitReachedAtNodes(softNodes));
        assertFalse(time.hardLimitReachedAtNodes(375_999));
        assertTrue(time.hardLimitReachedAtNodes(376_000));
        // However long the search has taken by the clock, only its nodes count.
        assertFalse(time.mustStop(375_000, 375_000));
        assertTrue(time.mustStop(376_000, 376_000));
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
        // the real clock's hard limit (188 ms) and stops, however few nodes it searched; with a real minute (a hard
        // limit of 3.76 s) it goes on.
        SearchLimits limits = new SearchLimits().whiteTime(60_000).moveOverhead(0).nodesPerMilli(100);
        long twoSecondsAgo = System.nanoTime() - 2_000 * MILLI;
        assertTrue(new TimeManager(limits.realTime(3_000), Piece.WHITE, 0, twoSecondsAgo).mustStop(10, 10));
        assertFalse(new TimeManager(limits.realTime(60_000), Piece.WHITE, 0, twoSecondsAgo).mustStop(10, 10));
    }
}
