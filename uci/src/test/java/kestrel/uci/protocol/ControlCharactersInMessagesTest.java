package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Input quoted back in an {@code info string} never carries control characters to the GUI: a terminal would obey an
 * escape sequence and a GUI log would hold raw bytes. They are shown escaped instead, as {@code \x1b}.
 */
class ControlCharactersInMessagesTest {

    private static boolean hasControlCharacter(String line) {
        return line.chars().anyMatch(Character::isISOControl);
    }

    @Test
    void quoteEscapesControlCharacters() {
        assertEquals("'a\\x1b[2Jb\\x00\\x0bc\\x7f\\x9b'", UciException.quote("a\u001b[2Jb\u0000\u000bc\u007f\u009b"));
    }

    @Test
    void quoteKeepsOrdinaryTextAsItIs() {
        assertEquals("'C:\\temp\\net.nnue é'", UciException.quote("C:\\temp\\net.nnue é"));
    }

    @Test
    void anUnknownCommandIsEchoedEscaped() {
        try (UciSession session = new UciSession()) {
            session.sendBytes("xyz\u001b[31m\u0000\u000bend\n".getBytes(StandardCharsets.UTF_8));
            List<String> answers = session.answersBeforeReady();
            assertEquals(List.of("info string unknown command 'xyz\\x1b[31m\\x00\\x0bend'"), answers);
        }
    }

    @Test
    void aFenErrorNamingAControlCharacterIsEscaped() {
        try (UciSession session = new UciSession()) {
            session.sendBytes("position fen 4k3/8/8/8/8/8/8/4K2\u001b w - - 0 1\n".getBytes(StandardCharsets.UTF_8));
            List<String> answers = session.answersBeforeReady();
            assertEquals(1, answers.size(), answers.toString());
            assertTrue(answers.get(0).contains("\\x1b"), answers.get(0));
            assertFalse(hasControlCharacter(answers.get(0)), answers.get(0));
        }
    }
}
