package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import kestrel.perft.PerftCache;
import kestrel.uci.protocol.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerftCommandTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /** What one run of the command left behind. */
    private record Run(int exitCode, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }
    }

    private static Run perft(String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] command = new String[arguments.length + 1];
        command[0] = "perft";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        int exitCode = Main.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(command);
        return new Run(exitCode, out.toString(), err.toString());
    }

    @Test
    void countPrintsOnlyTheNodesSearchedOnStdout() {
        Run run = perft("--depth", "3");
        assertEquals(0, run.exitCode());
        assertEquals(List.of("Nodes searched: 8902"), run.outLines());
    }

    @Test
    void timeAndSpeedGoToStderr() {
        Run run = perft("--depth", "2");
        assertTrue(run.err().contains("Time: ") && run.err().contains("nodes per second"), run.err());
        assertFalse(run.out().contains("Time"));
    }

    @Test
    void depthZeroCountsOneNode() {
        assertEquals(List.of("Nodes searched: 1"), perft("--depth", "0").outLines());
    }

    @Test
    void dividePrintsOneSortedLinePerMoveThenABlankLineAndTheTotal() {
        List<String> lines = perft("--depth", "3", "--divide").outLines();
        assertEquals(20 + 2, lines.size());
        assertEquals("a2a3: 380", lines.get(0));
        assertEquals("e2e4: 600", lines.get(11));
        assertEquals("h2h4: 420", lines.get(19));
        assertEquals("", lines.get(20));
        assertEquals("Nodes searched: 8902", lines.get(21));
    }

    @Test
    void divideCountsSumToTheTotal() {
        List<String> lines = perft("--depth", "3", "--divide", "--fen", KIWIPETE).outLines();
        long sum = lines.subList(0, lines.size() - 2).stream()
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(": ") + 2)))
                .sum();
        assertEquals(97_862, sum);
        assertEquals("Nodes searched: 97862", lines.get(lines.size() - 1));
    }

    @Test
    void divideLinesAreSortedByMove() {
        List<String> moves = perft("--depth", "2", "--divide", "--fen", KIWIPETE).outLines().stream()
                .filter(line -> line.contains(": ") && !line.startsWith("Nodes"))
                .map(line -> line.substring(0, line.indexOf(':')))
                .toList();
        assertEquals(moves.stream().sorted().toList(), moves);
    }

    @Test
    void divideWritesCastlingAsKingTakesRookWithChess960() {
        String out = perft("--depth", "1", "--divide", "--chess960", "--fen", KIWIPETE).out();
        assertTrue(out.contains("e1h1: 1") && out.contains("e1a1: 1"), out);
        assertFalse(out.contains("e1g1"));
    }

    @Test
    void divideWritesCastlingAsTheKingsMoveByDefault() {
        String out = perft("--depth", "1", "--divide", "--fen", KIWIPETE).out();
        assertTrue(out.contains("e1g1: 1") && out.contains("e1c1: 1"), out);
    }

    @Test
    void fenMayBeOneArgumentOrItsSeparateFields() {
        Run quoted = perft("--depth", "2", "--fen", KIWIPETE);
        Run split = perft(concat(new String[] {"--depth", "2", "--fen"}, KIWIPETE.split(" ")));
        assertEquals(List.of("Nodes searched: 2039"), quoted.outLines());
        assertEquals(quoted.outLines(), split.outLines());
    }

    @Test
    void movesArePlayedBeforeCounting() {
        // The published divide of the start position at depth 3 gives e2e4: 600.
        assertEquals(List.of("Nodes searched: 600"), perft("--depth", "2", "--moves", "e2e4").outLines());
    }

    @Test
    void severalMovesArePlayedInOrder() {
        // After 1.e4 e5 White has 29 legal moves (Stockfish 15.1: go perft 1).
        assertEquals(List.of("Nodes searched: 29"), perft("--depth", "1", "--moves", "e2e4", "e7e5").outLines());
    }

    @Test
    void movesAfterAFenArePlayedFromThatFen() {
        // Kiwipete after castling short: Black to move.
        Run moved = perft("--depth", "2", "--fen", KIWIPETE, "--moves", "e1g1");
        Run direct = perft("--depth", "2", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
        assertEquals(direct.outLines(), moved.outLines());
    }

    @Test
    void illegalMoveIsAnErrorWithExitCode2() {
        Run run = perft("--depth", "1", "--moves", "e2e4", "e2e4");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("illegal move \"e2e4\" (move 2 of --moves)"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void badFenIsAnErrorWithExitCode2() {
        Run run = perft("--depth", "1", "--fen", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("bad FEN") && run.err().contains("ranks"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void negativeDepthIsAnError() {
        Run run = perft("--depth", "-1");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--depth must be 0 to " + PerftCommand.MAX_DEPTH), run.err());
    }

    @Test
    void absurdDepthIsAnError() {
        Run run = perft("--depth", "1000");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--depth must be 0 to " + PerftCommand.MAX_DEPTH), run.err());
    }

    @Test
    void nonNumericDepthIsAnError() {
        assertBadInput(perft("--depth", "six"), "error: Invalid value for option '--depth': 'six' is not an int");
    }

    @Test
    void aBadArgumentGivesOneErrorLineInsteadOfTheUsage() {
        Run run = perft("--depth", "six");
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("(see kestrel perft --help)"), run.err());
    }

    @Test
    void divideAtDepthZeroIsAnError() {
        assertBadInput(perft("--depth", "0", "--divide"), "error: --divide needs --depth 1 or more");
    }

    @Test
    void noModeIsAnError() {
        Run run = perft();
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("choose exactly one of"), run.err());
    }

    @Test
    void twoModesAreAnError() {
        assertBadInput(perft("--depth", "2", "--bench"),
                "error: choose exactly one of --depth N, --suite FILE or --bench");
    }

    @Test
    void maxDepthWithoutSuiteIsAnError() {
        assertBadInput(perft("--depth", "2", "--max-depth", "2"), "error: --max-depth goes with --suite");
    }

    @Test
    void benchWithACacheIsAnError() {
        assertBadInput(perft("--bench", "--hash", "16"),
                "error: --bench measures the uncached standard counter: no --hash or --chess960");
    }

    @Test
    void zeroBenchRunsIsAnError() {
        assertBadInput(perft("--bench", "--runs", "0"), "error: --runs must be 1 or more, not 0");
    }

    @Test
    void hashOutOfRangeIsAnError() {
        Run run = perft("--depth", "2", "--hash", "0");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--hash must be"), run.err());
    }

    @Test
    void hashLargerThanTheHeapIsRefusedWithoutCrashing() {
        long heapMegabytes = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        assumeTrue(heapMegabytes < PerftCache.MAX_MEGABYTES, "the test JVM's heap is larger than any cache");
        Run run = perft("--depth", "2", "--hash", String.valueOf(PerftCache.MAX_MEGABYTES));
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("does not fit in the Java heap"), run.err());
        long suggested = ((PerftCache.MAX_MEGABYTES + 64L) * 3 / 2 + 63) / 64 * 64;
        assertTrue(run.err().contains("-Xmx" + suggested + "m"), run.err());
    }

    @Test
    void cachedCountEqualsTheKnownCount() {
        assertEquals(List.of("Nodes searched: 4085603"), perft("--depth", "4", "--hash", "4", "--fen", KIWIPETE).outLines());
    }

    @Test
    void cachedDivideEqualsUncachedDivide() {
        assertEquals(perft("--depth", "3", "--divide", "--fen", KIWIPETE).outLines(),
                perft("--depth", "3", "--divide", "--hash", "1", "--fen", KIWIPETE).outLines());
    }

    @Test
    void suiteOfRightCountsPassesWithExitCode0(@TempDir Path directory) throws IOException {
        Path suite = write(directory, START + " ;D1 20 ;D2 400 ;D3 8902", KIWIPETE + " ;D1 48 ;D2 2039");
        Run run = perft("--suite", suite.toString());
        assertEquals(0, run.exitCode());
        assertEquals(List.of(
                "line 1: ok up to D3 (" + START + ")",
                "line 2: ok up to D2 (" + KIWIPETE + ")",
                "2 passed, 0 failed"), run.outLines());
    }

    @Test
    void suiteLineWithAWrongCountIsReportedWithExpectedAndGotAndExitCode1(@TempDir Path directory)
            throws IOException {
        Path suite = write(directory, START + " ;D1 20 ;D2 400", KIWIPETE + " ;D1 48 ;D2 2040 ;D3 97862");
        Run run = perft("--suite", suite.toString());
        assertEquals(1, run.exitCode());
        assertEquals("line 2: FAILED at D2: expected 2040, got 2039 (" + KIWIPETE + ")", run.outLines().get(1));
        assertEquals("1 passed, 1 failed", run.outLines().get(2));
    }

    @Test
    void malformedSuiteLineIsReportedWithItsNumberAndCountedAsFailed(@TempDir Path directory) throws IOException {
        Path suite = write(directory, START + " ;D1 20", "", START + " ;D1 twenty", KIWIPETE + " ;D1 48");
        Run run = perft("--suite", suite.toString());
        assertEquals(1, run.exitCode());
        assertTrue(run.outLines().get(1).startsWith("line 3: malformed: "), run.out());
        assertEquals("2 passed, 1 failed", run.outLines().get(3));
    }

    @Test
    void suiteMaxDepthLimitsTheCountsChecked(@TempDir Path directory) throws IOException {
        Path suite = write(directory, START + " ;D1 20 ;D2 400 ;D3 1");
        Run run = perft("--suite", suite.toString(), "--max-depth", "2");
        assertEquals(0, run.exitCode());
        assertEquals(List.of("line 1: ok up to D2 (" + START + ")", "1 passed, 0 failed"), run.outLines());
    }

    @Test
    void chess960SuiteWithShredderFenPasses(@TempDir Path directory) throws IOException {
        Path suite = write(directory,
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189");
        Run run = perft("--suite", suite.toString(), "--chess960");
        assertEquals(0, run.exitCode());
        assertEquals("1 passed, 0 failed", run.outLines().get(1));
    }

    @Test
    void missingSuiteFileIsAnErrorWithExitCode2(@TempDir Path directory) {
        Run run = perft("--suite", directory.resolve("absent.epd").toString());
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("cannot read the suite") && run.err().contains("no such file"), run.err());
    }

    @Test
    void versionOptionPrintsTheEngineNameAndVersion() {
        Run run = perft("-V");
        assertEquals(0, run.exitCode());
        assertEquals(List.of(Version.NAME + " " + Version.VERSION), run.outLines());
    }

    /** Exit code 2, nothing on stdout, and stderr starting with the expected message. */
    private static void assertBadInput(Run run, String message) {
        assertEquals(2, run.exitCode());
        assertTrue(run.err().startsWith(message), run.err());
        assertEquals("", run.out());
    }

    private static Path write(Path directory, String... lines) throws IOException {
        return Files.write(directory.resolve("suite.epd"), List.of(lines));
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
