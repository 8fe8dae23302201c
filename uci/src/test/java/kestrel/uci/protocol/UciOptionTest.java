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
    void spinAcceptsItsBoundsAsNumbers() throws UciException {
        UciOption<Integer> option = UciOption.spin("MultiPV", 1, 1, 256);
        option.set("1");
        assertEquals(1, option.value());
        option.set(" 256 ");
        assertEquals(256, option.value());
        assertEquals("256", option.text());
    }

    @Test
    void spinRejectsValuesOutsideItsRangeAndKeepsItsValue() {
        UciOption<Integer> option = UciOption.spin("MultiPV", 1, 1, 256);
        UciException error = assertThrows(UciException.class, () -> option.set("257"));
        assertEquals("option MultiPV must be from 1 to 256, not 257", error.getMessage());
        assertEquals(1, option.value());
    }

    @Test
    void spinRejectsAMissingValue() {
        UciException error = assertThrows(UciException.class, () -> UciOption.spin("Hash", 16, 1, 64).set(null));
        assertEquals("option Hash needs a whole number from 1 to 64, not ''", error.getMessage());
    }

    @Test
    void checkTakesTrueOrFalseInAnyCase() throws UciException {
        UciOption<Boolean> option = UciOption.check("Ponder", false);
        option.set("TRUE");
        assertEquals(true, option.value());
        assertEquals("true", option.text());
    }

    @Test
    void checkRejectsAnythingButTrueOrFalse() {
        assertThrows(UciException.class, () -> UciOption.check("Ponder", false).set("yes"));
    }

    @Test
    void comboKeepsTheChoiceAsDeclared() throws UciException {
        UciOption<String> option = UciOption.combo("Style", "Solid", List.of("Solid", "Risky"));
        option.set("risky");
        assertEquals("Risky", option.value());
        UciException error = assertThrows(UciException.class, () -> option.set("Wild"));
        assertEquals("option Style is one of Solid, Risky, not 'Wild'", error.getMessage());
    }

    @Test
    void buttonIgnoresAnyValueAndRunsItsAction() throws UciException {
        List<String> pressed = new ArrayList<>();
        UciOption<Void> option = UciOption.button("Clear Hash").onSet(value -> pressed.add("pressed"));
        option.set("now");
        assertEquals(List.of("pressed"), pressed);
        assertEquals("", option.text());
    }

    @Test
    void stringReadsTheEmptyMarkerAsEmpty() throws UciException {
        UciOption<String> option = UciOption.string("BookFile", "a.bin");
        option.set("<empty>");
        assertEquals("", option.value());
    }

    @Test
    void unknownOptionNameIsReported() {
        UciException error = assertThrows(UciException.class, () -> new UciOptions().find("Skill Level"));
        assertEquals("unknown option 'Skill Level'", error.getMessage());
    }

    @Test
    void anOptionIsDeclaredOnlyOnceWhateverTheCaseAndSpacing() {
        UciOptions options = new UciOptions();
        options.add(UciOption.spin("Move Overhead", 50, 0, 5000));
        assertThrows(IllegalArgumentException.class, () -> options.add(UciOption.check("move  overhead", false)));
    }

    @Test
    void optionsAreDeclaredInTheOrderAdded() {
        UciOptions options = new UciOptions();
        options.add(UciOption.check("Ponder", false));
        options.add(UciOption.button("Clear Hash"));
        assertEquals(List.of("option name Ponder type check default false", "option name Clear Hash type button"),
                options.declarations());
    }

    @Test
    void settingAnOptionRunsItsActionWithTheNewValueInForce() throws UciException {
        List<String> seen = new ArrayList<>();
        UciOptions options = new UciOptions();
        UciOption<Integer> multiPv = options.add(UciOption.spin("MultiPV", 1, 1, 256));
        multiPv.onSet(value -> seen.add(value + " " + multiPv.value()));
        options.set("multipv", " 4 ");
        assertEquals(List.of("4 4"), seen);
    }

    @Test
    void aValueTheActionRefusesLeavesTheOldOne() {
        UciOptions options = new UciOptions();
        UciOption<String> bookFile = options.add(UciOption.string("BookFile", "").onSet(value -> {
            throw new UciException("no book " + value);
        }));
        UciException error = assertThrows(UciException.class, () -> options.set("BookFile", "a.bin"));
        assertEquals("no book a.bin", error.getMessage());
        assertEquals("", bookFile.value());
        assertEquals("", options.value("BookFile"));
    }

    @Test
    void aValuePutBackIsInForceWithoutRunningTheAction() {
        List<Integer> seen = new ArrayList<>();
        UciOption<Integer> hash = UciOption.spin("Hash", 16, 1, 64).onSet(seen::add);
        hash.putBack(8);
        assertEquals(8, hash.value());
        assertEquals(List.of(), seen);
    }
}
