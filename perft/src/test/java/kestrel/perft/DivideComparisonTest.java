package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class DivideComparisonTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @Test
    void theSameDivideAgrees() {
        Position position = Fen.parse(KIWIPETE);
        Divide ours = new Perft().divide(position, 2, false);
        DivideComparison comparison = DivideComparison.of(position, ours, ours, false);
        assertTrue(comparison.agrees());
        assertEquals(List.of(), comparison.differences());
        assertEquals(48, comparison.kestrelMoves());
    }

    @Test
    void castlingAndPromotionsMatchInEitherNotation() {
        Position position = Fen.parse(KIWIPETE);
        Divide ours = new Perft().divide(position, 1, false);
        Divide kingTakesRook = edited(ours, counts -> counts.replaceAll(count -> switch (count.move()) {
            case "e1g1" -> new Divide.MoveCount("e1h1", 1);
            case "e1c1" -> new Divide.MoveCount("e1a1", 1);
            default -> count;
        }));
        assertTrue(DivideComparison.of(position, ours, kingTakesRook, false).agrees());

        Position promoting = Fen.parse("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        Divide promotions = new Perft().divide(promoting, 1, false);
        Divide upperCase = edited(promotions, counts -> counts.replaceAll(count -> count.move().startsWith("b7b8")
                ? new Divide.MoveCount(count.move().substring(0, 4) + count.move().substring(4).toUpperCase(), 1)
                : count));
        assertTrue(DivideComparison.of(promoting, promotions, upperCase, false).agrees());
    }

    @Test
    void missingExtraTwiceAndCountDifferencesAreEachNamedWithTheirKind() {
        Position position = Fen.parse(KIWIPETE);
        Divide ours = new Perft().divide(position, 2, false);
        Divide theirs = edited(ours, counts -> {
            counts.removeIf(count -> count.move().equals("e1c1"));
            counts.replaceAll(count -> count.move().equals("a2a3") ? new Divide.MoveCount("a2a3", 45) : count);
            counts.add(new Divide.MoveCount("e5f7", 45));
            counts.add(new Divide.MoveCount("e1e3", 1));
        });
        DivideComparison comparison = DivideComparison.of(position, ours, theirs, false);
        assertFalse(comparison.agrees());
        assertTrue(comparison.listsDiffer());
        List<String> lines = comparison.differences().stream().map(MoveDifference::describe).toList();
        assertEquals(List.of(
                "count   a2a3: pawn step (Kestrel 44, engine 45)",
                "missing e1c1: castling queen side (legal, not listed by the engine)",
                "extra   e1e3: a king cannot move from e1 to e3 here (listed by the engine, not legal)",
                "twice   e5f7: knight takes pawn (listed more than once by the engine)"), lines);
        assertEquals(List.of("a2a3"), comparison.countDifferences().stream().map(MoveDifference::move).toList());
    }

    @Test
    void aTotalThatIsNotTheSumOfTheCountsDoesNotAgree() {
        Position position = Position.startPosition();
        Divide ours = new Perft().divide(position, 2, false);
        DivideComparison comparison =
                DivideComparison.of(position, ours, new Divide(ours.counts(), ours.total() + 1), false);
        assertFalse(comparison.agrees());
        assertFalse(comparison.listsDiffer());
        assertEquals(400, comparison.engineSum());
        assertEquals(401, comparison.engineTotal());
    }

    /** {@code divide} with its counts changed by {@code edit}; the total is the new sum. */
    static Divide edited(Divide divide, Consumer<List<Divide.MoveCount>> edit) {
        List<Divide.MoveCount> counts = new ArrayList<>(divide.counts());
        edit.accept(counts);
        return new Divide(counts, counts.stream().mapToLong(Divide.MoveCount::nodes).sum());
    }
}
