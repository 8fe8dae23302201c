package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandWordsTest {
    @Test
    void blanksSeparateWords() {
        assertEquals(List.of("/usr/games/stockfish"), CommandWords.split("/usr/games/stockfish"));
        assertEquals(List.of("java", "-jar", "engine.jar"), CommandWords.split("  java\t-jar   engine.jar "));
    }

    @Test
    void singleQuotesKeepEverythingAsItIs() {
        assertEquals(List.of("/opt/my engine/run", "a \\\"b"), CommandWords.split("'/opt/my engine/run' 'a \\\"b'"));
    }

    @Test
    void doubleQuotesKeepBlanksAndUnescapeQuotesAndBackslashes() {
        assertEquals(List.of("say \"hi\" \\ $x", "\\n"), CommandWords.split("\"say \\\"hi\\\" \\\\ \\$x\" \"\\n\""));
    }

    @Test
    void aBackslashOutsideQuotesKeepsTheNextCharacter() {
        assertEquals(List.of("my engine", "x"), CommandWords.split("my\\ engine x"));
    }

    @Test
    void quotedPartsJoinTheWordAroundThem() {
        assertEquals(List.of("--opt=a b", ""), CommandWords.split("--opt='a b' ''"));
    }

    @Test
    void nothingIsExpanded() {
        assertEquals(List.of("$HOME/engine", "*", "~"), CommandWords.split("$HOME/engine * ~"));
    }

    @Test
    void anUnclosedQuoteOrAnEmptyCommandIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CommandWords.split("'engine"));
        assertThrows(IllegalArgumentException.class, () -> CommandWords.split("\"engine"));
        assertThrows(IllegalArgumentException.class, () -> CommandWords.split("engine\\"));
        assertThrows(IllegalArgumentException.class, () -> CommandWords.split("   "));
    }
}
