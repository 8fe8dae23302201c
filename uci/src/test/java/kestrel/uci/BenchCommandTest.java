package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
    /** The end of the summary line: the evaluation the bench searched with. */
    private static final String EVALUATION = ", (handcrafted evaluation|network, hidden size \\d+)";

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
}
