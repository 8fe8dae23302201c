package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import kestrel.engine.Move;
import kestrel.engine.Position;
import kestrel.engine.Square;
import kestrel.engine.search.SearchLimits;
import org.junit.jupiter.api.Test;

class GoCommandTest {

    private static GoCommand parse(String words) throws UciException {
        List<String> list = words.isEmpty() ? List.of() : Arrays.asList(words.split(" "));
        return GoCommand.parse(list, Position.startPosition(), false);
    }

    @Test
    void readsClocksIncrementsAndMovesToGo() throws UciException {
        SearchLimits limits = parse("wtime 60000 btime 55000 winc 1000 binc 900 movestogo 30").limits();
        assertEquals(60000, limits.whiteTime());
        assertEquals(55000, limits.blackTime());
        assertEquals(1000, limits.whiteIncrement());
        assertEquals(900, limits.blackIncrement());
        assertEquals(30, limits.movesToGo());
    }

    @Test
    void readsFixedLimits() throws UciException {
        SearchLimits limits = parse("depth 9 nodes 100000 mate 3 movetime 2500").limits();
        assertEquals(9, limits.depth());
        assertEquals(100000, limits.nodes());
        assertEquals(3, limits.mate());
        assertEquals(2500, limits.moveTime());
    }

    @Test
    void readsInfiniteAndPonder() throws UciException {
        SearchLimits limits = parse("ponder infinite").limits();
        assertTrue(limits.ponder());
        assertTrue(limits.infinite());
    }

    @Test
    void plainGoHasNoLimits() throws UciException {
        SearchLimits limits = parse("").limits();
        assertFalse(limits.hasClock());
        assertEquals(0, limits.depth());
        assertFalse(limits.infinite());
    }

    @Test
    void overdrawnClocksCountAsZero() throws UciException {
        assertEquals(0, parse("wtime -120 btime 5000").limits().whiteTime());
    }

    @Test
    void searchMovesRunUntilTheNextKeyword() throws UciException {
        SearchLimits limits = parse("searchmoves e2e4 d2d4 depth 5").limits();
        assertArrayEquals(new int[] {Move.of(Square.E2, Square.E4), Move.of(Square.D2, Square.D4)},
                limits.searchMoves());
        assertEquals(5, limits.depth());
    }

    @Test
    void perftIsReadAsADivideRequest() throws UciException {
        GoCommand go = parse("perft 4");
        assertTrue(go.isPerft());
        assertEquals(4, go.perftDepth());
    }

    @Test
    void aSearchIsNotAPerft() throws UciException {
        assertFalse(parse("depth 4").isPerft());
    }

    @Test
    void rejectsNegativeDepth() {
        UciException error = assertThrows(UciException.class, () -> parse("depth -3"));
        assertEquals("go depth must be from 1 to 127, not -3", error.getMessage());
    }

    @Test
    void rejectsANumberThatIsNotOne() {
        UciException error = assertThrows(UciException.class, () -> parse("movetime 1.5"));
        assertEquals("go movetime: '1.5' is not a number", error.getMessage());
    }

    @Test
    void rejectsUnknownWords() {
        assertThrows(UciException.class, () -> parse("depth 3 quickly"));
    }

    @Test
    void rejectsEmptySearchMoves() {
        assertThrows(UciException.class, () -> parse("searchmoves depth 3"));
    }
}
