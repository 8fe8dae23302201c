package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Syzygy options through the real loop, with the KQvK, KRvK and KQvKR tables of the test resources. */
class SyzygyOptionsTest {
    private static final Pattern TB_HITS = Pattern.compile(" tbhits (\\d+) ");
    /** Qf4, Qf5 and Qf6 stalemate-draw; every other move wins. */
    private static final String KQ_V_K = "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1";

    @TempDir
    Path directory;

    /** The folder of the test tables (KQvK, KRvK, KQvKR), as SyzygyPath takes it. */
    static String tables() throws URISyntaxException {
        return Path.of(Objects.requireNonNull(SyzygyOptionsTest.class.getResource("/syzygy/KQvK.rtbw")).toURI())
                .getParent().toString();
    }

    private static long tbHits(String line) {
        Matcher matcher = TB_HITS.matcher(line);
        assertTrue(matcher.find(), line);
        return Long.parseLong(matcher.group(1));
    }

    @Test
    void theFourOptionsAreDeclaredAsTheFieldNamesThem() {
        try (UciSession session = new UciSession()) {
            session.send("uci");
            List<String> lines = session.untilStartsWith("uciok");
            assertTrue(lines.contains("option name SyzygyPath type string default <empty>"), lines::toString);
            assertTrue(lines.contains("option name SyzygyProbeDepth type spin default 1 min 1 max 100"),
                    lines::toString);
            assertTrue(lines.contains("option name Syzygy50MoveRule type check default true"), lines::toString);
            assertTrue(lines.contains("option name SyzygyProbeLimit type spin default 7 min 0 max 7"),
                    lines::toString);
        }
    }

    @Test
    void aPathSaysWhatItFoundAndAMissingFolderOrBrokenFileIsNamed() throws Exception {
        Path broken = Files.write(directory.resolve("KNvK.rtbw"), new byte[] {1, 2, 3});
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + tables());
            assertEquals(List.of("info string SyzygyPath: 3 WDL and 3 DTZ tables, up to 4 pieces"),
                    session.answersBeforeReady());
            String missing = directory.resolve("nowhere").toString();
            session.send("setoption name SyzygyPath value " + missing + File.pathSeparator + directory
                    + File.pathSeparator + tables());
            List<String> answers = session.answersBeforeReady();
            assertTrue(answers.contains("info string SyzygyPath: no such folder: " + missing), answers::toString);
            assertTrue(answers.contains("info string SyzygyPath: " + broken + ": 3 bytes, the header needs at least 5"),
                    answers::toString);
            assertEquals("info string SyzygyPath: 3 WDL and 3 DTZ tables, up to 4 pieces",
                    answers.get(answers.size() - 1));
        }
    }

    @Test
    void aSearchInTheTablesCountsItsHitsAndKeepsTheWin() throws Exception {
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + tables());
            session.answersBeforeReady();
            session.send("position fen " + KQ_V_K, "go depth 3");
            List<String> lines = session.untilStartsWith("bestmove");
            String bestMove = lines.get(lines.size() - 1);
            assertTrue(!bestMove.startsWith("bestmove f1f4") && !bestMove.startsWith("bestmove f1f5")
                    && !bestMove.startsWith("bestmove f1f6"), bestMove);
            assertTrue(tbHits(lines.get(lines.size() - 2)) > 0, lines::toString);

            session.send("setoption name SyzygyPath value <empty>");
            assertEquals(List.of(), session.answersBeforeReady());
            session.send("position fen " + KQ_V_K, "go depth 3");
            lines = session.untilStartsWith("bestmove");
            assertEquals(0, tbHits(lines.get(lines.size() - 2)), lines::toString);
        }
    }

    @Test
    void aProbeLimitOfZeroLeavesTheTablesAlone() throws URISyntaxException, IOException {
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + tables(), "setoption name SyzygyProbeLimit value 0");
            session.answersBeforeReady();
            session.send("position fen " + KQ_V_K, "go depth 3");
            List<String> lines = session.untilStartsWith("bestmove");
            assertEquals(0, tbHits(lines.get(lines.size() - 2)), lines::toString);
        }
    }
}
