package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import kestrel.engine.Fen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteParserTest {
    private static final String START_LINE = Fen.START + " ;D1 20 ;D2 400 ;D3 8902";

    private static SuiteLine only(String line) {
        List<SuiteLine> lines = SuiteParser.parse(List.of(line));
        assertEquals(1, lines.size());
        return lines.get(0);
    }

    private static MalformedLine malformed(String line) {
        return assertInstanceOf(MalformedLine.class, only(line));
    }

    @Test
    void lineGivesTheFenAndTheCountOfEachDepth() {
        PerftCase perftCase = assertInstanceOf(PerftCase.class, only(START_LINE));
        assertEquals(Fen.START, perftCase.fen());
        assertEquals(20, perftCase.expected(1));
        assertEquals(400, perftCase.expected(2));
        assertEquals(8902, perftCase.expected(3));
        assertEquals(3, perftCase.maxDepth());
    }

    @Test
    void depthsNotListedAreUnknown() {
        PerftCase perftCase = assertInstanceOf(PerftCase.class, only(Fen.START + " ;D3 8902"));
        assertEquals(PerftCase.UNKNOWN, perftCase.expected(1));
        assertEquals(PerftCase.UNKNOWN, perftCase.expected(4));
    }

    @Test
    void fieldsAreTrimmedAndATrailingSemicolonIsIgnored() {
        PerftCase perftCase = assertInstanceOf(PerftCase.class, only("  " + Fen.START + " ;  D1   20 ; D2 400 ;  "));
        assertEquals(400, perftCase.expected(2));
        assertEquals(Fen.START, perftCase.fen());
    }

    @Test
    void shredderFenCastlingIsRead() {
        assertInstanceOf(PerftCase.class,
                only("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21"));
    }

    @Test
    void blankAndCommentLinesAreSkippedButKeepTheNumbering() {
        List<SuiteLine> lines = SuiteParser.parse(List.of("", "# a comment", START_LINE, "   "));
        assertEquals(1, lines.size());
        assertEquals(3, lines.get(0).lineNumber());
    }

    @Test
    void countFieldOfTheWrongShapeIsMalformed() {
        MalformedLine line = malformed(Fen.START + " ;D1 20 ;D2 four hundred");
        assertTrue(line.problem().contains("D2 four hundred"), line.problem());
    }

    @Test
    void negativeCountIsMalformed() {
        malformed(Fen.START + " ;D1 -20");
    }

    @Test
    void countBeyondALongIsMalformed() {
        MalformedLine line = malformed(Fen.START + " ;D1 99999999999999999999");
        assertTrue(line.problem().contains("too large"), line.problem());
    }

    @Test
    void depthListedTwiceIsMalformed() {
        MalformedLine line = malformed(Fen.START + " ;D1 20 ;D1 20");
        assertTrue(line.problem().contains("twice"), line.problem());
    }

    @Test
    void depthBeyondTheMaximumIsMalformed() {
        malformed(Fen.START + " ;D" + (Perft.MAX_DEPTH + 1) + " 1");
    }

    @Test
    void lineWithoutCountsIsMalformed() {
        MalformedLine line = malformed(Fen.START);
        assertTrue(line.problem().contains("no counts"), line.problem());
    }

    @Test
    void badFenIsMalformedWithTheFenInTheMessage() {
        MalformedLine line = malformed("rnbqkbnr/pppppppp/8/8 w KQkq - 0 1 ;D1 20");
        assertTrue(line.problem().contains("bad FEN") && line.problem().contains("rnbqkbnr/pppppppp/8/8"),
                line.problem());
    }

    @Test
    void malformedLineKeepsItsLineNumber() {
        List<SuiteLine> lines = SuiteParser.parse(List.of(START_LINE, START_LINE, "not a fen ;D1 1"));
        assertEquals(3, malformedAt(lines, 2).lineNumber());
    }

    private static MalformedLine malformedAt(List<SuiteLine> lines, int index) {
        return assertInstanceOf(MalformedLine.class, lines.get(index));
    }

    @Test
    void fileIsReadLineByLine(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("suite.epd");
        Files.write(file, List.of(START_LINE, "8/8/8/8/8/8/8/8 w - - ;D1 0"));
        List<SuiteLine> lines = SuiteParser.read(file);
        assertInstanceOf(PerftCase.class, lines.get(0));
        assertInstanceOf(MalformedLine.class, lines.get(1));
    }
}
