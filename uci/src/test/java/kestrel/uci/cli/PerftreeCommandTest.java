package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code kestrel perftree}: Kestrel as the script the perftree tool runs, {@code SCRIPT DEPTH FEN [MOVES]}. */
class PerftreeCommandTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    private record Run(int exitCode, List<String> out, String err) {
    }

    @Test
    void printsMoveSpaceCountLinesABlankLineAndTheTotal() {
        Run run = perftree("3", START);
        assertEquals(0, run.exitCode(), run.err());
        // perftree's own example of the format, in Kestrel's order (sorted by move).
        assertEquals(List.of("a2a3 380", "a2a4 420", "b1a3 400", "b1c3 440", "b2b3 420", "b2b4 421", "c2c3 420",
                "c2c4 441", "d2d3 539", "d2d4 560", "e2e3 599", "e2e4 600", "f2f3 380", "f2f4 401", "g1f3 440",
                "g1h3 400", "g2g3 420", "g2g4 421", "h2h3 380", "h2h4 420", "", "8902"), run.out());
    }

    @Test
    void movesComeAsOneArgumentSeparatedBySpaces() {
        Run run = perftree("1", START, "e2e4 e7e5");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("", "29"), run.out().subList(run.out().size() - 2, run.out().size()));
        assertEquals(run.out(), perftree("1", START, "e2e4", "e7e5").out());
    }

    @Test
    void aPromotionLetterMayBeUpperCase() {
        Run run = perftree("1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8Q");
        assertEquals(0, run.exitCode(), run.err());
        // The queen on b8 checks along the eighth rank: the king steps down.
        assertEquals(List.of("e8d7 1", "e8e7 1", "e8f7 1", "", "3"), run.out());
    }

    @Test
    void castlingIsKingTakesRookWhereTheFenNeedsChess960OrWhenAsked() {
        List<String> chess960 = perftree("1", "4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1").out();
        assertTrue(chess960.contains("e1b1 1") && chess960.contains("e1h1 1"), chess960.toString());
        assertTrue(perftree("1", KIWIPETE).out().contains("e1g1 1"));
        List<String> asked = perftree("--chess960", "1", KIWIPETE).out();
        assertTrue(asked.contains("e1h1 1") && asked.contains("e1a1 1"), asked.toString());
    }

    @Test
    void badInputIsAnErrorWithExitCode2() {
        Run badFen = perftree("2", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
        assertEquals(2, badFen.exitCode());
        assertTrue(badFen.err().startsWith("error: bad FEN"), badFen.err());
        Run illegal = perftree("2", START, "e2e4 e2e4");
        assertEquals(2, illegal.exitCode());
        assertTrue(illegal.err().startsWith("error: illegal move \"e2e4\" (move 2 of MOVES)"), illegal.err());
        Run depth = perftree("0", START);
        assertEquals(2, depth.exitCode());
        assertTrue(depth.err().startsWith("error: DEPTH must be 1 to 20, not 0"), depth.err());
        assertEquals(List.of(), depth.out());
    }

    private static Run perftree(String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> command = new ArrayList<>(List.of("perftree"));
        command.addAll(List.of(arguments));
        int exitCode = Main.commandLine()
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(command.toArray(String[]::new));
        return new Run(exitCode, out.toString().lines().toList(), err.toString());
    }
}
