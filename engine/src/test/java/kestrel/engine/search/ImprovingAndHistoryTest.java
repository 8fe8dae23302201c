package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** `improving` at the first plies and after a check, and the history kept from one search to the next. */
class ImprovingAndHistoryTest {
    private static final int NONE = -Score.INFINITE;
    private static final String MIDDLEGAME = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    @Test
    void improvingComparesWithTwoPliesUpThenFourAndIsFalseWithoutEither() {
        Frame[] frames = Frame.line();
        frames[0].staticEval = 30;
        assertFalse(Search.isImproving(frames, 1, 500), "ply 1 has nothing two plies up");
        assertTrue(Search.isImproving(frames, 2, 31), "the root's evaluation counts");
        assertFalse(Search.isImproving(frames, 2, 30));
        frames[1].staticEval = NONE; // in check at ply 1
        assertFalse(Search.isImproving(frames, 3, 10), "in check at ply 1, and nothing four plies up");
        frames[2].staticEval = NONE; // in check at ply 2
        frames[0].staticEval = 40;
        assertTrue(Search.isImproving(frames, 4, 41), "in check two plies up: four plies up decides");
        assertFalse(Search.isImproving(frames, 4, 40));
        frames[0].staticEval = NONE;
        assertFalse(Search.isImproving(frames, 4, 1_000), "no evaluation two or four plies up");
        assertFalse(Search.isImproving(frames, 5, NONE), "in check now");
    }

    @Test
    void historyBonusUsesMuchOfTheBound() {
        assertTrue(History.bonus(1) > 0);
        assertTrue(History.bonus(4) > History.bonus(3));
        assertEquals(History.MAX / 8, History.bonus(12));
    }

    @Test
    void historySurvivesASecondSearchUntilANewGame() {
        Position position = Fen.parse(MIDDLEGAME);
        SearchLimits limits = new SearchLimits().depth(8);
        TranspositionTable freshTable = new TranspositionTable(4);
        long fresh = new Search(freshTable, SearchListener.SILENT).run(position, limits, HANDCRAFTED).nodes();

        TranspositionTable table = new TranspositionTable(4);
        Search search = new Search(table, SearchListener.SILENT);
        assertEquals(fresh, search.run(position, limits, HANDCRAFTED).nodes());
        table.clear();
        // The same search again with an empty table: only what the history learnt makes it differ.
        assertNotEquals(fresh, search.run(position, limits, HANDCRAFTED).nodes());
        table.clear();
        search.clearHistory();
        assertEquals(fresh, search.run(position, limits, HANDCRAFTED).nodes());
    }
}
