package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import kestrel.engine.Fen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checksum every generated table file ends with: recomputed, it matches on the real tables, a changed byte
 * anywhere in the contents breaks it, and {@link Tablebases} puts such a file aside in the background and says so.
 */
class TableChecksumTest {
    /** No capture: a probe needs the table itself. */
    private static final String KQ_V_KR = "4k3/8/8/8/8/8/r7/4KQ2 w - - 0 1";
    private static final String KQ_V_K = "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1";

    @TempDir
    Path directory;

    @Test
    void everyRealTableMatchesItsChecksum() throws IOException {
        TableChecksum checksum = new TableChecksum();
        int files = 0;
        try (DirectoryStream<Path> tables = Files.newDirectoryStream(TestTables.resources(), "*.{rtbw,rtbz}")) {
            for (Path table : tables) {
                assertEquals(TableChecksum.Verdict.MATCHES, checksum.check(table), table.toString());
                files++;
            }
        }
        assertEquals(17, files);
    }

    @Test
    void aChangedByteAnywhereBreaksIt() throws IOException {
        byte[] whole = TestTables.bytes("KQvKR.rtbz");
        TableChecksum checksum = new TableChecksum();
        int contents = whole.length - 16;
        int[] offsets = {0, 1, 63, 64, contents / 3, contents / 2, contents - 1, contents, whole.length - 1};
        for (int offset : offsets) {
            byte[] changed = whole.clone();
            changed[offset] ^= 0x10;
            Path file = Files.write(directory.resolve("KQvKR-" + offset + ".rtbz"), changed);
            assertEquals(TableChecksum.Verdict.DIFFERS, checksum.check(file), "byte " + offset);
        }
    }

    @Test
    void aFileThatIsNotSixteenPastWholeBlocksCarriesNone() throws IOException {
        byte[] whole = TestTables.bytes("KRvKR.rtbw");
        Path cut = Files.write(directory.resolve("KRvKR.rtbw"), Arrays.copyOf(whole, whole.length - 16));
        assertEquals(TableChecksum.Verdict.NONE, new TableChecksum().check(cut));
    }

    @Test
    void aDamagedFileIsPutAsideInTheBackgroundAndReportedOnce() throws IOException {
        Path folder = TestTables.folderWith(directory.resolve("tables"), "KQvK.rtbw", "KQvK.rtbz", "KQvKR.rtbw",
                "KQvKR.rtbz");
        Path whole = TestTables.folderWith(directory.resolve("whole"), "KQvKR.rtbw", "KQvKR.rtbz");
        assertTrue(Tablebases.open(whole.toString()).probeWdl(Fen.parse(KQ_V_KR)) != Wdl.FAILED,
                "whole, the table answers the probe below");
        // A byte near the end of the WDL file's contents: the headers stay whole, so the table opens.
        byte[] wdl = TestTables.bytes("KQvKR.rtbw");
        wdl[wdl.length - 40] ^= 0x5A;
        Files.write(folder.resolve("KQvKR.rtbw"), wdl);
        List<String> faults = Collections.synchronizedList(new ArrayList<>());

        Tablebases tables = Tablebases.open(folder.toString(), faults::add);
        assertEquals(List.of(), tables.problems(), "the damage is not in a header");
        tables.startVerification();
        assertTrue(tables.awaitVerification(30_000), "the check of four small files ends");

        assertEquals(List.of(folder.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends"
                + " with (a damaged file); not used from now on"), faults);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(KQ_V_KR)), "the damaged table is not used");
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KQ_V_K)), "the other tables still are");
        assertEquals(1, faults.size(), "said once");
    }

    /**
     * Two folders with the same material, the first copy damaged: once the check puts it aside, the second folder's
     * copy, checked in turn, answers in its place; a damaged second copy is passed over, and a folder named twice is
     * not its own spare.
     */
    @Test
    void aDamagedFileGivesWayToTheNextFoldersCopy() throws IOException {
        byte[] damagedWdl = TestTables.bytes("KQvKR.rtbw");
        damagedWdl[damagedWdl.length - 40] ^= 0x5A;
        Path first = TestTables.folderWith(directory.resolve("first"), "KQvK.rtbw", "KQvKR.rtbz");
        Files.write(first.resolve("KQvKR.rtbw"), damagedWdl);
        Path second = TestTables.folderWith(directory.resolve("second"), "KQvKR.rtbw");
        List<String> faults = Collections.synchronizedList(new ArrayList<>());

        Tablebases tables = Tablebases.open(first + File.pathSeparator + second, faults::add);
        tables.startVerification();
        // As datagen waits: for good (a deadline computed from it once overflowed and waited for nothing).
        assertTrue(tables.awaitVerification(Long.MAX_VALUE), "the check and the spare's end");
        assertEquals(List.of(first.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends"
                + " with (a damaged file); not used from now on",
                second.resolve("KQvKR.rtbw") + ": in use in place of " + first.resolve("KQvKR.rtbw")), faults);
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KQ_V_KR)), "the second copy answers");
        assertEquals(Wdl.WIN, Tablebases.open(second.toString()).probeWdl(Fen.parse(KQ_V_KR)), "as it does alone");
        assertEquals(2, faults.size());

        Path third = TestTables.folderWith(directory.resolve("third"), "KQvK.rtbw");
        Files.write(third.resolve("KQvKR.rtbw"), damagedWdl);
        faults.clear();
        tables = Tablebases.open(first + File.pathSeparator + third + File.pathSeparator + second, faults::add)
                .startVerification();
        assertTrue(tables.awaitVerification(30_000));
        assertEquals(List.of(first.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends"
                + " with (a damaged file); not used from now on",
                third.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends with (a damaged"
                + " file); not used",
                second.resolve("KQvKR.rtbw") + ": in use in place of " + first.resolve("KQvKR.rtbw")), faults);
        assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse(KQ_V_KR)));

        faults.clear();
        tables = Tablebases.open(first + File.pathSeparator + first, faults::add).startVerification();
        assertTrue(tables.awaitVerification(30_000));
        assertEquals(List.of(first.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends"
                + " with (a damaged file); not used from now on"), faults);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(KQ_V_KR)));

        // A folder named again after another: the file put aside first is not taken back as the last spare.
        faults.clear();
        tables = Tablebases.open(String.join(File.pathSeparator, first.toString(), third.toString(),
                first.toString()), faults::add).startVerification();
        assertTrue(tables.awaitVerification(30_000));
        assertEquals(List.of(first.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends"
                + " with (a damaged file); not used from now on",
                third.resolve("KQvKR.rtbw") + ": its contents do not match the checksum it ends with (a damaged"
                + " file); not used"), faults);
        assertEquals(Wdl.FAILED, tables.probeWdl(Fen.parse(KQ_V_KR)));
    }

    @Test
    void filesBeyondTheBudgetAreUsedUnchecked() throws IOException {
        Path folder = TestTables.folderWith(directory.resolve("budget"), "KQvK.rtbw", "KQvK.rtbz", "KQvKR.rtbw",
                "KQvKR.rtbz");
        byte[] small = TestTables.bytes("KQvK.rtbw");
        small[small.length - 20] ^= 0x01;
        Files.write(folder.resolve("KQvK.rtbw"), small);
        byte[] large = TestTables.bytes("KQvKR.rtbz");
        large[large.length - 40] ^= 0x01;
        Files.write(folder.resolve("KQvKR.rtbz"), large);
        List<String> faults = Collections.synchronizedList(new ArrayList<>());
        // Room for the three smaller files (272, 5,392 and 20,496 bytes), not for KQvKR.rtbz (309,008).
        Tablebases tables = Tablebases.open(folder.toString(), faults::add).startVerification(100_000);
        assertTrue(tables.awaitVerification(30_000));
        assertEquals(List.of(folder.resolve("KQvK.rtbw") + ": its contents do not match the checksum it ends"
                + " with (a damaged file); not used from now on"), faults);
    }
}
