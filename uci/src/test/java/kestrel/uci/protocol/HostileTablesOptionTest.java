package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Broken table files through the real loop, the numbered cases of issue 48: a FIFO among the tables, a header that
 * made the decoder recurse without end, a sparse index that broke every probe, and the messages for paths and
 * files that cannot be used. The tables are the test resources' KQvK, KRvK and KQvKR (see docs/data.md).
 */
class HostileTablesOptionTest {
    /** Black to move wins only with Rb1+ (the queen falls); Rb2 elsewhere, as Ra2, loses. */
    private static final String SKEWER = "8/8/8/8/3k4/8/1r6/3K3Q b - - 0 1";
    /** Qf4, Qf5 and Qf6 stalemate-draw; every other move wins. */
    private static final String KQ_V_K = "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1";
    private static final Pattern TB_HITS = Pattern.compile(" tbhits (\\d+) ");

    @TempDir
    Path directory;

    private static Path resources() throws URISyntaxException {
        return Path.of(Objects.requireNonNull(HostileTablesOptionTest.class.getResource("/syzygy/KQvK.rtbw"))
                .toURI()).getParent();
    }

    /** A new folder with copies of the named tables of the resources. */
    private Path folderWith(String name, String... tables) throws IOException, URISyntaxException {
        Path folder = Files.createDirectory(directory.resolve(name));
        for (String table : tables) {
            Files.copy(resources().resolve(table), folder.resolve(table));
        }
        return folder;
    }

    /** The resources' {@code table} with {@code count} bytes of {@code value} from {@code offset} on. */
    private static byte[] damaged(String table, int offset, int count, int value)
            throws IOException, URISyntaxException {
        byte[] bytes = Files.readAllBytes(resources().resolve(table));
        Arrays.fill(bytes, offset, offset + count, (byte) value);
        return bytes;
    }

    private static String bestMove(UciSession session, String fen, String go) {
        session.send("position fen " + fen, go);
        List<String> lines = session.untilStartsWith("bestmove");
        return lines.get(lines.size() - 1);
    }

    /** Case 1: opening a FIFO waits for a writer; the command reader must never do that. */
    @Test
    void aFifoAmongTheTablesDoesNotWedgeTheEngine() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "needs POSIX FIFOs");
        Path folder = folderWith("fifo", "KRvK.rtbw", "KRvK.rtbz");
        Path fifo = folder.resolve("KQvK.rtbw");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo not available");
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + folder);
            assertEquals(List.of("info string SyzygyPath: " + fifo + ": not a regular file",
                    "info string SyzygyPath: 1 WDL and 1 DTZ tables, up to 3 pieces"), session.answersBeforeReady());
            assertTrue(bestMove(session, "8/8/8/4k3/8/8/8/4KR2 w - - 0 1", "go depth 2").startsWith("bestmove "));
        }
    }

    /**
     * Case 2: three zero bytes at offset 46 of KQvKR.rtbw make its first symbol its own half. The decoder once
     * recursed on it until the stack overflowed, and no table of the path opened, the good folder after it
     * included; in the skewer position the engine then had no tables to find Rb1+ with.
     */
    @Test
    void aSelfReferencingTableLosesOnlyItselfAndTheTablesStillWin() throws Exception {
        Path broken = Files.createDirectory(directory.resolve("broken"));
        Files.write(broken.resolve("KQvKR.rtbw"), damaged("KQvKR.rtbw", 46, 3, 0));
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + broken + File.pathSeparator + resources());
            assertEquals(List.of(
                    "info string SyzygyPath: " + broken.resolve("KQvKR.rtbw") + ": symbol 0 contains itself",
                    "info string SyzygyPath: 3 WDL and 3 DTZ tables, up to 4 pieces"), session.answersBeforeReady());
            assertEquals("bestmove b2b1", bestMove(session, SKEWER, "go depth 3").split(" ponder")[0]);
        }
    }

    /** Case 2's consequence: a corrupt table of another material beside the good ones stops nothing. */
    @Test
    void aCorruptUnrelatedTableBesideTheGoodOnesStillPlaysTheWin() throws Exception {
        Path folder = folderWith("beside", "KQvK.rtbw", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbw", "KQvKR.rtbz");
        // KQvK.rtbz's symbols start at byte 34: symbol 0 becomes its own halves.
        Files.write(folder.resolve("KQvK.rtbz"), damaged("KQvK.rtbz", 34, 3, 0));
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + folder);
            List<String> answers = session.answersBeforeReady();
            assertEquals(List.of(
                    "info string SyzygyPath: " + folder.resolve("KQvK.rtbz") + ": symbol 0 contains itself",
                    "info string SyzygyPath: 3 WDL and 2 DTZ tables, up to 4 pieces"), answers);
            assertEquals("bestmove b2b1", bestMove(session, SKEWER, "go depth 3").split(" ponder")[0]);
        }
    }

    /** The option shows the path whose tables are in use: a new path that fails keeps none of the old tables. */
    @Test
    void aNewPathThatFailsLeavesNoTablesOfTheOldOne() throws Exception {
        Path broken = Files.createDirectory(directory.resolve("only-broken"));
        Files.write(broken.resolve("KQvK.rtbz"), damaged("KQvK.rtbz", 34, 3, 0));
        Files.write(broken.resolve("KQvK.rtbw"), damaged("KQvK.rtbw", 0, 4, 0));
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + resources());
            session.answersBeforeReady();
            session.send("setoption name SyzygyPath value " + broken);
            List<String> answers = session.answersBeforeReady();
            assertEquals("info string SyzygyPath: no tables found", answers.get(answers.size() - 1),
                    answers::toString);
            assertEquals(broken.toString(), session.loop().options().value("SyzygyPath"));
            session.send("position fen " + KQ_V_K, "go depth 3");
            List<String> lines = session.untilStartsWith("bestmove");
            Matcher hits = TB_HITS.matcher(lines.get(lines.size() - 2));
            assertTrue(hits.find(), lines::toString);
            assertEquals("0", hits.group(1), lines::toString);
        }
    }

    /**
     * Case 3: 0xFF over bytes 2234-2305 of KQvKR.rtbw, its sparse indexes. The header is sound, so the table opens;
     * its contents no longer match its checksum, so it is put aside with one info string before {@code readyok}
     * (without that check the first probe that read the index put it aside: {@code HostileTablesTest}), and the
     * searches go on without it, on one thread and on four, through probes deep in a 5-piece search too. Every
     * search once failed and played the first legal move, d4c3 here, which loses.
     */
    @ParameterizedTest(name = "Threads {0}")
    @ValueSource(ints = {1, 4})
    void aCorruptSparseIndexCostsOnlyItsTable(int threads) throws Exception {
        Path folder = folderWith("index", "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbz");
        Files.write(folder.resolve("KQvKR.rtbw"), damaged("KQvKR.rtbw", 2234, 2306 - 2234, 0xFF));
        try (UciSession session = new UciSession()) {
            session.send("setoption name Threads value " + threads, "setoption name SyzygyPath value " + folder);
            assertEquals(List.of("info string SyzygyPath: 3 WDL and 3 DTZ tables, up to 4 pieces",
                    "info string SyzygyPath: " + folder.resolve("KQvKR.rtbw") + ": its contents do not match the"
                            + " checksum it ends with (a damaged file); not used from now on"),
                    session.answersBeforeReady());
            session.send("position fen 8/8/8/3n4/3k4/8/1r6/3K3Q b - - 0 1", "go depth 6");
            List<String> lines = session.untilStartsWith("bestmove");
            session.send("position fen " + SKEWER, "go depth 6");
            lines.addAll(session.untilStartsWith("bestmove"));
            List<String> notes = lines.stream().filter(line -> line.startsWith("info string")).toList();
            assertEquals(List.of(), notes, "said once, before the games");
            assertEquals("bestmove b2b1", lines.get(lines.size() - 1).split(" ponder")[0]);
        }
    }

    /**
     * Damage that no structural check can see: one byte near the end of KQvKR.rtbw's contents, where it decodes to
     * values as before, only some of them wrong. The checksum the file ends with tells, before {@code readyok}, and
     * the engine finds the skewer without the table's values, from the others'.
     */
    @Test
    void aByteChangedInsideTheValuesIsFoundByTheChecksum() throws Exception {
        Path folder = folderWith("quiet", "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbz");
        byte[] bytes = Files.readAllBytes(resources().resolve("KQvKR.rtbw"));
        bytes[bytes.length - 40] ^= 0x5A;
        Files.write(folder.resolve("KQvKR.rtbw"), bytes);
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + folder);
            assertEquals(List.of("info string SyzygyPath: 3 WDL and 3 DTZ tables, up to 4 pieces",
                    "info string SyzygyPath: " + folder.resolve("KQvKR.rtbw") + ": its contents do not match the"
                            + " checksum it ends with (a damaged file); not used from now on"),
                    session.answersBeforeReady());
            assertEquals("bestmove b2b1", bestMove(session, SKEWER, "go depth 6").split(" ponder")[0]);
        }
    }

    /** The same damage with a whole copy of the file in a second folder of the path: the copy takes its place. */
    @Test
    void aDamagedTableGivesWayToTheSecondFoldersCopy() throws Exception {
        Path folder = folderWith("damaged", "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbz");
        byte[] bytes = Files.readAllBytes(resources().resolve("KQvKR.rtbw"));
        bytes[bytes.length - 40] ^= 0x5A;
        Files.write(folder.resolve("KQvKR.rtbw"), bytes);
        Path backup = folderWith("backup", "KQvKR.rtbw");
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + folder + File.pathSeparator + backup);
            assertEquals(List.of("info string SyzygyPath: 3 WDL and 3 DTZ tables, up to 4 pieces",
                    "info string SyzygyPath: " + folder.resolve("KQvKR.rtbw") + ": its contents do not match the"
                            + " checksum it ends with (a damaged file); not used from now on",
                    "info string SyzygyPath: " + backup.resolve("KQvKR.rtbw") + ": in use in place of "
                            + folder.resolve("KQvKR.rtbw")),
                    session.answersBeforeReady());
            assertEquals("bestmove b2b1", bestMove(session, SKEWER, "go depth 6").split(" ponder")[0]);
        }
    }

    /**
     * A table cut short while the engine has it open (a copy still being written, another program): its next read
     * past the new end puts it aside with one info string, and the search plays on with the other tables. The JVM
     * throws that read's fault as an InternalError, in compiled code at times only after the probe returned: then
     * that search answers with its fallback move (one more info string) and puts the cut table aside by its size.
     */
    @Test
    void aTableCutWhileInUseIsPutAsideAndTheSearchGoesOn() throws Exception {
        Path folder = folderWith("cut-in-use", "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbw",
                "KQvKR.rtbz");
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + folder);
            session.answersBeforeReady();
            Path wdl = folder.resolve("KQvKR.rtbw");
            try (FileChannel channel = FileChannel.open(wdl, StandardOpenOption.WRITE)) {
                channel.truncate(4096);
            } catch (IOException refused) {
                assumeTrue(false, "this system does not cut a mapped file: " + refused);
            }
            List<String> lines = new ArrayList<>();
            session.send("position fen 4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1", "go depth 6");
            lines.addAll(session.untilStartsWith("bestmove"));
            session.send("position fen " + SKEWER, "go depth 6");
            lines.addAll(session.untilStartsWith("bestmove"));
            List<String> notes = lines.stream().filter(line -> line.startsWith("info string")
                    && !line.startsWith("info string search failed (java.lang.InternalError")).toList();
            assertEquals(List.of("info string SyzygyPath: " + wdl
                    + ": the file was cut short or changed while in use; not used from now on"), notes);
            assertEquals("bestmove b2b1", lines.get(lines.size() - 1).split(" ponder")[0]);
        }
    }

    /** Case 4: each path or file that cannot be used is named with a plain reason, on one line, never a trace. */
    @Test
    void unusablePathsAndFilesAreNamedPlainly() throws Exception {
        Path folder = folderWith("plain", "KRvK.rtbw", "KRvK.rtbz");
        Files.write(folder.resolve("KQvKR.rtbw"), Arrays.copyOf(Files.readAllBytes(
                resources().resolve("KQvKR.rtbw")), 1000));
        Files.createDirectory(folder.resolve("KQvK.rtbw"));
        Path file = folder.resolve("KRvK.rtbw");
        try (UciSession session = new UciSession()) {
            session.send("setoption name SyzygyPath value " + folder);
            assertEquals(List.of(
                    "info string SyzygyPath: " + folder.resolve("KQvK.rtbw") + ": a folder, not a table file",
                    "info string SyzygyPath: " + folder.resolve("KQvKR.rtbw")
                            + ": 1,000 bytes, the header needs 20,480",
                    "info string SyzygyPath: 1 WDL and 1 DTZ tables, up to 3 pieces"), session.answersBeforeReady());

            session.send("setoption name SyzygyPath value " + file);
            assertEquals(List.of("info string SyzygyPath: a file, not a folder: " + file,
                    "info string SyzygyPath: no tables found"), session.answersBeforeReady());

            session.sendBytes(("setoption name SyzygyPath value " + folder + "\0x\n").getBytes(StandardCharsets.UTF_8));
            assertEquals(List.of("info string SyzygyPath: not a valid folder name (Nul character not allowed): "
                    + folder + "\\x00x", "info string SyzygyPath: no tables found"), session.answersBeforeReady());
        }
    }
}
