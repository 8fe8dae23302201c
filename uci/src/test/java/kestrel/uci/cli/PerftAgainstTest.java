package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code kestrel perft --against}, walking against engines in other processes: {@link StandInPerftEngine}, whose
 * generator misses or invents one kind of move, Kestrel itself (through UCI and as a perftree script), and
 * Stockfish where it is installed. The walk's own logic is tested in the perft module.
 */
class PerftAgainstTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    private static final Path STOCKFISH = Path.of("/usr/games/stockfish");

    /** What one run of the command left behind. */
    private record Run(int exitCode, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }
    }

    @Test
    void castlingThroughAnAttackedSquareIsFoundThreePliesDown() {
        Run run = perft("--against", standIn("castling-through-attack"), "--depth", "3", "--fen", KIWIPETE);
        assertEquals(1, run.exitCode(), run.err());
        assertEquals(List.of(
                "position " + KIWIPETE,
                "depth 3: Kestrel 97862, engine 98196; 44 moves differ",
                "after e2d1, depth 2: Kestrel 1733, engine 1773; 40 moves differ",
                "after e2d1 b6a4, depth 1: Kestrel 38, engine 39; 1 move differs",
                "mismatch after e2d1 b6a4, depth 1:",
                "fen r3k2r/p1ppqpb1/b3pnp1/3PN3/np2P3/2N2Q1p/PPPB1PPP/R2BK2R w KQkq - 2 2",
                "  extra   e1g1: castling king side through f1, attacked by the bishop on a6 (listed by the engine, not"
                        + " legal)"), run.outLines());
    }

    @Test
    void anEnPassantCaptureThatExposesTheKingIsFoundFourPliesDown() {
        Run run = perft("--against", standIn("en-passant-exposing-king"), "--depth", "4", "--fen", POSITION_3);
        assertEquals(1, run.exitCode(), run.err());
        List<String> lines = run.outLines();
        assertEquals("mismatch after g2g3 h4g4 e2e4, depth 1:", lines.get(lines.size() - 3));
        assertEquals("fen 8/2p5/3p4/KP5r/1R2Ppk1/6P1/8/8 b - e3 0 2", lines.get(lines.size() - 2));
        assertEquals("  extra   f4e3: en passant capture of the pawn on e4, exposing the king to the rook on b4 once"
                + " both pawns are gone (listed by the engine, not legal)", lines.get(lines.size() - 1));
    }

    @Test
    void aMissingUnderPromotionIsFoundWhereTheMoveListsDiffer() {
        Run run = perft("--against", standIn("no-knight-promotion"), "--depth", "4", "--fen",
                "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
        assertEquals(1, run.exitCode(), run.err());
        assertEquals(List.of(
                "position 4k3/8/1P6/8/8/8/8/4K3 w - - 0 1",
                "depth 4: Kestrel 1507, engine 1476; 1 move differs",
                "after b6b7, depth 3: Kestrel 259, engine 228; 5 moves differ",
                "after b6b7 e8d8, depth 2: Kestrel 33, engine 29; 1 move differs",
                "mismatch after b6b7 e8d8, depth 2:",
                "fen 3k4/1P6/8/8/8/8/8/4K3 w - - 1 2",
                "  missing b7b8n: under-promotion to a knight (legal, not listed by the engine)"), run.outLines());
    }

    @Test
    void thePathStartsAtThePositionAfterTheMovesGiven() {
        Run run = perft("--against", standIn("castling-through-attack"), "--depth", "3",
                "--moves", "e2e4", "b7b6", "g1f3", "c8a6", "f1c4", "e7e6");
        assertEquals(1, run.exitCode(), run.err());
        List<String> lines = run.outLines();
        assertEquals("position rn1qkbnr/p1pp1ppp/bp2p3/8/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", lines.get(0));
        assertEquals(List.of(
                "mismatch after c4b3 a6c4, depth 1:",
                "fen rn1qkbnr/p1pp1ppp/1p2p3/8/2b1P3/1B3N2/PPPP1PPP/RNBQK2R w KQkq - 2 5",
                "  extra   e1g1: castling king side through f1, attacked by the bishop on c4 (listed by the engine, not"
                        + " legal)"), lines.subList(lines.size() - 3, lines.size()));
    }

    @Test
    void aChess960PositionIsWalkedInItsOwnNotationWithUciChess960On() {
        // The stand-in exits with code 4 on a Chess960 position unless UCI_Chess960 was set.
        Run run = perft("--against", standIn("castling-through-attack"), "--depth", "3", "--fen",
                "4k3/8/b7/8/8/3P4/8/1R2K2R w HB - 0 1");
        assertEquals(1, run.exitCode(), run.err());
        List<String> lines = run.outLines();
        assertEquals(List.of(
                "mismatch after b1b7 a6d3, depth 1:",
                "fen 4k3/1R6/8/8/8/3b4/8/4K2R w H - 0 2",
                "  extra   e1h1: castling king side through f1, attacked by the bishop on d3 (listed by the engine, not"
                        + " legal)"), lines.subList(lines.size() - 3, lines.size()));
    }

    @Test
    void anEngineThatAgreesExitsWithCode0() {
        Run run = perft("--against", standIn("none"), "--depth", "3", "--fen", KIWIPETE);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("position " + KIWIPETE, "depth 3: Kestrel 97862, engine 97862; all 48 moves agree",
                "agreement: 97862 nodes at depth 3"), run.outLines());
        Run chess960 = perft("--against", standIn("none"), "--depth", "3", "--fen",
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        assertEquals(0, chess960.exitCode(), chess960.err());
        assertEquals("agreement: 12189 nodes at depth 3", chess960.outLines().get(2));
    }

    @Test
    void kestrelAgreesWithItselfThroughUci() {
        Run run = perft("--against", java() + " " + Main.class.getName(), "--depth", "3", "--fen", KIWIPETE);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("agreement: 97862 nodes at depth 3", run.outLines().get(2));
    }

    @Test
    void anEngineThatEndsIsAFailureWithCode3() {
        Run run = perft("--against", standIn("die"), "--depth", "2");
        assertEngineFailure(run, "error: the engine under test ended: exited with code 3 before completing its answer"
                + " to \"go perft 2\"; its stderr ended with: stand-in: dying at go perft, as asked");
    }

    @Test
    void anEngineThatPrintsAnotherFormatIsAFailureWithCode3() {
        Run run = perft("--against", standIn("garbage"), "--depth", "2");
        assertEngineFailure(run, "error: the engine under test printed another format: answered \"go perft 2\" with the"
                + " line \"perft 2 is 42, more or less\", which is neither \"move: count\" nor"
                + " \"Nodes searched: total\"");
    }

    @Test
    void anEngineThatKeepsSilentTimesOutWithCode3() {
        Run run = perft("--against", standIn("silent"), "--depth", "2", "--timeout", "1");
        assertEngineFailure(run, "error: the engine under test timed out: gave no complete answer within 1 s to"
                + " \"go perft 2\"");
    }

    @Test
    void aProgramThatCannotBeStartedIsAFailureWithCode3() {
        Run run = perft("--against", "/nonexistent/engine --uci", "--depth", "2");
        assertEngineFailure(run, "error: the engine under test cannot be started: Cannot run program"
                + " \"/nonexistent/engine\"");
    }

    @Test
    void aPerftreeScriptIsRunForEachDivide() {
        Run run = perft("--against", standIn("no-knight-promotion") + " perftree", "--protocol", "perftree",
                "--depth", "4", "--fen", "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
        assertEquals(1, run.exitCode(), run.err());
        List<String> lines = run.outLines();
        assertEquals(List.of(
                "mismatch after b6b7 e8d8, depth 2:",
                "fen 3k4/1P6/8/8/8/8/8/4K3 w - - 1 2",
                "  missing b7b8n: under-promotion to a knight (legal, not listed by the engine)"),
                lines.subList(lines.size() - 3, lines.size()));
    }

    @Test
    void kestrelAgreesWithItselfAsAPerftreeScript() {
        Run run = perft("--against", java() + " " + Main.class.getName() + " perftree", "--protocol", "perftree",
                "--depth", "3", "--moves", "e2e4", "e7e5");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                "depth 3: Kestrel 24825, engine 24825; all 29 moves agree", "agreement: 24825 nodes at depth 3"),
                run.outLines());
    }

    @Test
    void aPerftreeScriptThatFailsIsAFailureWithCode3() {
        Run died = perft("--against", standIn("die") + " perftree", "--protocol", "perftree", "--depth", "2");
        assertEngineFailure(died, "error: the engine under test ended: exited with code 3 when run with depth 2;"
                + " its stderr ended with: stand-in: dying at go perft, as asked");
        Run garbage = perft("--against", standIn("garbage") + " perftree", "--protocol", "perftree", "--depth", "2");
        assertEngineFailure(garbage, "error: the engine under test printed another format: printed, when run with"
                + " depth 2, the line \"perft 2 is 42, more or less\", not \"move count\"");
    }

    @Test
    void stockfishAgreesAtDepth4() {
        assumeTrue(Files.isExecutable(STOCKFISH), "Stockfish is not installed at " + STOCKFISH);
        Run run = perft("--against", STOCKFISH.toString(), "--depth", "4", "--fen", KIWIPETE);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("agreement: 4085603 nodes at depth 4", run.outLines().get(2));
    }

    @Test
    void optionsThatDoNotGoTogetherAreBadInput() {
        assertBadInput(perft("--against", "x", "--suite", "s.epd"),
                "error: --against goes with --depth, without --divide");
        assertBadInput(perft("--against", "x", "--depth", "2", "--divide"),
                "error: --against goes with --depth, without --divide");
        assertBadInput(perft("--depth", "2", "--timeout", "5"), "error: --protocol and --timeout go with --against");
        assertBadInput(perft("--against", "x", "--depth", "2", "--protocol", "xboard"),
                "error: --protocol must be uci or perftree, not xboard");
        assertBadInput(perft("--against", "x", "--depth", "2", "--timeout", "0"),
                "error: --timeout must be 1 second or more, not 0");
        assertBadInput(perft("--against", "x", "--depth", "0"), "error: --against needs --depth 1 or more");
        assertBadInput(perft("--against", "'x", "--depth", "2"), "error: --against: a single quote is not closed");
    }

    private static void assertEngineFailure(Run run, String message) {
        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.err().startsWith(message), run.err());
    }

    private static void assertBadInput(Run run, String message) {
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith(message), run.err());
        assertEquals("", run.out());
    }

    /** The command that runs the stand-in with {@code fault} in a JVM of its own. */
    private static String standIn(String fault) {
        return java() + " " + StandInPerftEngine.class.getName() + " " + fault;
    }

    /** This JVM's java with this test's class path, quoted for the command line. */
    private static String java() {
        return quote(Path.of(System.getProperty("java.home"), "bin", "java").toString()) + " -cp "
                + quote(System.getProperty("java.class.path"));
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static Run perft(String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> command = new ArrayList<>(List.of("perft"));
        command.addAll(List.of(arguments));
        int exitCode = Main.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(command.toArray(String[]::new));
        return new Run(exitCode, out.toString(), err.toString());
    }
}
