package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kestrel.engine.search.SearchParameters;
import kestrel.engine.search.Tunable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code kestrel uci --tune}: the search's constants as options, for the tuner's games only. */
class UciTuningTest {

    @AfterEach
    void backToTheDefaults() {
        SearchParameters.reset();
    }

    @Test
    void aSessionForPlayersOffersNoTuningOption() {
        try (UciSession session = new UciSession()) {
            session.send("uci");
            List<String> lines = session.until(line -> line.equals("uciok"));
            for (Tunable tunable : SearchParameters.all()) {
                assertFalse(lines.stream().anyMatch(line -> line.startsWith("option name " + tunable.name() + " ")),
                        tunable.name());
            }
        }
    }

    @Test
    void aTuningSessionOffersEveryConstantAfterTheOtherOptions() {
        try (UciSession session = new UciSession(UciLoop::offerTuning)) {
            session.send("uci");
            List<String> lines = session.until(line -> line.equals("uciok"));
            List<Tunable> all = SearchParameters.all();
            List<String> last = lines.subList(lines.size() - 1 - all.size(), lines.size() - 1);
            for (int i = 0; i < all.size(); i++) {
                Tunable tunable = all.get(i);
                assertEquals("option name " + tunable.name() + " type spin default " + tunable.defaultValue()
                        + " min " + tunable.min() + " max " + tunable.max(), last.get(i));
            }
            assertTrue(lines.contains("option name SyzygyProbeLimit type spin default 7 min 0 max 7"));
        }
    }

    @Test
    void setoptionSetsTheSearchConstantAndRefusesAValueOutOfRange() {
        try (UciSession session = new UciSession(UciLoop::offerTuning)) {
            session.send("setoption name LmrDivisor value 250", "isready");
            assertEquals("readyok", session.next());
            assertEquals(250, value("LmrDivisor"));
            session.send("setoption name LmrDivisor value 9999", "isready");
            assertEquals("info string option LmrDivisor must be from 150 to 350, not 9999", session.next());
            assertEquals("readyok", session.next());
            assertEquals(250, value("LmrDivisor"));
            // The value reaches the search: another divisor reduces other moves, so the same search to depth 7
            // visits another number of nodes, and the first value gives the first count again. (Which way the
            // count moves depends on the network, so the test does not say.)
            long before = nodes(session);
            session.send("setoption name LmrDivisor value 350");
            long after = nodes(session);
            assertNotEquals(before, after, "the same nodes at 250 and at 350");
            session.send("setoption name LmrDivisor value 250");
            assertEquals(before, nodes(session));
        }
    }

    /** The nodes of a fresh search to depth 7 from a middle-game position. */
    private static long nodes(UciSession session) {
        session.send("ucinewgame", "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "go depth 7");
        List<String> lines = session.untilStartsWith("bestmove");
        String last = lines.get(lines.size() - 2);
        Matcher nodes = Pattern.compile(" nodes (\\d+) ").matcher(last);
        assertTrue(nodes.find(), last);
        return Long.parseLong(nodes.group(1));
    }

    private static int value(String name) {
        return SearchParameters.all().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow().value();
    }
}
