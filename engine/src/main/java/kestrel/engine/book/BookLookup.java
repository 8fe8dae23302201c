package kestrel.engine.book;

import java.util.List;

/**
 * What a book holds for one position: its legal moves, heaviest first, and how many entries under the position's key
 * were ignored because their move is not legal there (a colliding key or a broken book).
 */
public record BookLookup(List<BookMove> moves, int ignored) {
    static final BookLookup OUT_OF_BOOK = new BookLookup(List.of(), 0);

    public BookLookup {
        moves = List.copyOf(moves);
    }
}
