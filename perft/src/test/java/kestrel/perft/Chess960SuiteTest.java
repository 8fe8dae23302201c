package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/** The 960 Chess960 positions of chess960.epd (CPW "Chess960 Perft Results", Shredder-FEN castling). */
class Chess960SuiteTest {
    private static final String SUITE = "chess960.epd";

    @Test
    void suiteHas960Positions() {
        assertEquals(960, SuiteResources.cases(SUITE).size());
    }

    @TestFactory
    Stream<DynamicTest> everyPositionMatchesUpToDepth4() {
        return SuiteResources.cases(SUITE).stream()
                .map(perftCase -> DynamicTest.dynamicTest("line " + perftCase.lineNumber() + ": " + perftCase.fen(),
                        () -> StandardSuiteTest.assertCountsUpTo(perftCase, 4)));
    }

    @TestFactory
    @EnabledIfSystemProperty(named = "kestrel.deep", matches = "true")
    Stream<DynamicTest> everyPositionMatchesAtDepth5() {
        return SuiteResources.cases(SUITE).stream()
                .map(perftCase -> DynamicTest.dynamicTest("line " + perftCase.lineNumber() + ": " + perftCase.fen(),
                        () -> StandardSuiteTest.assertCountAt(perftCase, 5)));
    }
}
