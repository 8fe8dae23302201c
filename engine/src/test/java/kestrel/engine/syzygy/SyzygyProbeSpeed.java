package kestrel.engine.syzygy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.Position;

/**
 * Probe speed, for docs/syzygy.md: {@code SyzygyProbeSpeed TABLE_FOLDER [POSITIONS_PER_TABLE]}. Cold: the first
 * probe of each position in a fresh JVM right after opening (pages not yet touched by this process, code not yet
 * compiled; the operating system's file cache may still hold the files). Warm: the same positions again after
 * five rounds.
 */
public final class SyzygyProbeSpeed {
    private SyzygyProbeSpeed() {
    }

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args[0]);
        int perTable = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        List<String> names;
        try (Stream<Path> files = Files.list(folder)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".rtbw"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
        RandomTablePositions random = new RandomTablePositions(7);
        List<Position> positions = new ArrayList<>();
        for (String name : names) {
            for (int i = 0; i < perTable; i++) {
                positions.add(Fen.parse(random.next(name)));
            }
        }
        long openStart = System.nanoTime();
        Tablebases tables = Tablebases.open(folder.toString());
        double openMs = (System.nanoTime() - openStart) / 1e6;
        TablebaseProber prober = tables.newProber();
        System.out.printf("opened %d WDL and %d DTZ tables in %.0f ms; %d positions%n", tables.wdlTableCount(),
                tables.dtzTableCount(), openMs, positions.size());
        report("WDL cold", positions, () -> round(positions, prober, false));
        report("DTZ cold", positions, () -> round(positions, prober, true));
        for (int i = 0; i < 5; i++) {
            round(positions, prober, false);
            round(positions, prober, true);
        }
        report("WDL warm", positions, () -> round(positions, prober, false));
        report("DTZ warm", positions, () -> round(positions, prober, true));
    }

    private static long round(List<Position> positions, TablebaseProber prober, boolean dtz) {
        long sum = 0;
        for (Position position : positions) {
            sum += dtz ? prober.probeDtz(position) : prober.probeWdl(position);
        }
        return sum;
    }

    private static void report(String what, List<Position> positions, java.util.function.LongSupplier round) {
        long start = System.nanoTime();
        long checksum = round.getAsLong();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("%s: %,.0f probes/s (%.3f s, checksum %d)%n", what, positions.size() / seconds, seconds,
                checksum);
    }
}
