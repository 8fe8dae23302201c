package kestrel.uci.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.Position;
import kestrel.engine.book.BookException;
import kestrel.engine.book.BookLookup;
import kestrel.engine.book.BookMove;
import kestrel.engine.book.PolyglotBook;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel book --file BOOK [--fen FEN] [--moves M...]}: lists the moves a Polyglot book holds for a
 * position, heaviest first, with their weights and shares, as Polyglot's own tools do.
 */
@Command(name = "book", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Lists the moves a Polyglot opening book (.bin) holds for a position, heaviest first.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the moves were listed, or the position is out of book",
                "2:bad book file, FEN, move or option"},
        footer = {"", "See docs/book.md for the book format and the engine's book options."})
public final class BookCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-f", "--file"}, required = true, paramLabel = "BOOK", description = "The Polyglot .bin file.")
    private Path file;

    @Mixin
    private PositionOptions positionOptions;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Position position = positionOptions.position(err);
        if (position == null) {
            return ExitCodes.BAD_INPUT;
        }
        try (PolyglotBook book = PolyglotBook.open(file)) {
            print(out, book, position);
        } catch (BookException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        out.flush();
        return ExitCodes.OK;
    }

    private void print(PrintWriter out, PolyglotBook book, Position position) {
        out.println("book:     " + book.file() + " (" + book.entryCount() + " entries)");
        out.println("position: " + Fen.toFen(position, positionOptions.chess960()));
        out.println(String.format(Locale.ROOT, "key:      %016x", position.key()));
        BookLookup lookup = book.lookup(position);
        List<BookMove> bookMoves = lookup.moves();
        int ignored = lookup.ignored();
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
                        Move.toUci(bookMove.move(), positionOptions.chess960()), bookMove.weight(), share));
            }
            out.println();
            out.println(bookMoves.size() + (bookMoves.size() == 1 ? " move" : " moves") + ", total weight " + total);
        }
        if (ignored > 0) {
            out.println(ignored + (ignored == 1 ? " entry" : " entries")
                    + " ignored: not a legal move in this position");
        }
    }
}
