package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table files that are not what their names say: a FIFO, a folder, a cut or damaged file. Each is reported once,
 * in plain words, and the other tables still open and answer (the numbered cases of issue 48).
 */
class HostileTablesTest {
    /** Black to move wins only with Rb1+ (the queen falls); KQvKR, and KRvK after the capture. */
    private static final String SKEWER = "8/8/8/8/3k4/8/1r6/3K3Q b - - 0 1";
    private static final String KQ_V_K = "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1";
    private static final String KR_V_K = "8/8/8/4k3/8/8/8/4KR2 w - - 0 1";

    @TempDir
    Path directory;
    /** KQvK, KRvK and KQvKR, whole: listed after the folder under test, they must still be used. */
    private Path good;
    private final List<String> faults = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void copyGoodTables() throws IOException {
        good = TestTables.folderWith(directory.resolve("good"), "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw",
                "KRvK.rtbz", "KQvKR.rtbw", "KQvKR.rtbz");
    }

    private Tablebases open(Path... folders) {
        List<String> paths = new ArrayList<>();
        for (Path folder : folders) {
            paths.add(folder.toString());
        }
        // Without the check of the checksums: these cases test the checks of the opening and of the probes.
        return Tablebases.open(String.join(File.pathSeparator, paths), faults::add);
    }

    private static void assertGoodTablesAnswer(Tablebases tables) {
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KQ_V_K)));
        assertEquals(15, tables.probeDtz(Fen.parse(KQ_V_K)));
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KR_V_K)));
    }

    /** Case 1: a FIFO named like a table would block whoever opens it until a writer comes. */
    @Test
    void aFifoIsReportedAndNeverOpened() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "needs POSIX FIFOs");
        Path folder = Files.createDirectory(directory.resolve("fifo"));
        Path fifo = folder.resolve("KQvK.rtbw");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo not available");

        Tablebases tables = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> open(folder, good));
        assertEquals(List.of(fifo + ": not a regular file"), tables.problems());
        assertEquals(3, tables.wdlTableCount());
        assertGoodTablesAnswer(tables);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertEquals("not a regular file",
                assertThrows(TableFormatException.class,
                        () -> MappedTableFile.open(fifo, MappedTableFile.DEFAULT_PIECE_BITS)).getMessage()));
    }

    /** Case 4: a folder named like a table, a file as the path, a NUL byte in the path. */
    @Test
    void pathsThatAreNotTableFoldersAreNamedPlainly() throws IOException {
        Path folder = Files.createDirectory(directory.resolve("folders"));
        Files.createDirectory(folder.resolve("KQvK.rtbw"));
        Path file = good.resolve("KRvK.rtbw");
        Tablebases tables = Tablebases.open(folder + File.pathSeparator + file + File.pathSeparator + "a\0b"
                + File.pathSeparator + good, faults::add);
        assertEquals(List.of(folder.resolve("KQvK.rtbw") + ": a folder, not a table file",
                        "a file, not a folder: " + file,
                        "not a valid folder name (Nul character not allowed): a\0b"),
                tables.problems());
        assertEquals(3, tables.wdlTableCount());
        assertGoodTablesAnswer(tables);
    }

    /** Case 4: a cut file names its size and what its header needs. */
    @Test
    void aTruncatedTableSaysHowShortItIs() throws IOException {
        Path folder = Files.createDirectory(directory.resolve("cut"));
        byte[] whole = TestTables.bytes("KQvKR.rtbw");
        Files.write(folder.resolve("KQvKR.rtbw"), Arrays.copyOf(whole, 1000));
        Files.write(folder.resolve("KQvKR.rtbz"), Arrays.copyOf(whole, 30));
        Tablebases tables = open(folder);
        assertEquals(List.of(folder.resolve("KQvKR.rtbw") + ": 1,000 bytes, the header needs 20,480",
                folder.resolve("KQvKR.rtbz") + ": not a DTZ table (magic number 5d23e871)"), tables.problems());
        assertEquals(0, tables.wdlTableCount());

        Files.write(folder.resolve("KQvKR.rtbz"), Arrays.copyOf(TestTables.bytes("KQvKR.rtbz"), 30));
        assertEquals(List.of(folder.resolve("KQvKR.rtbw") + ": 1,000 bytes, the header needs 20,480",
                folder.resolve("KQvKR.rtbz") + ": 30 bytes, the header needs at least 44"), open(folder).problems());
    }

    /**
     * Case 2: three zero bytes at offset 46 make KQvKR.rtbw's first symbol its own half, which once recursed until the
     * stack overflowed and lost every table of the path. Now that file alone is refused, and the good copy of the
     * next folder is used.
     */
    @Test
    void aSelfReferencingSymbolLosesOnlyItsTable() throws IOException {
        Path folder = Files.createDirectory(directory.resolve("self"));
        Files.write(folder.resolve("KQvKR.rtbw"), TestTables.overwritten(TestTables.bytes("KQvKR.rtbw"), 46, 3, 0));
        Tablebases tables = open(folder, good);
        assertEquals(List.of(folder.resolve("KQvKR.rtbw") + ": symbol 0 contains itself"), tables.problems());
        assertEquals(3, tables.wdlTableCount());
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(SKEWER)));
        assertGoodTablesAnswer(tables);
    }

    @Test
    void aCycleOfSymbolsInADtzTableIsRefused() throws IOException {
        Map<String, Long> layout = TestTables.layout("KQvKR.rtbz");
        long symbols = layout.get("symbols 0/0");
        byte[] bytes = TestTables.bytes("KQvKR.rtbz");
        int first = -1;
        int second = -1;
        for (int s = 0; s < TestTables.symbolCount(bytes, symbols) && second < 0; s++) {
            if (TestTables.rightHalf(bytes, symbols, s) != 0xFFF) {
                if (first < 0) {
                    first = s;
                } else {
                    second = s;
                }
            }
        }
        byte[] cycle = TestTables.withSymbol(TestTables.withSymbol(bytes, symbols, first, second, second),
                symbols, second, first, first);
        Path folder = Files.createDirectory(directory.resolve("cycle"));
        Files.write(folder.resolve("KQvKR.rtbz"), cycle);
        Tablebases tables = open(folder, good);
        assertEquals(1, tables.problems().size(), tables.problems()::toString);
        assertTrue(tables.problems().get(0).matches(".*KQvKR\\.rtbz: symbol \\d+ contains itself"),
                tables.problems()::toString);
        assertGoodTablesAnswer(tables);
    }

    /**
     * Case 3: 0xFF over both sparse indexes of KQvKR.rtbw (bytes 2234 to 2305) passes the header checks, as the
     * index is not read at open; the first probe that reads it puts the table aside, says so once, and fails as if
     * the table were missing, on any number of threads. It once threw out of every probe.
     */
    @Test
    void aCorruptSparseIndexDisablesItsTableOnceAndProbesGoOn() throws Exception {
        assertEquals(2234L, TestTables.layout("KQvKR.rtbw").get("sparse index 0/0"));
        assertEquals(2306L, TestTables.layout("KQvKR.rtbw").get("block sizes 0/0"));
        Path folder = TestTables.folderWith(directory.resolve("index"), "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw",
                "KRvK.rtbz", "KQvKR.rtbz");
        Path damaged = folder.resolve("KQvKR.rtbw");
        Files.write(damaged, TestTables.overwritten(TestTables.bytes("KQvKR.rtbw"), 2234, 2306 - 2234, 0xFF));
        Tablebases tables = open(folder);
        assertEquals(List.of(), tables.problems());
        assertEquals(3, tables.wdlTableCount());

        RandomTablePositions random = new RandomTablePositions(48);
        List<Position> positions = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            positions.add(Fen.parse(random.next("KQvKR")));
        }
        Thread[] threads = new Thread[4];
        List<Throwable> thrown = Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                TablebaseProber prober = tables.newProber();
                for (Position position : positions) {
                    Position copy = new Position(position);
                    try {
                        int wdl = prober.probeWdl(copy);
                        int dtz = prober.probeDtz(copy);
                        prober.rankRootMoves(copy, true);
                        assertTrue(wdl == Wdl.FAILED || wdl >= Wdl.LOSS && wdl <= Wdl.WIN, "WDL " + wdl);
                        assertTrue(dtz == Wdl.FAILED || Math.abs(dtz) <= 1000, "DTZ " + dtz);
                        assertEquals(Fen.toFen(position), Fen.toFen(copy));
                    } catch (Throwable e) {
                        thrown.add(e);
                        return;
                    }
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join(20_000);
        }
        assertEquals(List.of(), thrown);
        assertEquals(List.of(damaged + ": the sparse index or the block sizes lead outside the blocks; "
                + "not used from now on"), faults);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(SKEWER)));
        assertNull(tables.rankRootMoves(Fen.parse(SKEWER), true));
        assertGoodTablesAnswer(tables);
    }

    /**
     * Case 3 with a second folder holding the same material whole: the probe that finds the first copy corrupt fails,
     * and from then on the second copy answers in its place, opened on a thread of its own.
     */
    @Test
    void aCorruptTableGivesWayToTheNextFoldersCopy() throws Exception {
        Path folder = TestTables.folderWith(directory.resolve("index"), "KQvKR.rtbz");
        Path damaged = folder.resolve("KQvKR.rtbw");
        Files.write(damaged, TestTables.overwritten(TestTables.bytes("KQvKR.rtbw"), 2234, 2306 - 2234, 0xFF));
        Tablebases tables = open(folder, good);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(SKEWER)), "the probe that finds the damage");
        assertTrue(tables.awaitVerification(20_000), "the spare is opened");
        assertEquals(List.of(damaged + ": the sparse index or the block sizes lead outside the blocks; "
                + "not used from now on", good.resolve("KQvKR.rtbw") + ": in use in place of " + damaged), faults);
        Tablebases whole = open(good);
        for (String fen : List.of(SKEWER, "4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1", "3k4/8/8/8/8/8/1r6/4KQ2 w - - 0 1")) {
            assertEquals(whole.probeWdl(Fen.parse(fen)), tables.probeWdl(Fen.parse(fen)), fen);
            assertEquals(whole.probeDtz(Fen.parse(fen)), tables.probeDtz(Fen.parse(fen)), fen);
        }
        assertEquals(2, faults.size());
    }

    /**
     * Waiting for good ({@code Long.MAX_VALUE}, as datagen does) waits while a spare is being opened: here it is held
     * up on its entry's lock, which the test keeps until it has seen the waiter still waiting. A deadline computed
     * from that wait once overflowed, and the waiter returned at once.
     */
    @Test
    void waitingForGoodWaitsForTheSpare() throws Exception {
        Path folder = TestTables.folderWith(directory.resolve("slow"), "KQvKR.rtbz");
        Files.write(folder.resolve("KQvKR.rtbw"),
                TestTables.overwritten(TestTables.bytes("KQvKR.rtbw"), 2234, 2306 - 2234, 0xFF));
        Tablebases tables = open(folder, good);
        TableEntry entry = tables.entry(Material.parse("KQvKR"));
        boolean[] answer = new boolean[1];
        Thread waiter;
        synchronized (entry) {
            assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(SKEWER)), "the probe that finds the damage");
            waiter = new Thread(() -> answer[0] = tables.awaitVerification(Long.MAX_VALUE));
            waiter.start();
            waiter.join(300);
            assertTrue(waiter.isAlive(), "still waiting while the spare cannot be taken");
        }
        waiter.join(20_000);
        assertTrue(answer[0]);
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(SKEWER)));
    }

    /** The same when the damaged file was deleted after it was opened (its mapping lives on): the copy still serves. */
    @Test
    void aDeletedCorruptTableStillGivesWayToItsCopy() throws Exception {
        Path folder = TestTables.folderWith(directory.resolve("deleted"), "KQvKR.rtbz");
        Path damaged = folder.resolve("KQvKR.rtbw");
        Files.write(damaged, TestTables.overwritten(TestTables.bytes("KQvKR.rtbw"), 2234, 2306 - 2234, 0xFF));
        Tablebases tables = open(folder, good);
        Files.delete(damaged);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(SKEWER)), "the probe that finds the damage");
        assertTrue(tables.awaitVerification(20_000), "the spare is opened");
        assertEquals(List.of(damaged + ": the sparse index or the block sizes lead outside the blocks; "
                + "not used from now on", good.resolve("KQvKR.rtbw") + ": in use in place of " + damaged), faults);
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(SKEWER)), "Rb1+ wins the queen");
    }

    /**
     * A table file cut short after it was opened (by another program, or a copy still being written): a read of the
     * mapped file past its new end is a fault the JVM throws as an {@code InternalError}, in compiled code not always
     * within the probe. Whoever catches it asks {@link Tablebases#putAsideCutFiles}, which finds the file by its size
     * without reading the mapping; the table is put aside with one fault, its probes fail cleanly, the others answer.
     */
    @Test
    void aFileCutWhileInUseIsFoundByItsSizeAndCostsOnlyItsTable() throws Exception {
        Tablebases tables = open(good);
        String kqVkr = "4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1";
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(kqVkr)), "whole, the table answers");
        assertEquals(0, tables.putAsideCutFiles(), "nothing cut yet");
        Path wdl = good.resolve("KQvKR.rtbw");
        cutShort(wdl);
        assertEquals(1, tables.putAsideCutFiles());
        assertEquals(0, tables.putAsideCutFiles(), "once");
        for (String fen : List.of(kqVkr, SKEWER, "3k4/8/8/8/8/8/1r6/4KQ2 w - - 0 1")) {
            assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(fen)), fen);
        }
        assertEquals(List.of(wdl + ": the file was cut short or changed while in use; not used from now on"), faults);
        assertGoodTablesAnswer(tables);
    }

    /** The same with a second copy of the cut file in another folder: it takes the cut one's place. */
    @Test
    void aFileCutWhileInUseGivesWayToTheNextFoldersCopy() throws Exception {
        Path copy = TestTables.folderWith(directory.resolve("copy"), "KQvKR.rtbw");
        Tablebases tables = open(good, copy);
        String kqVkr = "4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1";
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(kqVkr)));
        Path wdl = good.resolve("KQvKR.rtbw");
        cutShort(wdl);
        assertEquals(1, tables.putAsideCutFiles());
        assertTrue(tables.awaitVerification(20_000), "the spare is opened");
        assertEquals(0, tables.putAsideCutFiles(), "the copy in use is whole");
        assertEquals(List.of(wdl + ": the file was cut short or changed while in use; not used from now on",
                copy.resolve("KQvKR.rtbw") + ": in use in place of " + wdl), faults);
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(kqVkr)));
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(SKEWER)), "Rb1+ wins the queen");
    }

    /**
     * A burst of bad files opens their spares one at a time, in the order the files were put aside: while the first
     * spare is held up (on its entry's lock, which the test keeps), the second waits its turn instead of being read
     * beside it; then both come into use.
     */
    @Test
    void sparesAreOpenedOneAtATimeInTurn() throws Exception {
        Path copy = TestTables.folderWith(directory.resolve("copy"), "KQvKR.rtbw", "KRvK.rtbw");
        Tablebases tables = open(good, copy);
        String kqVkr = "4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1";
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(kqVkr)));
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KR_V_K)));
        Path first = good.resolve("KQvKR.rtbw");
        Path second = good.resolve("KRvK.rtbw");
        synchronized (tables.entry(Material.parse("KQvKR"))) {
            cutShort(first);
            assertEquals(1, tables.putAsideCutFiles());
            cutShort(second);
            assertEquals(1, tables.putAsideCutFiles());
            assertTrue(!tables.awaitVerification(300), "the first spare is held up");
            assertEquals(List.of(first + ": the file was cut short or changed while in use; not used from now on",
                    second + ": the file was cut short or changed while in use; not used from now on"), faults,
                    "the second spare waits behind the first");
        }
        assertTrue(tables.awaitVerification(20_000), "both spares are opened");
        assertEquals(List.of(first + ": the file was cut short or changed while in use; not used from now on",
                second + ": the file was cut short or changed while in use; not used from now on",
                copy.resolve("KQvKR.rtbw") + ": in use in place of " + first,
                copy.resolve("KRvK.rtbw") + ": in use in place of " + second), faults);
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(kqVkr)));
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KR_V_K)));
    }

    /** Tables being replaced (a new path set) open no spare: its line would speak of tables no longer in use. */
    @Test
    void tablesBeingReplacedOpenNoSpare() throws Exception {
        Path copy = TestTables.folderWith(directory.resolve("copy"), "KQvKR.rtbw");
        Tablebases tables = open(good, copy);
        tables.stopVerification();
        Path wdl = good.resolve("KQvKR.rtbw");
        cutShort(wdl);
        assertEquals(1, tables.putAsideCutFiles());
        assertTrue(tables.awaitVerification(20_000));
        assertEquals(List.of(wdl + ": the file was cut short or changed while in use; not used from now on"), faults);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse("4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1")));
    }

    /** Cuts {@code file} to half its size while the tables have it mapped; skips the test where the system refuses. */
    private static void cutShort(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(channel.size() / 2);
        } catch (IOException refused) {
            assumeTrue(false, "this system does not cut a mapped file: " + refused);
        }
    }
}
