package kestrel.engine.book;

import java.nio.file.Path;
import java.util.List;
import java.util.random.RandomGenerator;
import kestrel.engine.Move;
import kestrel.engine.Position;

/**
 * CONTRACT SKELETON, to be replaced by the real book reader. The public API below is the contract.
 */
public final class PolyglotBook implements AutoCloseable {

    private PolyglotBook() {
    }

    /** Opens and validates a Polyglot .bin file without reading it whole into the heap. */
    public static PolyglotBook open(Path file) throws BookException {
        throw new BookException("Polyglot books are not supported yet");
    }

    /** The legal book moves of the position, heaviest first; empty when out of book. */
    public List<BookMove> moves(Position position) {
        return List.of();
    }

    /** A move to play: the heaviest when {@code bestOnly}, else weighted random; Move.NONE when out of book. */
    public int choose(Position position, boolean bestOnly, RandomGenerator random) {
        return Move.NONE;
    }

    public Path file() {
        return null;
    }

    @Override
    public void close() {
    }
}
