package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Every position of standard.epd (CPW "Perft Results", the classic perftsuite, Sedlak's tricky positions, Peter
 * Ellis Jones's list) counted against its published counts.
 */
class StandardSuiteTest {
    private static final String SUITE = "standard.epd";
    /** Depth 6 is checked by default only where it costs little. */
    private static final long CHEAP_DEPTH_6 = 20_000_000L;

    @Test
    void suiteHas153Positions() {
        assertEquals(153, SuiteResources.cases(SUITE).size());
    }

    @TestFactory
    Stream<DynamicTest> everyPositionMatchesUpToDepth5() {
        return SuiteResources.cases(SUITE).stream()
                .map(perftCase -> DynamicTest.dynamicTest("line " + perftCase.lineNumber() + ": " + perftCase.fen(),
                        () -> assertCountsUpTo(perftCase, 5)));
    }

    @TestFactory
    Stream<DynamicTest> cheapPositionsMatchAtDepth6() {
        return SuiteResources.cases(SUITE).stream()
                .filter(perftCase -> perftCase.expected(6) != PerftCase.UNKNOWN
                        && perftCase.expected(6) <= CHEAP_DEPTH_6)
                .map(perftCase -> DynamicTest.dynamicTest("line " + perftCase.lineNumber() + ": " + perftCase.fen(),
                        () -> assertCountAt(perftCase, 6)));
    }

    @TestFactory
    @EnabledIfSystemProperty(named = "kestrel.deep", matches = "true")
    Stream<DynamicTest> everyPositionMatchesAtDepth6() {
        return SuiteResources.cases(SUITE).stream()
                .filter(perftCase -> perftCase.expected(6) > CHEAP_DEPTH_6)
                .map(perftCase -> DynamicTest.dynamicTest("line " + perftCase.lineNumber() + ": " + perftCase.fen(),
                        () -> assertCountAt(perftCase, 6)));
    }

    static void assertCountsUpTo(PerftCase perftCase, int maxDepth) {
        Perft perft = new Perft();
        Position position = Fen.parse(perftCase.fen());
        for (int depth = 1; depth <= Math.min(maxDepth, perftCase.maxDepth()); depth++) {
            long expected = perftCase.expected(depth);
            if (expected != PerftCase.UNKNOWN) {
                assertEquals(expected, perft.count(position, depth), "perft(" + depth + ")");
            }
        }
    }

    static void assertCountAt(PerftCase perftCase, int depth) {
        assertEquals(perftCase.expected(depth), new Perft().count(Fen.parse(perftCase.fen()), depth),
                "perft(" + depth + ")");
    }
}
