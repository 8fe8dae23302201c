package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SearchParametersTest {
    private static final int DEPTH = 7;
    private static final int POSITIONS = 4;

    @AfterEach
    void backToTheDefaults() {
        SearchParameters.reset();
    }

    @Test
    void everyParameterHasItsOwnNameAStepWithinItsRangeAndItsDefaultInForce() {
        Set<String> names = new HashSet<>();
        for (Tunable tunable : SearchParameters.all()) {
            assertTrue(names.add(tunable.name().toLowerCase(Locale.ROOT)), tunable.name() + " twice");
            assertTrue(tunable.step() < tunable.max() - tunable.min(), tunable.name() + "'s step spans its range");
            assertEquals(tunable.defaultValue(), tunable.value(), tunable.name());
        }
        assertThrows(IllegalArgumentException.class, () -> new Tunable("Outside", 5, 10, 20, 1));
        assertThrows(IllegalArgumentException.class, () -> new Tunable("NoStep", 15, 10, 20, 0));
    }

    @Test
    void everyValueInTheRangesKeepsTheHistoryBonusOfACutOffPositive() {
        // Depth 1 gives the least bonus: the smallest slope less the largest offset.
        SearchParameters.set("HistoryBonusPerDepth", SearchParameters.HISTORY_BONUS_PER_DEPTH.min());
        SearchParameters.set("HistoryBonusOffset", SearchParameters.HISTORY_BONUS_OFFSET.max());
        SearchParameters.set("HistoryMaxBonus", SearchParameters.HISTORY_MAX_BONUS.min());
        assertTrue(History.bonus(1) > 0, "bonus " + History.bonus(1));
    }

    @Test
    void setTakesAnyCaseAndKeepsToTheRange() {
        SearchParameters.set("reversefutilitymargin", 100);
        assertEquals(100, SearchParameters.REVERSE_FUTILITY_MARGIN.value());
        assertThrows(IllegalArgumentException.class, () -> SearchParameters.set("ReverseFutilityMargin", 161));
        assertThrows(IllegalArgumentException.class, () -> SearchParameters.set("NoSuchParameter", 1));
        assertEquals(100, SearchParameters.REVERSE_FUTILITY_MARGIN.value());
        SearchParameters.reset();
        assertEquals(80, SearchParameters.REVERSE_FUTILITY_MARGIN.value());
    }

    @Test
    void theReductionTableFollowsItsTwoParameters() {
        // ln 20 · ln 30 = 10.19; by default (int) (0.75 + 10.19 / 2.25) = (int) 5.28.
        assertEquals(5, SearchParameters.lateMoveReduction(20, 30));
        SearchParameters.set("LmrDivisor", 150);
        assertEquals(7, SearchParameters.lateMoveReduction(20, 30)); // 0.75 + 10.19 / 1.5 = 7.54
        SearchParameters.set("LmrBase", 0);
        assertEquals(6, SearchParameters.lateMoveReduction(20, 30)); // 6.79
        assertEquals(0, SearchParameters.lateMoveReduction(1, 30)); // ln 1 = 0
    }

    @Test
    void theSearchReadsTheValuesInForce() {
        long pinned = nodes();
        // Each parameter at one end of its range or the other changes the search (a margin may not matter at
        // one end in these few positions, but not at both).
        for (Tunable tunable : SearchParameters.all()) {
            boolean read = nodesWith(tunable, tunable.min()) != pinned || nodesWith(tunable, tunable.max()) != pinned;
            assertTrue(read, tunable.name() + " is not read by the search");
        }
        assertEquals(pinned, nodes(), "the defaults search as before");
    }

    private static long nodesWith(Tunable tunable, int value) {
        SearchParameters.set(tunable.name(), value);
        try {
            return nodes();
        } finally {
            SearchParameters.reset();
        }
    }

    /**
     * The nodes of fixed-depth searches of a few of the bench's positions, each with a new table and history. Depth
     * 7: null-move reductions first differ at nodes of depth 6.
     */
    private static long nodes() {
        long nodes = 0;
        for (String fen : Bench.POSITIONS.subList(0, POSITIONS)) {
            nodes += SearchTesting.search(fen, new SearchLimits().depth(DEPTH)).nodes();
        }
        return nodes;
    }
}
