package kestrel.uci;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.book.BookException;
import kestrel.engine.book.BookMove;
import kestrel.engine.book.PolyglotBook;
import kestrel.engine.book.PolyglotEntry;
import kestrel.engine.book.PolyglotMove;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel book --file BOOK [--fen FEN] [--moves M...]}: lists the moves a Polyglot book holds for a
 * position, heaviest first, with their weights and shares, as Polyglot's own tools do.
 */
@Command(name = "book", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Lists the moves a Polyglot opening book (.bin) holds for a position, heaviest first.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the moves were listed, or the position is out of book",
                "2:bad book file, FEN, move or option"},
        footer = {"", "See docs/book.md for the book format and the engine's book options."})
public final class BookCommand implements Callable<Integer> {
    static final int OK = 0;
    static final int BAD_INPUT = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-f", "--file"}, required = true, paramLabel = "BOOK", description = "the Polyglot .bin file")
    private Path file;

    @Option(names = "--fen", arity = "1..6", paramLabel = "FEN", hideParamSyntax = true,
            description = "the position (quoted, or as its separate fields); default: the start position")
    private List<String> fen;

    @Option(names = "--moves", arity = "1..*", paramLabel = "MOVE",
            description = "moves in UCI notation (e2e4, e7e8q, e1g1) played from the position before the look-up")
    private List<String> moves;

    @Option(names = "--chess960",
            description = "write castling as king takes rook (e1h1), as Chess960 GUIs do; default e1g1")
    private boolean chess960;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Position position;
        try {
            position = fen == null ? Position.startPosition() : Fen.parse(String.join(" ", fen));
        } catch (FenException e) {
            err.println("book: bad FEN: " + e.getMessage());
            return BAD_INPUT;
        }
        if (moves != null) {
            for (String text : moves) {
                int move = MoveNotation.parseUci(position, text, chess960);
                if (move == Move.NONE) {
                    err.println("book: '" + text + "' is not a legal move in " + Fen.toFen(position, chess960));
                    return BAD_INPUT;
                }
                position.makeMove(move);
            }
        }
        try (PolyglotBook book = PolyglotBook.open(file)) {
            print(out, book, position);
        } catch (BookException e) {
            err.println("book: " + e.getMessage());
            return BAD_INPUT;
        }
        out.flush();
        return OK;
    }

    private void print(PrintWriter out, PolyglotBook book, Position position) {
        out.println("book:     " + book.file() + " (" + book.entryCount() + " entries)");
        out.println("position: " + Fen.toFen(position, chess960));
        out.println(String.format(Locale.ROOT, "key:      %016x", position.key()));
        List<BookMove> bookMoves = book.moves(position);
        int ignored = countIgnored(book, position);
        if (bookMoves.isEmpty()) {
            out.println("no book moves for this position");
        } else {
            long total = bookMoves.stream().mapToLong(BookMove::weight).sum();
            out.println();
            out.println(String.format(Locale.ROOT, "%-6s %7s %8s", "move", "weight", "share"));
            for (BookMove bookMove : bookMoves) {
                String share = total == 0 ? "-"
                        : String.format(Locale.ROOT, "%.2f%%", 100.0 * bookMove.weight() / total);
                out.println(String.format(Locale.ROOT, "%-6s %7d %8s",
                        Move.toUci(bookMove.move(), chess960), bookMove.weight(), share));
            }
            out.println();
            out.println(bookMoves.size() + (bookMoves.size() == 1 ? " move" : " moves") + ", total weight " + total);
        }
        if (ignored > 0) {
            out.println(ignored + (ignored == 1 ? " entry" : " entries")
                    + " ignored: not a legal move in this position");
        }
    }

    /** Entries stored under the position's key whose move is not legal there (a broken book or a key collision). */
    private static int countIgnored(PolyglotBook book, Position position) {
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        int ignored = 0;
        for (PolyglotEntry entry : book.entries(position.key())) {
            if (PolyglotMove.decode(position, entry.move(), scratch) == Move.NONE) {
                ignored++;
            }
        }
        return ignored;
    }
}
