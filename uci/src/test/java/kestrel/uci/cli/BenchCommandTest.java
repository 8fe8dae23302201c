package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.search.Bench;
import kestrel.uci.protocol.TestNetworkFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    /** The end of the summary line: the evaluation the bench searched with. */
    private static final String EVALUATION = ", (handcrafted evaluation|network, hidden size \\d+(, king mirroring)?(, \\d+ output buckets)?)";
    private static final Network NETWORK = TestNetworkFiles.random(16, 9);

    @TempDir
    Path directory;

    /** What one run of the command left behind. */
    private record Run(int exitCode, List<String> out, String err) {
    }

    private static Run bench(String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] command = new String[arguments.length + 1];
        command[0] = "bench";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        int exitCode = Main.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(command);
        return new Run(exitCode, out.toString().lines().toList(), err.toString());
    }

    @Test
    void oneThreadToADepthEndsWithTheTotals() {
        Run run = bench("3");
        assertEquals(0, run.exitCode());
        List<String> lines = run.out();
        assertTrue(lines.get(lines.size() - 2).matches("depth 3, 30 positions, \\d+ ms" + EVALUATION), lines.toString());
        assertTrue(lines.get(lines.size() - 1).matches("\\d+ nodes \\d+ nps"), lines.toString());
    }

    @Test
    void theUntimedRunFirstChangesNeitherTheOutputNorTheCount() {
        Run warm = bench("4", "--hce");
        Run cold = bench("4", "--hce", "--cold");
        assertEquals(0, warm.exitCode(), warm.err());
        assertEquals(0, cold.exitCode(), cold.err());
        assertTrue(warm.err().contains("untimed run first"), warm.err());
        assertTrue(!cold.err().contains("untimed run first"), cold.err());
        // One line per position, the summary and the total, once: the untimed run prints nothing.
        assertEquals(Bench.positions().size() + 2, warm.out().size(), warm.out().toString());
        assertEquals(cold.out().size(), warm.out().size());
        String warmNodes = warm.out().get(warm.out().size() - 1).split(" ")[0];
        String coldNodes = cold.out().get(cold.out().size() - 1).split(" ")[0];
        assertEquals(coldNodes, warmNodes);
    }

    @Test
    void threadsAndMovetimeMeasureTheParallelSearch() {
        Run run = bench("--threads", "2", "--movetime", "5");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = run.out();
        assertTrue(lines.get(lines.size() - 2).matches(
                "movetime 5 ms, 30 positions, \\d+ ms, 2 threads, main thread CPU \\d+ ms" + EVALUATION),
                lines.toString());
    }

    @Test
    void anExplicitThreadCountGivesTheDetailsEvenForOne() {
        List<String> lines = bench("2", "--threads", "1").out();
        assertTrue(lines.get(lines.size() - 2)
                .matches("depth 2, 30 positions, \\d+ ms, 1 thread, main thread CPU \\d+ ms" + EVALUATION), lines.toString());
    }

    @Test
    void threadsOutOfRangeAreBadInput() {
        Run run = bench("--threads", "0");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("bench: threads must be 1 .. 256"), run.err());
        assertEquals(List.of(), run.out());
    }

    @Test
    void negativeMovetimeIsBadInput() {
        Run run = bench("--movetime", "-1");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("bench: movetime must be 0 or more"), run.err());
    }

    @Test
    void aNetworkFileIsSearchedWithOnOneThreadAndOnSeveral() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        List<String> one = bench("3", "--eval-file", file.toString()).out();
        assertEquals("depth 3, 30 positions, ms, network, hidden size 16",
                one.get(one.size() - 2).replaceFirst(" \\d+ ms", " ms"));
        // The same search as the engine's bench with that network: node for node.
        long nodes = Bench.run(3, new NetworkEvaluation(NETWORK), line -> { }).nodes();
        assertEquals(nodes + " nodes", one.get(one.size() - 1).replaceFirst(" \\d+ nps$", ""));
        Run several = bench("3", "--threads", "2", "--eval-file", file.toString());
        assertEquals(0, several.exitCode(), several.err());
        List<String> lines = several.out();
        assertTrue(lines.get(lines.size() - 2).matches(
                "depth 3, 30 positions, \\d+ ms, 2 threads, main thread CPU \\d+ ms, network, hidden size 16"),
                lines.toString());
        assertEquals(32, lines.size(), lines.toString());
    }

    @Test
    void handcraftedWinsOverANetworkFile() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        List<String> lines = bench("3", "--threads", "2", "--hce", "--eval-file", file.toString()).out();
        assertTrue(lines.get(lines.size() - 2).matches(
                "depth 3, 30 positions, \\d+ ms, 2 threads, main thread CPU \\d+ ms, handcrafted evaluation"),
                lines.toString());
    }

    @Test
    void anUnusableNetworkFileIsBadInput() throws IOException {
        Path file = Files.write(directory.resolve("bad.nnue"), new byte[] {1, 2, 3});
        Run run = bench("3", "--threads", "2", "--eval-file", file.toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("bench: cannot use the network " + file + ": "), run.err());
        assertEquals(List.of(), run.out());
    }

    @Test
    void aMissingNetworkFileIsNamedAsMissing() {
        Path missing = directory.resolve("kestrel.nnue");
        Run run = bench("1", "--eval-file", missing.toString());
        assertEquals(2, run.exitCode());
        assertEquals("bench: cannot use the network " + missing + ": no such file", run.err().strip());
        assertEquals(List.of(), run.out());
    }

    @Test
    void aDepthAndAMovetimeTogetherAreBadInput() {
        // One bounds each search by plies, the other by time: the bench measures one or the other, never both.
        Run run = bench("3", "--threads", "2", "--movetime", "5");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith("bench: give a depth or --movetime, not both"), run.err());
        assertEquals(List.of(), run.out());
    }
}
