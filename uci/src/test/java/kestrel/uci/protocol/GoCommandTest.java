package kestrel.uci.protocol;

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
    void aDepthBelowOneIsTheSmallestSearch() throws UciException {
        GoCommand go = parse("depth -3");
        assertEquals(1, go.limits().depth());
        assertEquals(List.of("go depth must be from 1 to 127, not -3: using 1"), go.notes());
    }

    @Test
    void zeroNodesAndZeroMovetimeAreTheSmallestSearch() throws UciException {
        GoCommand go = parse("nodes 0 movetime 0");
        assertEquals(1, go.limits().nodes());
        assertEquals(1, go.limits().moveTime());
        assertEquals(2, go.notes().size());
    }

    @Test
    void mateZeroSearchesOnePly() throws UciException {
        GoCommand go = parse("mate 0");
        assertEquals(0, go.limits().mate());
        assertEquals(1, go.limits().depth());
        assertEquals(1, go.notes().size());
    }

    @Test
    void aDepthBeyondTheDeepestIsTheDeepest() throws UciException {
        assertEquals(GoCommand.MAX_DEPTH, parse("depth 100000").limits().depth());
    }

    @Test
    void aNumberTooLargeForALongIsTheLargest() throws UciException {
        assertEquals(Long.MAX_VALUE, parse("nodes 99999999999999999999").limits().nodes());
    }

    @Test
    void aValueThatIsNotANumberIsSkipped() throws UciException {
        GoCommand go = parse("movetime 1.5 depth 4");
        assertEquals(0, go.limits().moveTime());
        assertEquals(4, go.limits().depth());
        assertEquals(List.of("go movetime: '1.5' is not a number, ignored"), go.notes());
    }

    @Test
    void aMissingNumberLeavesTheNextKeywordAlone() throws UciException {
        GoCommand go = parse("wtime btime 3000");
        assertEquals(-1, go.limits().whiteTime());
        assertEquals(3000, go.limits().blackTime());
        assertEquals(List.of("go wtime: the number is missing, ignored"), go.notes());
    }

    @Test
    void unknownWordsAreSkipped() throws UciException {
        GoCommand go = parse("depth 3 quickly");
        assertEquals(3, go.limits().depth());
        assertEquals(List.of("go: unknown parameter 'quickly', ignored"), go.notes());
    }

    @Test
    void illegalSearchMovesAreSkipped() throws UciException {
        GoCommand go = parse("searchmoves e2e4 e7e5");
        assertArrayEquals(new int[] {Move.of(Square.E2, Square.E4)}, go.limits().searchMoves());
        assertEquals(List.of("go searchmoves: 'e7e5' is not a legal move here, ignored"), go.notes());
    }

    @Test
    void searchMovesWithNoLegalMoveSearchAllMoves() throws UciException {
        GoCommand go = parse("searchmoves e7e5 depth 3");
        assertEquals(0, go.limits().searchMoves().length);
        assertEquals(List.of("go searchmoves: 'e7e5' is not a legal move here, searching all moves"), go.notes());
    }

    @Test
    void emptySearchMovesSearchAllMoves() throws UciException {
        GoCommand go = parse("searchmoves depth 3");
        assertEquals(0, go.limits().searchMoves().length);
        assertEquals(3, go.limits().depth());
        assertEquals(1, go.notes().size());
    }

    @Test
    void aGoodGoHasNoNotes() throws UciException {
        assertEquals(List.of(), parse("wtime -120 btime 5000 winc 0 binc 0 movestogo 0 depth 5").notes());
    }

    @Test
    void rejectsABadPerftDepth() {
        UciException error = assertThrows(UciException.class, () -> parse("perft 0"));
        assertEquals("go perft must be from 1 to 20, not 0", error.getMessage());
    }

    @Test
    void rejectsPerftWithSearchParameters() {
        UciException error = assertThrows(UciException.class, () -> parse("perft 3 depth 2"));
        assertEquals("go perft takes no other parameters", error.getMessage());
    }
}
