package kestrel.engine.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolyglotBookTest {
    private static final String START = Fen.START;
    private static final String AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    private static final String CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    private static final String PROMOTION = "8/P6k/8/8/8/8/8/K7 w - - 0 1";

    @TempDir
    Path directory;

    private PolyglotBook openSorted(TestBooks book) throws BookException {
        return PolyglotBook.open(book.writeSorted(directory.resolve("book.bin")));
    }

    private static int move(String fen, String uci) {
        return MoveNotation.parseUci(Fen.parse(fen), uci, false);
    }

    /** A book with a few positions around the one a test looks at, so that the search has something to skip. */
    private static TestBooks bookWithNeighbours() {
        return new TestBooks()
                .add(START, "e2e4", 30)
                .add(START, "d2d4", 10)
                .add(AFTER_E4, "c7c5", 5)
                .add(AFTER_E4, "e7e5", 7)
                .add(CASTLING, "e1h1", 2)
                .add(PROMOTION, "a7a8q", 9);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Files that cannot be used

    @Test
    void missingFileIsRejectedWithItsName() {
        Path missing = directory.resolve("no-such-book.bin");
        BookException error = assertThrows(BookException.class, () -> PolyglotBook.open(missing));
        assertTrue(error.getMessage().contains("not found"), error.getMessage());
        assertTrue(error.getMessage().contains(missing.toString()), error.getMessage());
    }

    @Test
    void directoryIsRejected() {
        BookException error = assertThrows(BookException.class, () -> PolyglotBook.open(directory));
        assertTrue(error.getMessage().contains("directory"), error.getMessage());
    }

    @Test
    void unreadableFileIsRejected() throws IOException {
        Path file = new TestBooks().add(START, "e2e4", 1).writeSorted(directory.resolve("locked.bin"));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        assumeFalse(Files.isReadable(file), "this user can read any file");
        BookException error = assertThrows(BookException.class, () -> PolyglotBook.open(file));
        assertTrue(error.getMessage().contains("cannot be read"), error.getMessage());
    }

    @Test
    void emptyFileIsRejected() throws IOException {
        Path file = Files.write(directory.resolve("empty.bin"), new byte[0]);
        BookException error = assertThrows(BookException.class, () -> PolyglotBook.open(file));
        assertTrue(error.getMessage().contains("empty"), error.getMessage());
    }

    @Test
    void truncatedFileIsRejected() throws IOException {
        Path whole = bookWithNeighbours().writeSorted(directory.resolve("whole.bin"));
        byte[] bytes = Files.readAllBytes(whole);
        Path file = Files.write(directory.resolve("truncated.bin"), Arrays.copyOf(bytes, bytes.length - 5));
        BookException error = assertThrows(BookException.class, () -> PolyglotBook.open(file));
        assertTrue(error.getMessage().contains("not a multiple of 16"), error.getMessage());
    }

    @Test
    void unsortedFileIsRejectedNamingTheEntryOutOfOrder() {
        Path file = new TestBooks()
                .addRaw(0x1000L, 0, 1)
                .addRaw(0x3000L, 0, 1)
                .addRaw(0x2000L, 0, 1)
                .writeAsAdded(directory.resolve("unsorted.bin"));
        BookException error = assertThrows(BookException.class, () -> PolyglotBook.open(file));
        assertTrue(error.getMessage().contains("not sorted"), error.getMessage());
        assertTrue(error.getMessage().contains("entry 2"), error.getMessage());
    }

    @Test
    void keysAreSortedAsUnsignedNumbers() throws BookException {
        // 0x8000... is the largest key half of the range, not a negative number: it belongs last.
        Path file = new TestBooks()
                .addRaw(0x7FFF_FFFF_FFFF_FFFFL, 0, 1)
                .addRaw(0x8000_0000_0000_0000L, 0, 1)
                .writeAsAdded(directory.resolve("unsigned.bin"));
        try (PolyglotBook book = PolyglotBook.open(file)) {
            assertEquals(2, book.entryCount());
        }
        Path signedOrder = new TestBooks()
                .addRaw(0x8000_0000_0000_0000L, 0, 1)
                .addRaw(0x7FFF_FFFF_FFFF_FFFFL, 0, 1)
                .writeAsAdded(directory.resolve("signed.bin"));
        assertThrows(BookException.class, () -> PolyglotBook.open(signedOrder));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Look-up

    @Test
    void listsTheMovesOfAPositionHeaviestFirst() throws BookException {
        try (PolyglotBook book = openSorted(bookWithNeighbours())) {
            assertEquals(List.of(new BookMove(move(AFTER_E4, "e7e5"), 7), new BookMove(move(AFTER_E4, "c7c5"), 5)),
                    book.moves(Fen.parse(AFTER_E4)));
        }
    }

    @Test
    void positionNotInTheBookHasNoMoves() throws BookException {
        try (PolyglotBook book = openSorted(bookWithNeighbours())) {
            Position outOfBook = Fen.parse("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
            assertEquals(List.of(), book.moves(outOfBook));
            assertEquals(Move.NONE, book.choose(outOfBook, true, new SplittableRandom(1)));
        }
    }

    @Test
    void castlingEntryBecomesOurCastlingMove() throws BookException {
        TestBooks entries = new TestBooks()
                .addRaw(Fen.parse(CASTLING).key(), Square.H1 | Square.E1 << 6, 4)
                .addRaw(Fen.parse(CASTLING).key(), Square.A1 | Square.E1 << 6, 3);
        try (PolyglotBook book = openSorted(entries)) {
            assertEquals(List.of(new BookMove(Move.of(Square.E1, Square.H1, Move.CASTLING), 4),
                            new BookMove(Move.of(Square.E1, Square.A1, Move.CASTLING), 3)),
                    book.moves(Fen.parse(CASTLING)));
        }
    }

    @Test
    void promotionEntryBecomesOurPromotion() throws BookException {
        int queenPromotion = Square.A8 | Square.A7 << 6 | 4 << 12;
        int knightPromotion = Square.A8 | Square.A7 << 6 | 1 << 12;
        TestBooks entries = new TestBooks()
                .addRaw(Fen.parse(PROMOTION).key(), queenPromotion, 5)
                .addRaw(Fen.parse(PROMOTION).key(), knightPromotion, 1);
        try (PolyglotBook book = openSorted(entries)) {
            assertEquals(List.of(new BookMove(Move.promotion(Square.A7, Square.A8, Piece.QUEEN), 5),
                            new BookMove(Move.promotion(Square.A7, Square.A8, Piece.KNIGHT), 1)),
                    book.moves(Fen.parse(PROMOTION)));
        }
    }

    @Test
    void illegalEntryIsIgnored() throws BookException {
        long startKey = Position.startPosition().key();
        int e2e5 = Square.E5 | Square.E2 << 6;
        int g1g3 = Square.G3 | Square.G1 << 6;
        TestBooks entries = new TestBooks()
                .addRaw(startKey, e2e5, 500)
                .add(START, "g1f3", 2)
                .addRaw(startKey, g1g3, 400);
        try (PolyglotBook book = openSorted(entries)) {
            Position start = Position.startPosition();
            assertEquals(List.of(new BookMove(move(START, "g1f3"), 2)), book.moves(start));
            assertEquals(move(START, "g1f3"), book.choose(start, true, new SplittableRandom(1)));
            assertEquals(3, book.entries(startKey).size(), "the raw entries are all still there");
        }
    }

    @Test
    void lookUpCountsTheIgnoredEntriesBesideTheMoves() throws BookException {
        long startKey = Position.startPosition().key();
        TestBooks entries = new TestBooks()
                .addRaw(startKey, Square.E5 | Square.E2 << 6, 500)
                .add(START, "g1f3", 2)
                .addRaw(startKey, Square.G3 | Square.G1 << 6, 400)
                .add(AFTER_E4, "e7e5", 7);
        try (PolyglotBook book = openSorted(entries)) {
            BookLookup lookup = book.lookup(Position.startPosition());
            assertEquals(List.of(new BookMove(move(START, "g1f3"), 2)), lookup.moves());
            assertEquals(2, lookup.ignored());
            assertEquals(0, book.lookup(Fen.parse(AFTER_E4)).ignored());
        }
    }

    @Test
    void lookUpOfAPositionOutOfBookHasNoMovesAndNothingIgnored() throws BookException {
        try (PolyglotBook book = openSorted(bookWithNeighbours())) {
            BookLookup lookup = book.lookup(Fen.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
            assertEquals(List.of(), lookup.moves());
            assertEquals(0, lookup.ignored());
        }
    }

    @Test
    void sameMoveListedTwiceCountsOnceWithBothWeights() throws BookException {
        TestBooks entries = new TestBooks()
                .add(START, "d2d4", 4)
                .add(START, "e2e4", 5)
                .add(START, "d2d4", 3);
        try (PolyglotBook book = openSorted(entries)) {
            assertEquals(List.of(new BookMove(move(START, "d2d4"), 7), new BookMove(move(START, "e2e4"), 5)),
                    book.moves(Position.startPosition()));
        }
    }

    @Test
    void equalWeightsKeepTheFileOrder() throws BookException {
        TestBooks entries = new TestBooks()
                .add(START, "c2c4", 6)
                .add(START, "g1f3", 6)
                .add(START, "b2b3", 6);
        try (PolyglotBook book = openSorted(entries)) {
            assertEquals(List.of(move(START, "c2c4"), move(START, "g1f3"), move(START, "b2b3")),
                    book.moves(Position.startPosition()).stream().map(BookMove::move).toList());
        }
    }

    @Test
    void findsEntriesAtBothEndsOfTheFile() throws BookException {
        long startKey = Position.startPosition().key();
        TestBooks entries = bookWithNeighbours()
                .addRaw(0L, 0, 1)
                .addRaw(-1L, 0, 1);
        try (PolyglotBook book = openSorted(entries)) {
            assertEquals(2, book.moves(Position.startPosition()).size());
            assertEquals(1, book.entries(0L).size());
            assertEquals(1, book.entries(-1L).size());
            assertEquals(2, book.entries(startKey).size());
        }
    }

    @Test
    void lookUpWorksAcrossChunkBorders() throws BookException {
        Path file = bookWithNeighbours().writeSorted(directory.resolve("book.bin"));
        for (int chunkShift = 0; chunkShift <= 3; chunkShift++) {
            try (PolyglotBook chunked = PolyglotBook.open(file, chunkShift);
                 PolyglotBook whole = PolyglotBook.open(file)) {
                for (String fen : List.of(START, AFTER_E4, CASTLING, PROMOTION)) {
                    assertEquals(whole.moves(Fen.parse(fen)), chunked.moves(Fen.parse(fen)),
                            fen + " with chunks of " + (1 << chunkShift) + " entries");
                    assertFalse(chunked.moves(Fen.parse(fen)).isEmpty());
                }
            }
        }
    }

    @Test
    void unsortedFileIsRejectedWhenTheDisorderStraddlesAChunkBorder() {
        Path file = new TestBooks()
                .addRaw(0x1000L, 0, 1)
                .addRaw(0x3000L, 0, 1)
                .addRaw(0x2000L, 0, 1)
                .addRaw(0x4000L, 0, 1)
                .writeAsAdded(directory.resolve("unsorted.bin"));
        assertThrows(BookException.class, () -> PolyglotBook.open(file, 1));
    }

    @Test
    void closedBookAnswersAsOutOfBook() throws BookException {
        PolyglotBook book = openSorted(bookWithNeighbours());
        book.close();
        assertEquals(List.of(), book.moves(Position.startPosition()));
        assertEquals(Move.NONE, book.choose(Position.startPosition(), false, new SplittableRandom(1)));
    }

    @Test
    void remembersItsFile() throws BookException {
        Path file = bookWithNeighbours().writeSorted(directory.resolve("named.bin"));
        try (PolyglotBook book = PolyglotBook.open(file)) {
            assertEquals(file, book.file());
            assertEquals(6, book.entryCount());
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Choosing a move

    @Test
    void bestOnlyAlwaysPlaysTheHeaviestMove() throws BookException {
        try (PolyglotBook book = openSorted(bookWithNeighbours())) {
            SplittableRandom random = new SplittableRandom(7);
            for (int i = 0; i < 100; i++) {
                assertEquals(move(START, "e2e4"), book.choose(Position.startPosition(), true, random));
            }
        }
    }

    @Test
    void weightedChoiceFollowsTheWeights() throws BookException {
        TestBooks entries = new TestBooks()
                .add(START, "e2e4", 6)
                .add(START, "d2d4", 3)
                .add(START, "c2c4", 1);
        int e4 = move(START, "e2e4");
        int d4 = move(START, "d2d4");
        int c4 = move(START, "c2c4");
        try (PolyglotBook book = openSorted(entries)) {
            SplittableRandom random = new SplittableRandom(20240601L);
            int draws = 20_000;
            int[] counts = new int[3];
            for (int i = 0; i < draws; i++) {
                int chosen = book.choose(Position.startPosition(), false, random);
                counts[chosen == e4 ? 0 : chosen == d4 ? 1 : chosen == c4 ? 2 : -1]++;
            }
            // Expected 12000 / 6000 / 2000; the bounds are ten standard deviations or more wide.
            assertTrue(Math.abs(counts[0] - 12_000) < 700, "e2e4 drawn " + counts[0] + " times");
            assertTrue(Math.abs(counts[1] - 6_000) < 650, "d2d4 drawn " + counts[1] + " times");
            assertTrue(Math.abs(counts[2] - 2_000) < 450, "c2c4 drawn " + counts[2] + " times");
        }
    }

    @Test
    void weightedChoiceIsRepeatableWithTheSameSeed() throws BookException {
        try (PolyglotBook book = openSorted(bookWithNeighbours())) {
            SplittableRandom first = new SplittableRandom(99);
            SplittableRandom second = new SplittableRandom(99);
            for (int i = 0; i < 50; i++) {
                assertEquals(book.choose(Position.startPosition(), false, first),
                        book.choose(Position.startPosition(), false, second));
            }
        }
    }

    @Test
    void moveOfWeightZeroIsListedButNeverPlayed() throws BookException {
        TestBooks entries = new TestBooks()
                .add(START, "e2e4", 1)
                .add(START, "a2a3", 0);
        try (PolyglotBook book = openSorted(entries)) {
            assertEquals(2, book.moves(Position.startPosition()).size());
            SplittableRandom random = new SplittableRandom(3);
            for (int i = 0; i < 200; i++) {
                assertEquals(move(START, "e2e4"), book.choose(Position.startPosition(), false, random));
            }
        }
    }

    @Test
    void positionWhoseMovesAllWeighZeroIsOutOfBookForPlay() throws BookException {
        try (PolyglotBook book = openSorted(new TestBooks().add(START, "e2e4", 0))) {
            assertEquals(Move.NONE, book.choose(Position.startPosition(), true, new SplittableRandom(1)));
            assertEquals(Move.NONE, book.choose(Position.startPosition(), false, new SplittableRandom(1)));
        }
    }

    @Test
    void positionIsLeftUntouchedByALookUp() throws BookException {
        Position position = Fen.parse(AFTER_E4);
        try (PolyglotBook book = openSorted(bookWithNeighbours())) {
            book.choose(position, false, new SplittableRandom(5));
        }
        assertEquals(AFTER_E4, Fen.toFen(position));
        assertEquals(0, position.ply());
    }
}
