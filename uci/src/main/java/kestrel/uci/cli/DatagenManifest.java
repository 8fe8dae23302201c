package kestrel.uci.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import kestrel.engine.datagen.SelfPlaySettings;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.syzygy.Tablebases;
import kestrel.uci.protocol.Version;

/**
 * The manifest beside a datagen file ({@code <file>.manifest}): which network played the games, at how many nodes,
 * from which seed, which Syzygy tables ended the games, and how many positions the file holds. Data outlives the
 * checkout that made it; the manifest is how a later trainer knows what it is reading. Rewritten whole (through a
 * temporary file) at every progress report.
 */
final class DatagenManifest {
    private final Path path;
    private final String header;

    DatagenManifest(Path dataFile, EvaluationChoice evaluation, SelfPlaySettings settings, long seed, int threads,
            String format, String syzygyPath, Tablebases tablebases) {
        this.path = dataFile.resolveSibling(dataFile.getFileName() + ".manifest");
        this.header = "file: " + dataFile.getFileName() + "\n"
                + "engine: " + Version.NAME + " " + Version.VERSION + "\n"
                + "evaluation: " + evaluation.describe() + "\n"
                + "network-sha256: " + (evaluation instanceof NetworkEvaluation chosen
                        ? sha256(NetworkFile.toBytes(chosen.network()))
                        : "-") + "\n"
                + "nodes: " + settings.nodes() + "\n"
                + "seed: " + seed + "\n"
                + "threads: " + threads + "\n"
                + "random-plies: " + settings.randomPlies() + "\n"
                + "hash-mb: " + settings.hashMegabytes() + "\n"
                + "format: " + format + "\n"
                + "syzygy: " + (syzygyPath == null ? "-" : syzygyPath + " (" + tablebases.wdlTableCount()
                        + " WDL tables, up to " + tablebases.maxPieces() + " pieces)") + "\n";
    }

    Path path() {
        return path;
    }

    /** Writes the manifest with the file's current record count. */
    void write(long positions) throws IOException {
        String text = header + "positions: " + positions + "\n" + "updated: " + Instant.now() + "\n";
        Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
