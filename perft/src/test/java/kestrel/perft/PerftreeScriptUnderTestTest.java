package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading a perftree script's output; running scripts is tested with the command, in the uci module. */
class PerftreeScriptUnderTestTest {
    @Test
    void readsMoveCountLinesABlankLineAndTheTotal() {
        Divide divide = PerftreeScriptUnderTest.parse(List.of("e2e4 20", "a7b8Q\t3", "", "23"));
        assertEquals(List.of(new Divide.MoveCount("e2e4", 20), new Divide.MoveCount("a7b8Q", 3)), divide.counts());
        assertEquals(23, divide.total());
    }

    @Test
    void aPositionWithoutMovesIsABlankLineAndZero() {
        Divide divide = PerftreeScriptUnderTest.parse(List.of("", "0"));
        assertEquals(List.of(), divide.counts());
        assertEquals(0, divide.total());
    }

    @Test
    void otherFormatsAreRefusedWithTheLineThatIsWrong() {
        assertMessage(List.of("e2e4: 20", "", "20"), "the line \"e2e4: 20\", not \"move count\"");
        assertMessage(List.of("e2e4 twenty", "", "20"), "the line \"e2e4 twenty\", whose count");
        assertMessage(List.of("e2e4 20 extra", "", "20"), "the line \"e2e4 20 extra\", not \"move count\"");
        assertMessage(List.of("e2e4 20", "20"), "the line \"20\", not \"move count\"");
        assertMessage(List.of("e2e4 20"), "no blank line and total after the move counts");
        assertMessage(List.of("e2e4 20", ""), "no total after the blank line");
        assertMessage(List.of("e2e4 20", "", "20", "done"), "more than the total after the blank line: \"done\"");
        assertMessage(List.of(), "nothing");
    }

    private static void assertMessage(List<String> lines, String expected) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PerftreeScriptUnderTest.parse(lines));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }
}
