package kestrel.engine.search;

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
    }
}
