package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class GoPerftTest {

    @Test
    void startPositionAtDepthThree() {
        List<String> lines = GoPerft.lines(Position.startPosition(), 3, false, () -> false);
        assertEquals(22, lines.size());
        assertEquals("a2a3: 380", lines.get(0));
        assertEquals("h2h4: 420", lines.get(19));
        assertEquals("", lines.get(20));
        assertEquals("Nodes searched: 8902", lines.get(21));
    }

    @Test
    void linesAreSortedByMoveText() {
        List<String> lines = GoPerft.lines(Position.startPosition(), 1, false, () -> false);
        List<String> moves = lines.subList(0, 20);
        assertEquals(moves.stream().sorted().toList(), moves);
    }

    @Test
    void castlingIsWrittenInTheChess960Notation() {
        Position position = Fen.parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assertEquals(true, GoPerft.lines(position, 1, true, () -> false).contains("e1h1: 1"));
        assertEquals(true, GoPerft.lines(position, 1, false, () -> false).contains("e1g1: 1"));
    }

    @Test
    void aStopInTheMiddleOfARootMovesCountEndsThePerft() {
        // The stop turns true after a few looks, all inside the first root move's depth-7 count (billions of nodes):
        // returning at all shows the count was cut short.
        int[] looks = {0};
        List<String> lines = GoPerft.lines(Position.startPosition(), 8, false, () -> ++looks[0] > 5);
        assertEquals(List.of(), lines);
    }

    @Test
    void aStoppedPerftReturnsNothing() {
        assertEquals(List.of(), GoPerft.lines(Position.startPosition(), 2, false, () -> true));
    }

    @Test
    void thePositionIsLeftAsItWas() {
        Position position = Position.startPosition();
        GoPerft.lines(position, 2, false, () -> false);
        assertEquals(Fen.START, Fen.toFen(position));
    }
}
