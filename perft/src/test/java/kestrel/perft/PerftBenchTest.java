package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import kestrel.engine.Fen;
import org.junit.jupiter.api.Test;

class PerftBenchTest {
    private static final PerftBench.Target START = PerftBench.TARGETS.get(0);
    private static final PerftBench.Target KIWIPETE = PerftBench.TARGETS.get(1);

    private static PerftBench.Measurement run(PerftBench.Target target, long nanos) {
        return new PerftBench.Measurement(target, 1_000_000, nanos);
    }

    @Test
    void speedIsNodesPerSecond() {
        assertEquals(2_000_000, run(START, 500_000_000).nodesPerSecond(), 1e-6);
    }

    @Test
    void summaryGivesBestAndMedianOfEachTarget() {
        List<PerftBench.TargetSummary> summaries = PerftBench.summarize(List.of(
                run(START, 1_000_000_000), run(KIWIPETE, 250_000_000), run(START, 500_000_000),
                run(START, 2_000_000_000)));
        PerftBench.TargetSummary start = summaries.get(0);
        assertEquals(3, start.runs());
        assertEquals(2_000_000, start.bestNodesPerSecond(), 1e-6);
        assertEquals(1_000_000, start.medianNodesPerSecond(), 1e-6);
        assertEquals(4_000_000, summaries.get(1).medianNodesPerSecond(), 1e-6);
    }

    @Test
    void countDifferentFromTheKnownOneIsFlagged() {
        assertFalse(run(START, 1).correct());
    }

    @Test
    void benchCountsAreRightOneDepthShallower() {
        // The targets' full depths are the bench's job; one ply less checks the positions are the intended ones.
        assertEquals(4_865_609, new Perft().count(Fen.parse(START.fen()), START.depth() - 1));
        assertEquals(4_085_603, new Perft().count(Fen.parse(KIWIPETE.fen()), KIWIPETE.depth() - 1));
    }
}
