package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.search.Bench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EvalFile and Use NNUE together with Threads, through the real loop: searches in one session switching the
 * network, the evaluation and the number of threads between them answer as they should, and a search at Threads 1
 * gives node for node what a fresh session with the same settings gives (so the accumulators a reused search
 * attaches stay exact).
 */
class NetworkAndThreadsTest {
    private static final String MIDDLEGAME = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";
    private static final String POSITION = "position fen " + MIDDLEGAME;
    private static final Network NETWORK = TestNetworkFiles.random(16, 9);
    private static final Network OTHER_NETWORK = TestNetworkFiles.random(32, 10);

    @TempDir
    Path directory;

    /** Runs {@code go} and returns its totals line, after checking it gives exactly one legal bestmove. */
    private static String search(UciSession session, String go) {
        session.send(go);
        List<String> lines = session.untilStartsWith("bestmove");
        String bestMove = lines.get(lines.size() - 1);
        String move = bestMove.split(" ")[1];
        assertNotEquals(Move.NONE, MoveNotation.parseUci(Fen.parse(MIDDLEGAME), move, false), bestMove);
        List<String> after = session.answersBeforeReady();
        assertTrue(after.stream().noneMatch(line -> line.startsWith("bestmove")), after::toString);
        return lines.get(lines.size() - 2);
    }

    private static long nodes(String totals) {
        String[] words = totals.split(" ");
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i].equals("nodes")) {
                return Long.parseLong(words[i + 1]);
            }
        }
        throw new AssertionError("no nodes in " + totals);
    }

    /** The nodes of {@code go depth 6} at Threads 1 in a session of its own with {@code options} set. */
    private static long freshNodes(String... options) {
        try (UciSession session = new UciSession()) {
            session.send(options);
            session.send(POSITION);
            session.answersBeforeReady();
            return nodes(search(session, "go depth 6"));
        }
    }

    @Test
    void networksEvaluationsAndThreadsChangeBetweenSearches() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        Path other = TestNetworkFiles.write(directory.resolve("other.nnue"), OTHER_NETWORK);
        String withNetwork = "setoption name EvalFile value " + file;
        String withOther = "setoption name EvalFile value " + other;
        String handcrafted = "setoption name Use NNUE value false";
        long network = freshNodes(withNetwork);
        long otherNetwork = freshNodes(withOther);
        long noNetwork = freshNodes(withNetwork, handcrafted);
        assertNotEquals(network, noNetwork);
        assertNotEquals(network, otherNetwork);
        try (UciSession session = new UciSession()) {
            session.send("setoption name Threads value 3", withNetwork, POSITION);
            session.answersBeforeReady();
            search(session, "go depth 6");
            session.send(handcrafted);
            search(session, "go depth 6");
            session.send("setoption name Use NNUE value true", withOther);
            search(session, "go depth 6");
            session.send("setoption name Threads value 1", "ucinewgame");
            assertEquals(otherNetwork, nodes(search(session, "go depth 6")));
            session.send(withNetwork, "ucinewgame");
            assertEquals(network, nodes(search(session, "go depth 6")));
            session.send(handcrafted, "ucinewgame");
            assertEquals(noNetwork, nodes(search(session, "go depth 6")));
            session.send("setoption name Threads value 2", "setoption name Use NNUE value true");
            search(session, "go depth 6");
            session.send("setoption name Threads value 1", "ucinewgame");
            assertEquals(network, nodes(search(session, "go depth 6")));
        }
    }

    /** A go still queued or running when the option comes keeps the evaluation in force when it came. */
    @Test
    void aNetworkSetAfterGoWaitsForTheNextGo() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        long network = freshNodes("setoption name EvalFile value " + file);
        long noNetwork = freshNodes("setoption name EvalFile value " + file, "setoption name Use NNUE value false");
        try (UciSession session = new UciSession()) {
            session.send("setoption name EvalFile value " + file, "setoption name Use NNUE value false", POSITION,
                    "go depth 6", "setoption name Use NNUE value true");
            // Both searches at Threads 1 from an empty table: node for node as a fresh session.
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(noNetwork, nodes(lines.get(lines.size() - 2)));
            session.send("ucinewgame");
            assertEquals(network, nodes(search(session, "go depth 6")));
        }
    }

    @Test
    void benchInTheLoopUsesTheNetworkOnOneThreadWhateverThreadsSays() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        long expected = Bench.run(3, new NetworkEvaluation(NETWORK), line -> { }).nodes();
        try (UciSession session = new UciSession()) {
            session.send("setoption name Threads value 3", "setoption name EvalFile value " + file);
            session.answersBeforeReady();
            session.send("bench 3");
            List<String> lines = new ArrayList<>(session.until(line -> line.matches("\\d+ nodes \\d+ nps")));
            assertTrue(lines.get(lines.size() - 2).matches("depth 3, 30 positions, \\d+ ms, network, hidden size 16"),
                    lines.toString());
            assertEquals(expected + " nodes", lines.get(lines.size() - 1).replaceFirst(" \\d+ nps$", ""));
            // The session goes on with its threads and network.
            session.send(POSITION);
            search(session, "go depth 5");
        }
    }
}
