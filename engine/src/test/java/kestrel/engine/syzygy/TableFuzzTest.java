package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged copies of real tables, both kinds, with and without pawns, each beside its material's other file whole:
 * cut at every structure boundary (and a byte either side), random bytes in every structure, symbols made their own
 * halves or each other's. Opening and probing each copy must neither throw, hang nor overflow the stack; a refused
 * file is explained by the header checks (not by a caught exception), a file a probe finds corrupt is reported once,
 * and the whole tables in the next folder still answer right. {@code -Pdeep} tries ten times as many random damages
 * and five times as many positions.
 */
class TableFuzzTest {
    private static final boolean DEEP = Boolean.getBoolean("kestrel.deep");
    private static final int RANDOM_DAMAGES_PER_STRUCTURE = DEEP ? 40 : 4;
    private static final int POSITIONS_PER_COPY = DEEP ? 100 : 20;
    /** Of those, how many have their root moves ranked (each a DTZ probe of every move). */
    private static final int ROOTS_PER_COPY = DEEP ? 20 : 2;
    /** Small map pieces, so reads near piece boundaries are damaged too. */
    private static final int MAP_PIECE_BITS = 12;

    @TempDir
    static Path directory;
    /** Whole tables of the smaller materials the damaged ones capture into. */
    private static Path good;

    @BeforeAll
    static void copyGoodTables() throws IOException {
        good = TestTables.folderWith(directory.resolve("good"), "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz",
                "KPvK.rtbw", "KPvK.rtbz");
    }

    private record Damage(String what, byte[] bytes) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"KQvKR.rtbw", "KQvKR.rtbz", "KPvKP.rtbw", "KPvKP.rtbz"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void damagedTablesNeverThrowHangOrOverflow(String name) throws IOException {
        String material = name.substring(0, name.length() - 5);
        // The material's other file, whole, beside the damaged one: a DTZ table is used only with its WDL table.
        String sibling = material + (name.endsWith(".rtbw") ? ".rtbz" : ".rtbw");
        List<Damage> damages = damages(name);
        RandomTablePositions random = new RandomTablePositions(name.hashCode());
        List<Position> positions = new ArrayList<>();
        for (int i = 0; i < POSITIONS_PER_COPY; i++) {
            positions.add(Fen.parse(random.next(material)));
        }
        int refused = 0;
        int disabled = 0;
        for (int i = 0; i < damages.size(); i++) {
            Damage damage = damages.get(i);
            Path folder = Files.createDirectory(directory.resolve(material + "-" + name.charAt(name.length() - 1)
                    + "-" + i));
            Files.write(folder.resolve(name), damage.bytes());
            Files.copy(TestTables.resources().resolve(sibling), folder.resolve(sibling));
            List<String> faults = Collections.synchronizedList(new ArrayList<>());
            Tablebases tables = Tablebases.open(folder + File.pathSeparator + good, MAP_PIECE_BITS, faults::add);
            String context = name + ", " + damage.what();
            String withoutWdl = folder.resolve(sibling) + ": a DTZ table without its WDL table, not used";
            for (String problem : tables.problems()) {
                assertTrue(problem.startsWith(folder.resolve(name) + ": ") || problem.equals(withoutWdl),
                        context + ": " + problem);
                assertFalse(problem.contains("cannot be read"), context + ": " + problem);
            }
            refused += tables.problems().isEmpty() ? 0 : 1;
            TablebaseProber prober = tables.newProber();
            for (int p = 0; p < positions.size(); p++) {
                Position position = positions.get(p);
                String fen = Fen.toFen(position);
                int wdl = prober.probeWdl(position);
                int dtz = prober.probeDtz(position);
                if (p < ROOTS_PER_COPY) {
                    prober.rankRootMoves(position, true);
                }
                assertTrue(wdl == Wdl.FAILED || wdl >= Wdl.LOSS && wdl <= Wdl.WIN, context + ": WDL " + wdl);
                assertTrue(dtz == Wdl.FAILED || Math.abs(dtz) < 5000, context + ": DTZ " + dtz);
                assertEquals(fen, Fen.toFen(position), context);
            }
            // Once per file; a damaged WDL file can also make its whole DTZ file look corrupt (a DTZ value outside
            // the map of the result the WDL file gives), and that file is put aside as well.
            assertEquals(faults.stream().map(fault -> fault.substring(0, fault.indexOf(": "))).distinct().count(),
                    faults.size(), context + ": " + faults);
            for (String fault : faults) {
                assertTrue((fault.startsWith(folder.resolve(name) + ": ") || fault.startsWith(folder.resolve(sibling)
                        + ": stored DTZ value ")) && fault.endsWith("; not used from now on"), context + ": " + fault);
                assertFalse(fault.contains("cannot be read"), context + ": " + fault);
            }
            disabled += faults.size();
            assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1")), context);
            assertEquals(15, tables.probeDtz(Fen.parse("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1")), context);
            assertEquals(Wdl.WIN, tables.probeWdl(Fen.parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")), context);
        }
        // The damages reach both checks: some copies are refused at open, some put aside by a probe.
        assertTrue(refused > 0 && disabled > 0, name + ": " + refused + " refused, " + disabled + " disabled of "
                + damages.size());
    }

    /** The damaged copies of one table of the resources. */
    private static List<Damage> damages(String name) throws IOException {
        byte[] whole = TestTables.bytes(name);
        Map<String, Long> layout = TestTables.layout(name);
        List<Damage> damages = new ArrayList<>();
        // Cuts at every boundary, a byte either side, and inside the checksum that follows the last block.
        TreeSet<Long> cuts = new TreeSet<>();
        for (long start : layout.values()) {
            for (long cut = start - 1; cut <= start + 1; cut++) {
                if (cut >= 0 && cut < whole.length) {
                    cuts.add(cut);
                }
            }
        }
        for (long cut : cuts) {
            damages.add(new Damage("cut to " + cut + " bytes", Arrays.copyOf(whole, (int) cut)));
        }
        // Random bytes in each structure, the checksum at the end counted as one.
        SplittableRandom random = new SplittableRandom(name.hashCode());
        List<Map.Entry<String, Long>> starts = new ArrayList<>(layout.entrySet());
        for (int i = 0; i < starts.size(); i++) {
            long from = starts.get(i).getValue();
            long to = i + 1 < starts.size() ? starts.get(i + 1).getValue() : whole.length;
            if (to <= from) {
                continue;
            }
            String structure = starts.get(i).getKey();
            for (int trial = 0; trial < RANDOM_DAMAGES_PER_STRUCTURE; trial++) {
                int at = (int) (from + random.nextLong(to - from));
                int count = 1 + random.nextInt((int) Math.min(16, to - at));
                byte[] damaged = whole.clone();
                for (int k = at; k < at + count; k++) {
                    damaged[k] = (byte) random.nextInt(256);
                }
                damages.add(new Damage(count + " random bytes at " + at + " (" + structure + ")", damaged));
            }
            byte[] damaged = whole.clone();
            int count = (int) Math.min(256, to - from);
            for (int k = 0; k < count; k++) {
                damaged[(int) from + k] = (byte) random.nextInt(256);
            }
            damages.add(new Damage(count + " random bytes from " + from + " (" + structure + ")", damaged));
        }
        // Symbols that contain themselves: as their own left or right half, or two symbols as each other's.
        for (var entry : layout.entrySet()) {
            if (!entry.getKey().startsWith("symbols")) {
                continue;
            }
            long symbols = entry.getValue();
            String stream = entry.getKey().substring("symbols ".length());
            if (layout.get("stream header " + stream) + 2 == symbols) {
                continue; // a stream of one value has no symbols
            }
            List<Integer> inner = new ArrayList<>();
            for (int s = 0; s < TestTables.symbolCount(whole, symbols); s++) {
                if (TestTables.rightHalf(whole, symbols, s) != 0xFFF) {
                    inner.add(s);
                }
            }
            if (inner.size() < 2) {
                continue;
            }
            int first = inner.get(0);
            int last = inner.get(inner.size() - 1);
            int right = TestTables.rightHalf(whole, symbols, last);
            damages.add(new Damage("symbol " + first + " its own halves (" + entry.getKey() + ")",
                    TestTables.withSymbol(whole, symbols, first, first, first)));
            damages.add(new Damage("symbol " + last + " its own left half (" + entry.getKey() + ")",
                    TestTables.withSymbol(whole, symbols, last, last, right)));
            damages.add(new Damage("symbols " + first + " and " + last + " each other's (" + entry.getKey() + ")",
                    TestTables.withSymbol(TestTables.withSymbol(whole, symbols, first, last, last), symbols, last,
                            first, first)));
        }
        return damages;
    }
}
