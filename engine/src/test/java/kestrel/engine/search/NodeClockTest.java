package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import kestrel.engine.Piece;
import org.junit.jupiter.api.Test;

class NodeClockTest {
    private static SearchLimits clock(long white, long black, long increment) {
        return new SearchLimits().whiteTime(white).blackTime(black).whiteIncrement(increment)
                .blackIncrement(increment);
    }

    @Test
    void withoutNodesTimeTheLimitsStayAsGiven() {
        NodeClock clock = new NodeClock();
        SearchLimits limits = clock(1000, 2000, 10);
        assertSame(limits, clock.prepare(limits, Piece.WHITE));
        assertEquals(1000, limits.whiteTime());
        assertEquals(0, limits.nodesPerMilli());
        clock.charge(limits, Piece.WHITE, 5000);
        assertEquals(-1, clock.nodesLeft(Piece.WHITE));
    }

    @Test
    void theFirstSearchSetsTheClockAndEachSearchIsCharged() {
        NodeClock clock = new NodeClock();
        clock.nodesPerMilli(100);
        SearchLimits first = clock.prepare(clock(3000, 3000, 20), Piece.WHITE);
        assertEquals(100, first.nodesPerMilli());
        assertEquals(3000, first.whiteTime());
        assertEquals(300_000, clock.nodesLeft(Piece.WHITE));
        clock.charge(first, Piece.WHITE, 50_000);
        assertEquals(300_000 - 50_000 + 20 * 100, clock.nodesLeft(Piece.WHITE));

        // The GUI's next reading is its real clock: the node clock goes on from what it has left.
        SearchLimits second = clock.prepare(clock(60_000, 3000, 20), Piece.WHITE);
        assertEquals((300_000 - 50_000 + 2_000) / 100, second.whiteTime());
        assertEquals(60_000, second.realTime(), "the real clock, for the cap on a slow machine");
        assertEquals(-1, clock.nodesLeft(Piece.BLACK), "Black's clock is set by Black's first search");

        SearchLimits black = clock.prepare(clock(2900, 1500, 20), Piece.BLACK);
        assertEquals(1500, black.blackTime());
        assertEquals(150_000, clock.nodesLeft(Piece.BLACK));
    }

    @Test
    void theClockNeverGoesBelowZero() {
        NodeClock clock = new NodeClock();
        clock.nodesPerMilli(10);
        SearchLimits limits = clock.prepare(clock(100, 100, 0), Piece.WHITE);
        clock.charge(limits, Piece.WHITE, 5000);
        assertEquals(0, clock.nodesLeft(Piece.WHITE));
        assertEquals(0, clock.prepare(clock(100, 100, 0), Piece.WHITE).whiteTime());
    }

    @Test
    void aNewGameOrANewRateStartsAfresh() {
        NodeClock clock = new NodeClock();
        clock.nodesPerMilli(100);
        clock.charge(clock.prepare(clock(1000, 1000, 0), Piece.WHITE), Piece.WHITE, 40_000);
        assertEquals(60_000, clock.nodesLeft(Piece.WHITE));
        clock.newGame();
        assertEquals(-1, clock.nodesLeft(Piece.WHITE));
        clock.charge(clock.prepare(clock(1000, 1000, 0), Piece.WHITE), Piece.WHITE, 40_000);
        clock.nodesPerMilli(200);
        assertEquals(-1, clock.nodesLeft(Piece.WHITE));
        clock.prepare(clock(1000, 1000, 0), Piece.WHITE);
        assertEquals(200_000, clock.nodesLeft(Piece.WHITE));
    }

    @Test
    void analysisAndPonderingAreNotCharged() {
        NodeClock clock = new NodeClock();
        clock.nodesPerMilli(100);
        SearchLimits depth = clock.prepare(new SearchLimits().depth(8), Piece.WHITE);
        assertEquals(100, depth.nodesPerMilli(), "a movetime would be counted in nodes too");
        clock.charge(depth, Piece.WHITE, 10_000);
        assertEquals(-1, clock.nodesLeft(Piece.WHITE));

        SearchLimits ponder = clock.prepare(clock(1000, 1000, 0).ponder(true), Piece.WHITE);
        clock.charge(ponder, Piece.WHITE, 10_000);
        assertEquals(100_000, clock.nodesLeft(Piece.WHITE));
    }
}
