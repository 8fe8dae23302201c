package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** NodesTime: a clocked search counts its time in nodes, so it stops at the same node however busy the machine. */
class NodesTimeOptionTest {
    private static final Pattern NODES = Pattern.compile(" nodes (\\d+) ");
    private static final Pattern WHITE_TIME = Pattern.compile("wtime=(\\d+) ");

    /** The node count of the summary line before bestmove. */
    private static long searchedNodes(List<String> lines) {
        String summary = lines.get(lines.size() - 2);
        Matcher matcher = NODES.matcher(summary);
        assertTrue(matcher.find(), summary);
        return Long.parseLong(matcher.group(1));
    }

    /** White's clock as the search got it, from debug's "search" line. */
    private static long searchedWhiteTime(List<String> lines) {
        for (String line : lines) {
            if (line.startsWith("info string search SearchLimits")) {
                Matcher matcher = WHITE_TIME.matcher(line);
                assertTrue(matcher.find(), line);
                return Long.parseLong(matcher.group(1));
            }
        }
        throw new AssertionError("no search line in " + lines);
    }

    @Test
    void aClockedSearchStopsAtTheSameNodeEachTime() {
        try (UciSession session = new UciSession()) {
            // 5 nodes a millisecond: the node clock's limits come within a few milliseconds of search, long before
            // the real clock's cap (the hard limit the GUI's 2 s would give), which on a loaded machine once came
            // first and stopped the two searches at different nodes.
            session.send("setoption name NodesTime value 5");
            long[] nodes = new long[2];
            for (int run = 0; run < 2; run++) {
                session.send("ucinewgame", "position startpos", "go wtime 2000 btime 2000 winc 20 binc 20");
                nodes[run] = searchedNodes(session.untilStartsWith("bestmove"));
            }
            assertEquals(nodes[0], nodes[1]);
            // The hard limit: 4 soft limits of 1.57 % of the 1,950 ms left after the overhead (30 ms), at 5 nodes a
            // millisecond 600 nodes; the clock is looked at every 1,024 nodes at most.
            assertTrue(nodes[0] > 0 && nodes[0] <= 600 + 1_024, "nodes " + nodes[0]);
        }
    }

    @Test
    void theNodeClockRunsOnWhateverTheGuiSays() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name NodesTime value 50", "debug on", "ucinewgame", "position startpos",
                    "go wtime 2000 btime 2000 winc 20 binc 20");
            List<String> first = session.untilStartsWith("bestmove");
            assertEquals(2000, searchedWhiteTime(first));
            long spent = searchedNodes(first);
            // The GUI's clock says an hour: the search gets what the node clock has left.
            session.send("position startpos moves e2e4 e7e5", "go wtime 3600000 btime 3600000 winc 20 binc 20");
            List<String> second = session.untilStartsWith("bestmove");
            assertEquals((2000 * 50 - spent + 20 * 50) / 50, searchedWhiteTime(second));
            // A new game sets it from the GUI's clock again.
            session.send("ucinewgame", "position startpos", "go wtime 3000 btime 3000 winc 20 binc 20");
            assertEquals(3000, searchedWhiteTime(session.untilStartsWith("bestmove")));
        }
    }

    @Test
    void zeroIsTheRealClock() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name NodesTime value 50", "setoption name NodesTime value 0", "debug on",
                    "position startpos", "go wtime 2000 btime 2000");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(2000, searchedWhiteTime(lines));
            assertTrue(lines.stream().noneMatch(line -> line.contains("nodestime")), String.join("\n", lines));
        }
    }
}
