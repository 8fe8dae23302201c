package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.book.PolyglotEntry;
import kestrel.engine.book.PolyglotMove;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kestrel book}, run through the real command line with its output captured. */
class BookCommandTest {
    private static final String AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    private static final String CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    @TempDir
    Path directory;

    private Path book;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void writeBook() throws IOException {
        book = write("book.bin", List.of(
                entry(Fen.START, "e2e4", 3),
                entry(Fen.START, "d2d4", 1),
                entry(AFTER_E4, "c7c5", 2),
                entry(AFTER_E4, "e7e5", 2),
                entry(CASTLING, "e1h1", 5)));
    }

    private static PolyglotEntry entry(String fen, String move, int weight) {
        Position position = Fen.parse(fen);
        return new PolyglotEntry(position.key(), PolyglotMove.encode(MoveNotation.parseUci(position, move, false)),
                weight, 0);
    }

    private Path write(String name, List<PolyglotEntry> entries) throws IOException {
        List<PolyglotEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(PolyglotEntry::key, Long::compareUnsigned));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (PolyglotEntry entry : sorted) {
            bytes.write(entry.toBytes());
        }
        return Files.write(directory.resolve(name), bytes.toByteArray());
    }

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] withSubcommand = new String[args.length + 1];
        withSubcommand[0] = "book";
        System.arraycopy(args, 0, withSubcommand, 1, args.length);
        return commandLine.execute(withSubcommand);
    }

    private List<String> outputLines() {
        return Arrays.asList(out.toString().split("\\R"));
    }

    @Test
    void listsTheStartPositionMovesHeaviestFirstWithTheirShares() {
        assertEquals(0, run("--file", book.toString()));
        List<String> lines = outputLines();
        int e4 = lines.indexOf("e2e4         3   75.00%");
        int d4 = lines.indexOf("d2d4         1   25.00%");
        assertTrue(e4 >= 0 && d4 > e4, out.toString());
        assertTrue(lines.contains("2 moves, total weight 4"), out.toString());
        assertEquals("", err.toString());
    }

    @Test
    void showsThePositionAndItsKey() {
        run("--file", book.toString());
        assertTrue(outputLines().contains("position: " + Fen.START), out.toString());
        assertTrue(outputLines().contains("key:      463b96181691fc9c"), out.toString());
    }

    @Test
    void playsTheMovesBeforeTheLookUp() {
        assertEquals(0, run("--file", book.toString(), "--moves", "e2e4"));
        assertTrue(outputLines().contains("c7c5         2   50.00%"), out.toString());
        assertTrue(outputLines().contains("e7e5         2   50.00%"), out.toString());
    }

    @Test
    void readsAQuotedFen() {
        assertEquals(0, run("--file", book.toString(), "--fen", AFTER_E4));
        assertTrue(outputLines().contains("c7c5         2   50.00%"), out.toString());
    }

    @Test
    void readsAFenGivenAsSeparateFields() {
        List<String> args = new ArrayList<>(List.of("--file", book.toString(), "--fen"));
        args.addAll(List.of(AFTER_E4.split(" ")));
        assertEquals(0, run(args.toArray(String[]::new)));
        assertTrue(outputLines().contains("e7e5         2   50.00%"), out.toString());
    }

    @Test
    void writesCastlingInStandardNotationByDefault() {
        run("--file", book.toString(), "--fen", CASTLING);
        assertTrue(outputLines().contains("e1g1         5  100.00%"), out.toString());
    }

    @Test
    void writesCastlingAsKingTakesRookInChess960Mode() {
        run("--file", book.toString(), "--fen", CASTLING, "--chess960");
        assertTrue(outputLines().contains("e1h1         5  100.00%"), out.toString());
    }

    @Test
    void saysSoWhenThePositionIsOutOfBook() {
        assertEquals(0, run("--file", book.toString(), "--moves", "g1f3"));
        assertTrue(outputLines().contains("no book moves for this position"), out.toString());
    }

    @Test
    void reportsEntriesThatAreNotLegalMoves() throws IOException {
        long startKey = Position.startPosition().key();
        int e2e5 = 36 | 12 << 6;
        Path broken = write("broken.bin", List.of(entry(Fen.START, "e2e4", 3), new PolyglotEntry(startKey, e2e5, 9, 0)));
        assertEquals(0, run("--file", broken.toString()));
        assertTrue(outputLines().contains("e2e4         3  100.00%"), out.toString());
        assertTrue(outputLines().contains("1 entry ignored: not a legal move in this position"), out.toString());
    }

    @Test
    void missingBookIsAnErrorWithExitCode2() {
        Path missing = directory.resolve("missing.bin");
        assertEquals(2, run("--file", missing.toString()));
        assertTrue(err.toString().startsWith("error: ") && err.toString().contains(missing + " not found"),
                err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void truncatedBookIsAnErrorWithExitCode2() throws IOException {
        byte[] bytes = Files.readAllBytes(book);
        Path truncated = Files.write(directory.resolve("truncated.bin"), Arrays.copyOf(bytes, bytes.length - 1));
        assertEquals(2, run("--file", truncated.toString()));
        assertTrue(err.toString().contains("not a multiple of 16"), err.toString());
    }

    @Test
    void badFenIsAnErrorWithExitCode2() {
        assertEquals(2, run("--file", book.toString(), "--fen", "rnbqkbnr/pppppppp/8/8 w KQkq -"));
        assertTrue(err.toString().startsWith("error: bad FEN"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void illegalMoveIsAnErrorWithExitCode2NamingTheMove() {
        assertEquals(2, run("--file", book.toString(), "--moves", "e2e4", "e2e4"));
        assertTrue(err.toString().startsWith("error: illegal move \"e2e4\" (move 2 of --moves)"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void missingFileOptionIsAUsageErrorWithExitCode2() {
        assertEquals(2, run("--moves", "e2e4"));
        assertTrue(err.toString().contains("--file"), err.toString());
    }
}
