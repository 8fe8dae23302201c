package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.GameFile;
import kestrel.engine.nnue.games.TrainingFileConversion;
import kestrel.uci.protocol.TestNetworkFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kestrel datagen} through the real command line. */
class DatagenCommandTest {
    @TempDir
    Path directory;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] withSubcommand = new String[args.length + 1];
        withSubcommand[0] = "datagen";
        System.arraycopy(args, 0, withSubcommand, 1, args.length);
        return commandLine.execute(withSubcommand);
    }

    @Test
    void writesAtLeastTheAskedPositionsInWholeRecordsAndReportsOnStderr() throws IOException {
        Path data = directory.resolve("data.bin");
        assertEquals(0, run("--out", data.toString(), "--positions", "50", "--nodes", "200", "--threads", "2"));
        long size = Files.size(data);
        assertEquals(0, size % TrainingRecord.BYTES);
        assertTrue(size / TrainingRecord.BYTES >= 50, "positions written: " + size / TrainingRecord.BYTES);
        assertEquals("", out.toString(), "stdout stays empty");
        assertTrue(err.toString().contains("positions/s"), err.toString());
    }

    @Test
    void writesAManifestThatNamesTheNetworkTheSettingsAndTheFinalCount() throws IOException {
        Network network = TestNetworkFiles.random(16, 7);
        Path net = TestNetworkFiles.write(directory.resolve("test.nnue"), network);
        Path data = directory.resolve("data.bin");
        assertEquals(0, run("--out", data.toString(), "--positions", "30", "--nodes", "150", "--seed", "9",
                "--hash", "2", "--eval-file", net.toString()));
        String manifest = Files.readString(directory.resolve("data.bin.manifest"));
        long records = Files.size(data) / TrainingRecord.BYTES;
        assertTrue(manifest.contains("positions: " + records + "\n"), manifest);
        assertTrue(manifest.contains("network-sha256: " + DatagenManifest.sha256(Files.readAllBytes(net))), manifest);
        assertTrue(manifest.contains("nodes: 150\n") && manifest.contains("seed: 9\n"), manifest);
        assertTrue(manifest.contains("hash-mb: 2\n"), manifest);
        assertTrue(manifest.contains("evaluation: network, hidden size 16"), manifest);
    }

    @Test
    void refusesToOverwriteWithoutForceAndAppendsWhenAsked() throws IOException {
        Path data = directory.resolve("data.bin");
        Files.write(data, new byte[TrainingRecord.BYTES]);
        assertEquals(ExitCodes.BAD_INPUT, run("--out", data.toString(), "--positions", "1", "--nodes", "100"));
        assertTrue(err.toString().contains("--append"), err.toString());
        assertEquals(TrainingRecord.BYTES, Files.size(data));

        assertEquals(0, run("--out", data.toString(), "--positions", "1", "--nodes", "100", "--append"));
        assertTrue(Files.size(data) > TrainingRecord.BYTES);
    }

    @Test
    void rejectsBadOptionValues() {
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("x").toString(), "--nodes", "0"));
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("x").toString(), "--threads", "0"));
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("x").toString(), "--hash", "0"));
        assertTrue(err.toString().contains("--hash must be 1 .. 1024"), err.toString());
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("x").toString(), "--hash", "1025"));
        assertEquals(ExitCodes.BAD_INPUT,
                run("--out", directory.resolve("x").toString(), "--append", "--force"));
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("no-such-folder").resolve("x").toString()));
        assertTrue(err.toString().contains("no-such-folder does not exist"), err.toString());
    }

    @Test
    void evaluatesWithTheNetworkItIsGivenAndRefusesABadOne() throws IOException {
        Path net = TestNetworkFiles.write(directory.resolve("test.nnue"), TestNetworkFiles.random(16, 5));
        Path data = directory.resolve("data.bin");
        assertEquals(0, run("--out", data.toString(), "--positions", "20", "--nodes", "150", "--eval-file",
                net.toString()));
        assertTrue(err.toString().contains("evaluating with the network, hidden size 16"), err.toString());
        assertTrue(Files.size(data) >= 20 * TrainingRecord.BYTES);

        Path broken = Files.write(directory.resolve("broken.nnue"), new byte[] {1, 2, 3});
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("other.bin").toString(), "--eval-file",
                broken.toString()));
        assertTrue(err.toString().contains("cannot use the network"), err.toString());
    }

    @Test
    void theHandcraftedEvaluationCanBeChosen() throws IOException {
        Path data = directory.resolve("data.bin");
        assertEquals(0, run("--out", data.toString(), "--positions", "5", "--nodes", "100", "--hce"));
        assertTrue(err.toString().contains("handcrafted evaluation"), err.toString());
    }

    @Test
    void writesAGameFileWhenAskedAndAppendsOnlyInTheFilesOwnFormat() throws IOException {
        Path games = directory.resolve("data.games");
        assertEquals(0, run("--out", games.toString(), "--positions", "40", "--nodes", "150", "--format", "games",
                "--hce"), err::toString);
        assertTrue(GameFile.isGameFile(games));
        TrainingFileConversion.Summary held = TrainingFileConversion.inspect(games);
        assertTrue(held.records() >= 40 && held.games() > 0, held.toString());
        String manifest = Files.readString(directory.resolve("data.games.manifest"));
        assertTrue(manifest.contains("format: games\n") && manifest.contains("positions: " + held.records() + "\n"),
                manifest);
        assertTrue(err.toString().contains("holds " + held.records() + " positions"), err::toString);

        assertEquals(0, run("--out", games.toString(), "--positions", "10", "--nodes", "150", "--format", "games",
                "--hce", "--append"), err::toString);
        assertTrue(TrainingFileConversion.inspect(games).records() >= held.records() + 10);

        assertEquals(ExitCodes.BAD_INPUT, run("--out", games.toString(), "--positions", "1", "--append", "--hce"));
        assertTrue(err.toString().contains("is a game file: append to it in its own format"), err::toString);
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("x").toString(), "--format", "pgn"));
        assertTrue(err.toString().contains("--format is records or games"), err::toString);
    }

    @Test
    void namesTheSyzygyTablesInTheManifestAndRefusesAPathWithoutAny() throws IOException, URISyntaxException {
        Path tables = Path.of(Objects.requireNonNull(getClass().getResource("/syzygy/KQvK.rtbw")).toURI()).getParent();
        Path data = directory.resolve("data.bin");
        assertEquals(0, run("--out", data.toString(), "--positions", "20", "--nodes", "150", "--hce", "--syzygy",
                tables.toString()), err::toString);
        String manifest = Files.readString(directory.resolve("data.bin.manifest"));
        assertTrue(manifest.contains("syzygy: " + tables + " (3 WDL tables, up to 4 pieces)\n"), manifest);
        assertTrue(err.toString().contains("ended by the tables"), err::toString);

        Path none = Files.createDirectory(directory.resolve("empty"));
        assertEquals(ExitCodes.BAD_INPUT, run("--out", directory.resolve("other.bin").toString(), "--hce",
                "--syzygy", none.toString()));
        assertTrue(err.toString().contains("no Syzygy WDL table opened from " + none), err::toString);
    }

    @Test
    void withoutTablesTheManifestSaysSo() throws IOException {
        Path data = directory.resolve("data.bin");
        assertEquals(0, run("--out", data.toString(), "--positions", "5", "--nodes", "100", "--hce"));
        assertTrue(Files.readString(directory.resolve("data.bin.manifest")).contains("syzygy: -\n"));
        assertTrue(!err.toString().contains("ended by the tables"), err::toString);
    }
}
