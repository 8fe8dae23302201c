package kestrel.engine.book;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;

/** Builds small Polyglot books for tests, entry by entry. */
final class TestBooks {
    private final List<PolyglotEntry> entries = new ArrayList<>();

    /** An entry for a move given in UCI notation, which must be legal in the position. */
    TestBooks add(String fen, String uciMove, int weight) {
        Position position = Fen.parse(fen);
        int move = MoveNotation.parseUci(position, uciMove, false);
        if (move == 0) {
            throw new IllegalArgumentException(uciMove + " is not legal in " + fen);
        }
        return addRaw(position.key(), PolyglotMove.encode(move), weight);
    }

    /** An entry with a raw move field, legal or not. */
    TestBooks addRaw(long key, int polyglotMove, int weight) {
        entries.add(new PolyglotEntry(key, polyglotMove, weight, 0));
        return this;
    }

    /** Writes the entries sorted by key as Polyglot wants (stable: a position's entries keep their order). */
    Path writeSorted(Path file) {
        List<PolyglotEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(PolyglotEntry::key, Long::compareUnsigned));
        return write(file, sorted);
    }

    /** Writes the entries in the order they were added. */
    Path writeAsAdded(Path file) {
        return write(file, entries);
    }

    private static Path write(Path file, List<PolyglotEntry> entries) {
        byte[] bytes = new byte[entries.size() * PolyglotEntry.BYTES];
        for (int i = 0; i < entries.size(); i++) {
            System.arraycopy(entries.get(i).toBytes(), 0, bytes, i * PolyglotEntry.BYTES, PolyglotEntry.BYTES);
        }
        try {
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
