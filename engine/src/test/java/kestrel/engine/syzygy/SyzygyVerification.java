package kestrel.engine.syzygy;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;

/**
 * The Java half of {@code scripts/syzygy-verify.sh}: for every WDL table in a folder, {@code perTable} random legal
 * positions (both sides to move, en passant where possible) with Kestrel's WDL and DTZ, one line each:
 * {@code table TAB fen TAB wdl TAB dtz TAB mated-or-dash}. The script asks fathom the same and compares.
 *
 * <p>Usage: {@code SyzygyVerification TABLE_FOLDER PER_TABLE SEED OUTPUT}
 */
public final class SyzygyVerification {
    private SyzygyVerification() {
    }

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args[0]);
        int perTable = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        Path output = Path.of(args[3]);
        Tablebases tables = Tablebases.open(folder.toString());
        if (!tables.problems().isEmpty()) {
            throw new IllegalStateException("problems opening the tables: " + tables.problems());
        }
        List<String> names;
        try (Stream<Path> files = Files.list(folder)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".rtbw"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
        RandomTablePositions random = new RandomTablePositions(seed);
        TablebaseProber prober = tables.newProber();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        long start = System.nanoTime();
        int total = 0;
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(output))) {
            for (String name : names) {
                for (int i = 0; i < perTable; i++) {
                    String fen = random.next(name);
                    Position position = Fen.parse(fen);
                    int wdl = prober.probeWdl(position);
                    int dtz = prober.probeDtz(position);
                    boolean mated = position.inCheck() && MoveGenerator.legalMoves(position, moves, 0) == 0;
                    out.println(name + "\t" + fen + "\t" + wdl + "\t" + dtz + "\t" + (mated ? "mated" : "-"));
                    total++;
                }
            }
        }
        System.err.printf("%d positions of %d tables probed in %.1f s%n", total, names.size(),
                (System.nanoTime() - start) / 1e9);
    }
}
