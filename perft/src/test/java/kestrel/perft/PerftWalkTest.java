package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/**
 * The walk against engines answered in-process: Kestrel's own divide, changed where a test says. The uci module
 * tests the walk against engines in other processes.
 */
class PerftWalkTest {
    /** An engine answering with Kestrel's divide after {@code change} (path, divide), recording what it is asked. */
    private static final class ScriptedEngine implements EngineUnderTest {
        private final BiFunction<List<String>, Divide, Divide> change;
        private final List<String> asked = new ArrayList<>();

        ScriptedEngine(BiFunction<List<String>, Divide, Divide> change) {
            this.change = change;
        }

        @Override
        public Divide divide(String fen, List<String> moves, int depth) {
            asked.add(fen + " | " + String.join(" ", moves) + " | " + depth);
            Position position = Fen.parse(fen);
            moves.forEach(move -> position.makeMove(MoveNotation.parseUci(position, move, false)));
            return change.apply(moves, new Perft().divide(position, depth, false));
        }

        @Override
        public void close() {
        }
    }

    @Test
    void anEngineThatAgreesEndsTheWalkAtOnce() throws EngineFailure {
        ScriptedEngine engine = new ScriptedEngine((path, divide) -> divide);
        List<WalkStep> steps = new ArrayList<>();
        WalkOutcome outcome = walk(Position.startPosition(), 3, engine, steps);
        assertInstanceOf(WalkOutcome.Agreement.class, outcome);
        assertTrue(outcome.agrees());
        assertEquals(List.of("agreement: 8902 nodes at depth 3"), outcome.lines());
        assertEquals(List.of("depth 3: Kestrel 8902, engine 8902; all 20 moves agree"),
                steps.stream().map(WalkStep::describe).toList());
    }

    @Test
    void theWalkFollowsTheSmallestDifferingSubtreeDownToTheMoveListsThatDiffer() throws EngineFailure {
        // Wrong below a2a3 (380 leaves at depth 3) and e2e4 (600): e7e5 is missing after a2a3 only.
        ScriptedEngine engine = new ScriptedEngine((path, divide) -> switch (String.join(" ", path)) {
            case "" -> DivideComparisonTest.edited(divide, counts -> counts.replaceAll(count ->
                    count.move().equals("a2a3") || count.move().equals("e2e4")
                            ? new Divide.MoveCount(count.move(), count.nodes() - 20) : count));
            case "a2a3" -> DivideComparisonTest.edited(divide, counts -> counts.removeIf(
                    count -> count.move().equals("e7e5")));
            default -> divide;
        });
        List<WalkStep> steps = new ArrayList<>();
        WalkOutcome outcome = walk(Position.startPosition(), 3, engine, steps);
        assertFalse(outcome.agrees());
        assertEquals(List.of(
                "depth 3: Kestrel 8902, engine 8862; 2 moves differ",
                "after a2a3, depth 2: Kestrel 380, engine 361; 1 move differs"),
                steps.stream().map(WalkStep::describe).toList());
        assertEquals(List.of(
                "mismatch after a2a3, depth 2:",
                "fen rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1",
                "  missing e7e5: pawn double step (legal, not listed by the engine)"), outcome.lines());
        assertEquals(List.of(Fen.START + " |  | 3", Fen.START + " | a2a3 | 2"), engine.asked);
    }

    @Test
    void atDepthOneTheCountsThatDifferAreReported() throws EngineFailure {
        ScriptedEngine engine = new ScriptedEngine((path, divide) -> path.isEmpty()
                ? DivideComparisonTest.edited(divide, counts -> counts.replaceAll(count ->
                        count.move().equals("g1f3") ? new Divide.MoveCount("g1f3", 3) : count))
                : divide);
        WalkOutcome outcome = walk(Position.startPosition(), 1, engine, new ArrayList<>());
        assertEquals(List.of("mismatch in the position itself, depth 1:", "fen " + Fen.START,
                "  count   g1f3: knight move (Kestrel 1, engine 3)"), outcome.lines());
    }

    @Test
    void anEngineWhoseCountsDependOnWhatItWasAskedBeforeIsCalledInconsistent() throws EngineFailure {
        ScriptedEngine engine = new ScriptedEngine((path, divide) -> path.isEmpty()
                ? DivideComparisonTest.edited(divide, counts -> counts.replaceAll(count ->
                        count.move().equals("b1c3") ? new Divide.MoveCount("b1c3", 441) : count))
                : divide);
        WalkOutcome outcome = walk(Position.startPosition(), 3, engine, new ArrayList<>());
        assertInstanceOf(WalkOutcome.Inconsistent.class, outcome);
        assertTrue(outcome.lines().get(0).startsWith("inconsistent: the engine counted 441 below b1c3 at depth 3, but"
                + " 440 after b1c3 at depth 2, as Kestrel does"), outcome.lines().get(0));
    }

    @Test
    void aTotalThatIsNotTheSumOfTheEnginesCountsIsAMismatch() throws EngineFailure {
        ScriptedEngine engine = new ScriptedEngine((path, divide) -> new Divide(divide.counts(), divide.total() + 1));
        WalkOutcome outcome = walk(Position.startPosition(), 2, engine, new ArrayList<>());
        assertEquals(List.of("mismatch in the position itself, depth 2:", "fen " + Fen.START,
                "  the engine's move counts add up to 400, but its total is 401"), outcome.lines());
    }

    @Test
    void chess960WalksSendShredderFenAndKingTakesRook() throws EngineFailure {
        Position root = Fen.parse("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
        assertTrue(PerftWalk.needsChess960(root));
        assertFalse(PerftWalk.needsChess960(Position.startPosition()));
        List<String> asked = new ArrayList<>();
        EngineUnderTest engine = new EngineUnderTest() {
            @Override
            public Divide divide(String fen, List<String> moves, int depth) {
                asked.add(fen);
                Position position = Fen.parse(fen);
                return new Perft().divide(position, depth, true);
            }

            @Override
            public void close() {
            }
        };
        WalkOutcome outcome = new PerftWalk(new Perft(), engine, true).walk(root, 2, step -> { });
        assertTrue(outcome.agrees());
        assertEquals(List.of("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"), asked);
    }

    @Test
    void depthZeroIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> walk(Position.startPosition(), 0, new ScriptedEngine((path, divide) -> divide), List.of()));
    }

    private static WalkOutcome walk(Position root, int depth, EngineUnderTest engine, List<WalkStep> steps)
            throws EngineFailure {
        String before = Fen.toFen(root);
        WalkOutcome outcome = new PerftWalk(new Perft(), engine, false).walk(root, depth, steps::add);
        assertEquals(before, Fen.toFen(root), "the walk changed its root");
        return outcome;
    }
}
