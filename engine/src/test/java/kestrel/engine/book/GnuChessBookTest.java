package kestrel.engine.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.SplittableRandom;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The GNU Chess opening book (Debian package gnuchess-book 1.02-2.1, public domain), 180,358 entries, read with our
 * own position keys.
 */
class GnuChessBookTest {
    private static final long START_KEY = 0x463b96181691fc9cL;
    private static final int BREADTH_FIRST_POSITIONS = 400;

    private static PolyglotBook book;

    @BeforeAll
    static void openBook() throws BookException, URISyntaxException {
        book = PolyglotBook.open(Path.of(GnuChessBookTest.class.getResource("/book/gnuchess-book.bin").toURI()));
    }

    @AfterAll
    static void closeBook() {
        book.close();
    }

    private static String uci(BookMove move) {
        return Move.toUci(move.move()) + " " + move.weight();
    }

    @Test
    void holdsEveryEntryOfTheFile() {
        assertEquals(180_358, book.entryCount());
    }

    @Test
    void startPositionHasThirteenMovesLedByE4() {
        Position start = Position.startPosition();
        assertEquals(START_KEY, start.key());
        List<BookMove> moves = book.moves(start);
        assertEquals(13, moves.size());
        assertEquals(List.of("e2e4 12135", "d2d4 11257", "g1f3 3745", "c2c4 3294"),
                moves.subList(0, 4).stream().map(GnuChessBookTest::uci).toList());
    }

    @Test
    void startPositionMovesAreSortedHeaviestFirst() {
        List<BookMove> moves = book.moves(Position.startPosition());
        for (int i = 1; i < moves.size(); i++) {
            assertTrue(moves.get(i - 1).weight() >= moves.get(i).weight(), moves.toString());
        }
    }

    @Test
    void heaviestLineStaysInBookForTenPliesWithLegalMoves() {
        Position position = Position.startPosition();
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        StringBuilder line = new StringBuilder();
        for (int ply = 0; ply < 10; ply++) {
            int move = book.choose(position, true, new SplittableRandom(ply));
            assertNotEquals(Move.NONE, move, "out of book after " + line);
            assertTrue(MoveGenerator.isLegal(position, move, scratch), Move.toUci(move) + " after " + line);
            line.append(Move.toUci(move)).append(' ');
            position.makeMove(move);
            assertTrue(position.isConsistent(), "after " + line);
        }
        // The Najdorf Sicilian; the same line comes out of the file read independently (keys computed from the
        // published Random64 table for the FENs Stockfish reports after each move).
        assertEquals("e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", line.toString().trim());
    }

    @Test
    void randomLinesFindOnlyLegalEntriesUntilTheyLeaveTheBook() {
        SplittableRandom random = new SplittableRandom(1234);
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        int longest = 0;
        int undecodable = 0;
        for (int game = 0; game < 50; game++) {
            Position position = Position.startPosition();
            int move;
            while ((move = book.choose(position, false, random)) != Move.NONE) {
                for (PolyglotEntry entry : book.entries(position.key())) {
                    if (PolyglotMove.decode(position, entry.move(), scratch) == Move.NONE) {
                        undecodable++;
                    }
                }
                assertTrue(MoveGenerator.isLegal(position, move, scratch), Move.toUci(move));
                position.makeMove(move);
            }
            longest = Math.max(longest, position.ply());
        }
        assertEquals(0, undecodable, "entries that are not legal moves");
        assertTrue(longest >= 10, "the longest random line left the book after " + longest + " plies");
    }

    @Test
    void castlingEntriesBecomeOurCastlingMoves() {
        Position position = Position.startPosition();
        for (String move : "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6".split(" ")) {
            position.makeMove(MoveNotation.parseUci(position, move, false));
        }
        assertEquals(new BookMove(Move.of(Square.E1, Square.H1, Move.CASTLING), 7424), book.moves(position).get(0));
        for (String move : "e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3".split(" ")) {
            position.makeMove(MoveNotation.parseUci(position, move, false));
        }
        assertEquals(new BookMove(Move.of(Square.E8, Square.H8, Move.CASTLING), 1901), book.moves(position).get(0));
    }

    /**
     * Walks the book breadth-first from the start position. At the raw-entry level every stored move must decode to
     * a legal move of the position reached (a key or decoding mistake would surface as entries that do not), and
     * most positions reached must have entries of their own.
     */
    @Test
    void breadthFirstWalkFindsOnlyLegalEntries() {
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        Queue<Position> queue = new ArrayDeque<>();
        Set<Long> seen = new HashSet<>();
        queue.add(Position.startPosition());
        seen.add(START_KEY);
        int visited = 0;
        int inBook = 0;
        int entries = 0;
        int undecodable = 0;
        while (!queue.isEmpty() && visited < BREADTH_FIRST_POSITIONS) {
            Position position = queue.remove();
            visited++;
            List<PolyglotEntry> raw = book.entries(position.key());
            if (!raw.isEmpty()) {
                inBook++;
            }
            for (PolyglotEntry entry : raw) {
                entries++;
                if (PolyglotMove.decode(position, entry.move(), scratch) == Move.NONE) {
                    undecodable++;
                }
            }
            List<BookMove> moves = book.moves(position);
            assertEquals(raw.size(), moves.size(), "one book move per raw entry");
            for (BookMove move : moves) {
                Position next = new Position(position);
                next.makeMove(move.move());
                if (seen.add(next.key())) {
                    queue.add(next);
                }
            }
        }
        assertEquals(BREADTH_FIRST_POSITIONS, visited);
        assertEquals(0, undecodable, "entries that are not legal moves, out of " + entries);
        assertTrue(inBook >= visited * 8 / 10, inBook + " of " + visited + " positions reached have entries");
    }

    @Test
    void chunkedMappingReadsTheSameMoves() throws BookException {
        try (PolyglotBook chunked = PolyglotBook.open(book.file(), 10)) {
            Position position = Position.startPosition();
            for (int ply = 0; ply < 12; ply++) {
                assertEquals(book.moves(position), chunked.moves(position));
                position.makeMove(book.choose(position, true, new SplittableRandom(ply)));
            }
        }
    }
}
