package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Fen;
import org.junit.jupiter.api.Test;

class SuiteRunnerTest {
    private static final String RIGHT = Fen.START + " ;D1 20 ;D2 400 ;D3 8902";
    /** D2 and D3 are both wrong: 401 instead of 400, 8900 instead of 8902. */
    private static final String WRONG = Fen.START + " ;D1 20 ;D2 401 ;D3 8900";
    private static final String POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191";

    private static CaseResult runOne(String line, int maxDepth) {
        return new SuiteRunner(new Perft(), maxDepth).run(SuiteParser.parse(List.of(line)).get(0));
    }

    @Test
    void lineWithRightCountsPasses() {
        CaseResult.Passed result = assertInstanceOf(CaseResult.Passed.class, runOne(RIGHT, SuiteRunner.ALL_DEPTHS));
        assertEquals(3, result.deepestChecked());
        assertEquals(20 + 400 + 8902, result.nodes());
    }

    @Test
    void wrongCountFailsAtTheFirstWrongDepthWithExpectedAndGot() {
        CaseResult.Failed result = assertInstanceOf(CaseResult.Failed.class, runOne(WRONG, SuiteRunner.ALL_DEPTHS));
        assertEquals(2, result.depth());
        assertEquals(401, result.expected());
        assertEquals(400, result.got());
        assertTrue(result.failed());
    }

    @Test
    void failureIsReportedWithLineNumberDepthExpectedAndGot() {
        assertEquals("line 1: FAILED at D2: expected 401, got 400 (" + Fen.START + ")",
                runOne(WRONG, SuiteRunner.ALL_DEPTHS).describe());
    }

    @Test
    void passIsReportedWithTheDeepestDepthChecked() {
        assertEquals("line 1: ok up to D3 (" + Fen.START + ")", runOne(RIGHT, SuiteRunner.ALL_DEPTHS).describe());
    }

    @Test
    void countsBeyondTheMaximumDepthAreNotChecked() {
        CaseResult.Passed result = assertInstanceOf(CaseResult.Passed.class, runOne(WRONG, 1));
        assertEquals(1, result.deepestChecked());
    }

    @Test
    void lineWithNoCountUpToTheMaximumDepthIsSkipped() {
        CaseResult result = runOne(Fen.START + " ;D3 8902", 2);
        assertInstanceOf(CaseResult.Skipped.class, result);
        assertFalse(result.failed());
    }

    @Test
    void malformedLineFailsAndNamesItsLineNumber() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(RIGHT, Fen.START + " ;D1 twenty"));
        CaseResult result = new SuiteRunner(new Perft(), SuiteRunner.ALL_DEPTHS).run(lines.get(1));
        assertTrue(result.failed());
        assertTrue(result.describe().startsWith("line 2: malformed: "), result.describe());
    }

    @Test
    void summaryLineCountsPassedAndFailedLines() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(RIGHT, WRONG, POSITION_3, "garbage ;D1 1"));
        SuiteSummary summary = new SuiteRunner(new Perft(), SuiteRunner.ALL_DEPTHS).runAll(lines, result -> { });
        assertEquals("2 passed, 2 failed", summary.summaryLine());
        assertFalse(summary.allPassed());
    }

    @Test
    void suiteWithoutFailuresHasAllPassed() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(RIGHT, POSITION_3));
        SuiteSummary summary = new SuiteRunner(new Perft(), SuiteRunner.ALL_DEPTHS).runAll(lines, result -> { });
        assertEquals("2 passed, 0 failed", summary.summaryLine());
        assertTrue(summary.allPassed());
    }

    @Test
    void skippedLinesCountAsNeitherPassedNorFailed() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(RIGHT, Fen.START + " ;D3 8902"));
        SuiteSummary summary = new SuiteRunner(new Perft(), 2).runAll(lines, result -> { });
        assertEquals("1 passed, 0 failed", summary.summaryLine());
        assertEquals(1, summary.skipped());
    }

    @Test
    void everyResultReachesTheListenerInFileOrder() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(RIGHT, "", WRONG, POSITION_3));
        List<Integer> seen = new ArrayList<>();
        new SuiteRunner(new Perft(), SuiteRunner.ALL_DEPTHS).runAll(lines, result -> seen.add(result.lineNumber()));
        assertEquals(List.of(1, 3, 4), seen);
    }

    @Test
    void cachedRunGivesTheSameResults() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(RIGHT, WRONG, POSITION_3));
        List<CaseResult> plain = new ArrayList<>();
        List<CaseResult> cached = new ArrayList<>();
        new SuiteRunner(new Perft(), SuiteRunner.ALL_DEPTHS).runAll(lines, plain::add);
        new SuiteRunner(new Perft(new PerftCache(1)), SuiteRunner.ALL_DEPTHS).runAll(lines, cached::add);
        assertEquals(plain, cached);
    }
}
