package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UciOptionTest {

    @Test
    void spinDeclaresDefaultAndRange() {
        assertEquals("option name Hash type spin default 16 min 1 max 32768",
                UciOption.spin("Hash", 16, 1, 32768).declaration());
    }

    @Test
    void emptyStringDefaultIsDeclaredAsEmptyMarker() {
        assertEquals("option name BookFile type string default <empty>",
                UciOption.string("BookFile", "").declaration());
    }

    @Test
    void comboDeclaresEveryChoice() {
        assertEquals("option name Style type combo default Solid var Solid var Risky",
                UciOption.combo("Style", "Solid", List.of("Solid", "Risky")).declaration());
    }

    @Test
    void spinAcceptsItsBounds() throws UciException {
        UciOption option = UciOption.spin("MultiPV", 1, 1, 256);
        assertEquals("1", option.canonicalValue("1"));
        assertEquals("256", option.canonicalValue(" 256 "));
    }

    @Test
    void spinRejectsValuesOutsideItsRange() {
        UciOption option = UciOption.spin("MultiPV", 1, 1, 256);
        UciException error = assertThrows(UciException.class, () -> option.canonicalValue("257"));
        assertEquals("option MultiPV must be from 1 to 256, not 257", error.getMessage());
    }

    @Test
    void spinRejectsAMissingValue() {
        assertThrows(UciException.class, () -> UciOption.spin("Hash", 16, 1, 64).canonicalValue(null));
    }

    @Test
    void checkRejectsAnythingButTrueOrFalse() {
        assertThrows(UciException.class, () -> UciOption.check("Ponder", false).canonicalValue("yes"));
    }

    @Test
    void buttonIgnoresAnyValue() throws UciException {
        assertEquals("", UciOption.button("Clear Hash").canonicalValue("now"));
    }

    @Test
    void unknownOptionNameIsReported() {
        UciException error = assertThrows(UciException.class, () -> new UciOptions().find("Skill Level"));
        assertEquals("unknown option 'Skill Level'", error.getMessage());
    }

    @Test
    void settingAnOptionRunsItsActionWithTheNewValueInForce() throws UciException {
        List<String> seen = new ArrayList<>();
        UciOptions[] options = new UciOptions[1];
        options[0] = new UciOptions(UciOption.spin("MultiPV", 1, 1, 256)
                .onSet(value -> seen.add(value + " " + options[0].value("MultiPV"))));
        options[0].set("multipv", " 4 ");
        assertEquals(List.of("4 4"), seen);
    }

    @Test
    void aValueTheActionRefusesLeavesTheOldOne() throws UciException {
        UciOptions options = new UciOptions(UciOption.string("BookFile", "").onSet(value -> {
            throw new UciException("no book " + value);
        }));
        UciException error = assertThrows(UciException.class, () -> options.set("BookFile", "a.bin"));
        assertEquals("no book a.bin", error.getMessage());
        assertEquals("", options.value("BookFile"));
    }
}
