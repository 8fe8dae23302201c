package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Fen;
import org.junit.jupiter.api.Test;

class BenchTest {

    @Test
    void nodeCountIsTheSameOnEveryRun() {
        long first = Bench.run(6, line -> { }).nodes();
        long second = Bench.run(6, line -> { }).nodes();
        assertEquals(first, second);
    }

    @Test
    void nodeCountAtDepthSixIsPinned() {
        // The search's fingerprint: any change to what it does changes this, on purpose or not. Update it only
        // together with a change meant to alter the search (and the depth-13 count in docs/search.md with it).
        // The handcrafted evaluation, so that a new network does not move it.
        assertEquals(49_136, Bench.run(6, HANDCRAFTED, line -> { }).nodes());
    }

    /** The end of the summary line: the evaluation the bench searched with. */
    static final String EVALUATION = "(handcrafted evaluation|network, hidden size \\d+(, king mirroring)?(, \\d+ output buckets)?)";

    @Test
    void severalThreadsForATimeEachSayHowTheySearched() {
        List<String> lines = new ArrayList<>();
        Bench.Result result = Bench.run(1, 2, 10, lines::add);
        assertTrue(result.nodes() > 0);
        assertTrue(lines.get(0).matches(" 1/30 .* nodes depth +\\d+ +\\d+ ms"), lines.get(0));
        assertTrue(lines.get(lines.size() - 2).matches("movetime 10 ms, 30 positions, \\d+ ms, 2 threads, "
                + "main thread CPU \\d+ ms, " + EVALUATION),
                lines.get(lines.size() - 2));
    }

    @Test
    void printsALinePerPositionAndTheTotalLast() {
        List<String> lines = new ArrayList<>();
        Bench.Result result = Bench.run(3, lines::add);
        assertTrue(lines.size() > Bench.POSITIONS.size());
        assertEquals(result.nodes() + " nodes " + result.nodesPerSecond() + " nps", lines.get(lines.size() - 1));
    }

    @Test
    void everyPositionIsValid() {
        for (String fen : Bench.POSITIONS) {
            assertTrue(Fen.parse(fen).isConsistent(), fen);
        }
    }

    @Test
    void depthOutOfRangeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Bench.run(0, line -> { }));
        assertThrows(IllegalArgumentException.class, () -> Bench.run(Bench.MAX_DEPTH + 1, line -> { }));
        assertThrows(IllegalArgumentException.class, () -> Bench.run(5, 0, 0, line -> { }));
        assertThrows(IllegalArgumentException.class, () -> Bench.run(5, 1, -1, line -> { }));
    }
}
