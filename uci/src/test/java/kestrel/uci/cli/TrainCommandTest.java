package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.TrainingFileConversion;
import kestrel.engine.search.Bench;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kestrel train}, run through the real command line on a small set of random-game positions. */
class TrainCommandTest {
    @TempDir
    Path directory;

    private Path data;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Positions of seeded random games scored by the handcrafted evaluation, the result always a draw. */
    @BeforeEach
    void writeData() throws IOException {
        SplittableRandom random = new SplittableRandom(3);
        Evaluation evaluation = new Evaluation();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        byte[] record = new byte[TrainingRecord.BYTES];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int game = 0; game < 40; game++) {
            Position position = Position.startPosition();
            for (int ply = 0; ply < 40; ply++) {
                int count = MoveGenerator.legalMoves(position, moves, 0);
                if (count == 0) {
                    break;
                }
                position.makeMove(moves[random.nextInt(count)]);
                int score = evaluation.evaluate(position);
                TrainingRecord.encode(position, position.sideToMove() == Piece.WHITE ? score : -score,
                        TrainingRecord.DRAW, record, 0);
                bytes.write(record, 0, record.length);
            }
        }
        // Half a record at the end, as a cut-off datagen run leaves it.
        bytes.write(record, 0, 10);
        data = Files.write(directory.resolve("data.bin"), bytes.toByteArray());
    }

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] withSubcommand = new String[args.length + 1];
        withSubcommand[0] = "train";
        System.arraycopy(args, 0, withSubcommand, 1, args.length);
        return commandLine.execute(withSubcommand);
    }

    private String[] options(Path net, String... more) {
        return options(net, 2, more);
    }

    private String[] options(Path net, int epochs, String... more) {
        String[] base = {"--data", data.toString(), "--out", net.toString(), "--hidden", "8", "--epochs", "" + epochs,
            "--batch", "256", "--threads", "2", "--seed", "5"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void trainsAndWritesALoadableNetworkReportingEachEpoch() throws Exception {
        Path net = directory.resolve("net.nnue");
        assertEquals(0, run(options(net)), err::toString);
        assertEquals(8, NetworkFile.read(net).hidden());
        // Today's recipe writes format version 1, as before king mirroring and output buckets.
        assertEquals(1, Files.readAllBytes(net)[4]);
        String progress = err.toString();
        assertTrue(progress.contains("10 bytes of partial records ignored"), progress);
        assertTrue(progress.contains("epoch 1/2  train loss ") && progress.contains("epoch 2/2  train loss "),
                progress);
        assertTrue(progress.contains(" pos/s"), progress);
        // --keep-best is on by default: the file is the best epoch's, and the last line says which.
        assertTrue(out.toString().strip().startsWith("wrote " + net + " (epoch "), out::toString);
    }

    /** The shipped network's recipe is the default; each part can be turned off. */
    @Test
    void factoriserMirrorAndKeepBestAreOnByDefaultAndCanBeTurnedOff() throws Exception {
        assertEquals(0, run(options(directory.resolve("on.nnue"))), err::toString);
        assertTrue(err.toString().contains("2 epochs, batch 256, lr 0.002 (x0.9 per epoch), lambda 0.0, ")
                && err.toString().contains(", factorised, mirrored halves"), err::toString);
        err.getBuffer().setLength(0);
        out.getBuffer().setLength(0);
        Path off = directory.resolve("off.nnue");
        assertEquals(0, run(options(off, "--no-factorise", "--no-mirror", "--no-keep-best")), err::toString);
        assertFalse(err.toString().contains("factorised") || err.toString().contains("mirrored"), err::toString);
        assertEquals("wrote " + off, out.toString().strip());
        assertFalse(Arrays.equals(Files.readAllBytes(directory.resolve("on.nnue")), Files.readAllBytes(off)));
    }

    /** Without validation positions the default --keep-best stands down; asked for explicitly, it is an error. */
    @Test
    void noValidationWritesEveryEpochUnlessKeepBestIsAskedFor() throws Exception {
        Path net = directory.resolve("all.nnue");
        assertEquals(0, run(options(net, "--validation", "0")), err::toString);
        assertEquals("wrote " + net, out.toString().strip());
        assertEquals(2, run(options(directory.resolve("none.nnue"), "--validation", "0", "--keep-best")));
        assertTrue(err.toString().contains("--keep-best needs validation positions"), err::toString);
    }

    @Test
    void refusesToOverwriteWithoutForce() throws Exception {
        Path net = Files.writeString(directory.resolve("net.nnue"), "keep me");
        assertEquals(2, run(options(net)));
        assertTrue(err.toString().contains("exists (use --force to overwrite it)"), err::toString);
        assertEquals("keep me", Files.readString(net));
        assertEquals(0, run(options(net, "--force")), err::toString);
        NetworkFile.read(net);
    }

    /**
     * A finished run leaves no checkpoint, and --resume without one is refused and writes nothing. (Taking up a run
     * that was cut off, bit for bit: TrainingCheckpointTest.)
     */
    @Test
    void resumeNeedsTheCheckpointACutOffRunLeaves() throws Exception {
        Path net = directory.resolve("whole.nnue");
        assertEquals(0, run(options(net, 3)), err::toString);
        assertFalse(Files.exists(directory.resolve("whole.nnue.checkpoint")));
        Path never = directory.resolve("never.nnue");
        assertEquals(2, run(options(never, "--resume")));
        assertTrue(err.toString().contains("never.nnue.checkpoint does not exist: there is no run to resume"),
                err::toString);
        assertFalse(Files.exists(never));
    }

    /** A game file of the same records trains the same network, byte for byte. */
    @Test
    void aGameFileTrainsTheSameNetworkAsItsRecords() throws Exception {
        Path games = directory.resolve("data.games");
        TrainingFileConversion.toGames(data, games);
        Path fromRecords = directory.resolve("records.nnue");
        Path fromGames = directory.resolve("games.nnue");
        assertEquals(0, run(options(fromRecords)), err::toString);
        String[] gameOptions = options(fromGames);
        gameOptions[1] = games.toString();
        assertEquals(0, run(gameOptions), err::toString);
        assertArrayEquals(Files.readAllBytes(fromRecords), Files.readAllBytes(fromGames));
    }

    @Test
    void sameSeedGivesTheSameFile() throws Exception {
        Path first = directory.resolve("first.nnue");
        Path second = directory.resolve("second.nnue");
        assertEquals(0, run(options(first)), err::toString);
        assertEquals(0, run(options(second)), err::toString);
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
    }

    /** With --keep-best the file is the network of the epoch with the lowest validation loss, and says so. */
    @Test
    void keepBestWritesTheEpochWithTheLowestValidationLoss() throws Exception {
        Path net = directory.resolve("best.nnue");
        assertEquals(0, run(options(net, 6, "--lr", "0.05", "--validation", "0.3", "--keep-best")),
                err::toString);
        Matcher epoch = Pattern.compile("epoch (\\d+)/6 .* validation loss (\\S+) ").matcher(err.toString());
        int best = 0;
        double bestLoss = Double.POSITIVE_INFINITY;
        while (epoch.find()) {
            double loss = Double.parseDouble(epoch.group(2));
            if (loss < bestLoss) {
                best = Integer.parseInt(epoch.group(1));
                bestLoss = loss;
            }
        }
        assertTrue(best > 0, err::toString);
        assertTrue(out.toString().strip().startsWith("wrote " + net + " (epoch " + best + ", validation loss "),
                out::toString);
        // An epoch's learning rate and shuffle do not depend on how many epochs follow, so a run stopped after the
        // best epoch writes the same network.
        Path stoppedThere = directory.resolve("stopped.nnue");
        assertEquals(0, run(options(stoppedThere, best, "--lr", "0.05", "--validation", "0.3", "--no-keep-best")));
        assertArrayEquals(Files.readAllBytes(stoppedThere), Files.readAllBytes(net));
    }

    @Test
    void badOptionsAndMissingDataAreErrors() {
        Path net = directory.resolve("net.nnue");
        assertEquals(2, run(options(net, "--lambda", "1.5")));
        assertTrue(err.toString().contains("error: lambda must be in [0, 1]"), err::toString);
        assertEquals(2, run("--data", directory.resolve("missing.bin").toString(), "--out", net.toString()));
        assertTrue(err.toString().contains("error: cannot read the data"), err::toString);
    }

    /** Checked before training: a run that learns at its end that it cannot write the network has lost its hours. */
    @Test
    void anOutputFolderThatDoesNotExistIsRefusedBeforeTraining() {
        Path net = directory.resolve("no-such-folder").resolve("net.nnue");
        assertEquals(2, run(options(net)));
        assertTrue(err.toString().contains("no-such-folder does not exist"), err::toString);
        assertFalse(err.toString().contains("epoch"), err::toString);
    }

    /** --wdl, the old name of --lambda, still works, so the command lines that made nets 1 to 8 still run. */
    @Test
    void wdlIsTheOldNameOfLambda() throws Exception {
        Path lambda = directory.resolve("lambda.nnue");
        Path wdl = directory.resolve("wdl.nnue");
        assertEquals(0, run(options(lambda, "--lambda", "0.3")), err::toString);
        assertEquals(0, run(options(wdl, "--wdl", "0.3")), err::toString);
        assertTrue(err.toString().contains(", lambda 0.3, "), err::toString);
        assertArrayEquals(Files.readAllBytes(lambda), Files.readAllBytes(wdl));
        assertFalse(Arrays.equals(Files.readAllBytes(lambda), Files.readAllBytes(trained("--lambda", "0"))));
    }

    private Path trained(String... more) {
        Path net = directory.resolve("net-" + String.join("_", more) + ".nnue");
        assertEquals(0, run(options(net, more)), err::toString);
        return net;
    }

    /** Superbatches replace epochs: their lines, their count in the keep-best line, passes over the data. */
    @Test
    void superbatchesAreTheRunsPeriods() throws Exception {
        Path net = directory.resolve("sb.nnue");
        assertEquals(0, run("--data", data.toString(), "--out", net.toString(), "--hidden", "8", "--batch", "200",
                "--threads", "2", "--superbatches", "3", "--superbatch-batches", "4", "--lr-schedule", "cosine",
                "--lambda", "0.2", "--lambda-end", "0.5"), err::toString);
        String progress = err.toString();
        assertTrue(progress.contains("3 superbatches of 4 batches (800 positions each), batch 200, lr 0.002 "
                + "(cosine to 0.01), lambda 0.2 to 0.5, "), progress);
        assertTrue(progress.contains("superbatch 1/3  train loss ") && progress.contains("superbatch 3/3  train loss "),
                progress);
        assertTrue(progress.contains("lr 0.00200000  lambda 0.2000  passes ")
                && progress.contains("lr 2.00000e-05  lambda 0.5000  passes "), progress);
        assertTrue(out.toString().strip().startsWith("wrote " + net + " (superbatch "), out::toString);
        NetworkFile.read(net);
    }

    @Test
    void stepDecayReachesTheFinalFractionInTheLastEpoch() {
        assertEquals(0, run(options(directory.resolve("step.nnue"), 3, "--lr", "0.01", "--lr-schedule", "step",
                "--lr-steps", "2", "--lr-final-fraction", "0.05")), err::toString);
        String progress = err.toString();
        assertTrue(progress.contains("lr 0.01 (2 steps to 0.05)"), progress);
        assertTrue(progress.contains("epoch 1/3 ") && progress.contains("lr 0.0100000")
                && progress.contains("lr 0.000500000"), progress);
    }

    /**
     * King mirroring and 8 output buckets: a format version 2 file, the same for the same seed, which the engine
     * loads and searches with ({@code bench --eval-file}); mirrored halves are off without being asked.
     */
    @Test
    void kingMirrorAndOutputBucketsWriteANetworkTheEngineSearchesWith() throws Exception {
        Path net = directory.resolve("v2.nnue");
        assertEquals(0, run(options(net, "--king-mirror", "--output-buckets", "8")), err::toString);
        assertTrue(err.toString().contains(", factorised, king mirroring, 8 output buckets")
                && !err.toString().contains("mirrored halves"), err::toString);
        byte[] bytes = Files.readAllBytes(net);
        assertEquals(2, bytes[4]);
        Network network = NetworkFile.read(net);
        assertTrue(network.kingMirror());
        assertEquals(8, network.outputBuckets());
        Path again = directory.resolve("again.nnue");
        assertEquals(0, run(options(again, "--king-mirror", "--output-buckets", "8", "--no-mirror")), err::toString);
        assertArrayEquals(bytes, Files.readAllBytes(again));

        StringWriter benchOut = new StringWriter();
        StringWriter benchErr = new StringWriter();
        int exitCode = Main.commandLine().setOut(new PrintWriter(benchOut, true))
                .setErr(new PrintWriter(benchErr, true)).execute("bench", "3", "--eval-file", net.toString());
        assertEquals(0, exitCode, benchErr::toString);
        List<String> lines = benchOut.toString().lines().toList();
        assertTrue(lines.get(lines.size() - 2).matches(
                "depth 3, 30 positions, \\d+ ms, network, hidden size 8, king mirroring, 8 output buckets"),
                lines::toString);
        assertEquals(Bench.run(3, new NetworkEvaluation(network), line -> { }).nodes() + " nodes",
                lines.get(lines.size() - 1).replaceFirst(" \\d+ nps$", ""));

        // Each alone works too.
        assertEquals(0, run(options(directory.resolve("mirror.nnue"), "--king-mirror")), err::toString);
        assertEquals(0, run(options(directory.resolve("buckets.nnue"), "--output-buckets", "4")), err::toString);
        Network buckets = NetworkFile.read(directory.resolve("buckets.nnue"));
        assertTrue(!buckets.kingMirror() && buckets.outputBuckets() == 4);
        assertTrue(NetworkFile.read(directory.resolve("mirror.nnue")).kingMirror());
    }

    /**
     * King buckets: a format version 3 file whose header holds the layout, the same for the same seed, which the
     * engine loads and searches with; alone or with king mirroring and output buckets. "none" is the default: the
     * file of a run without the option.
     */
    @Test
    void kingBucketsWriteAVersionThreeNetworkTheEngineSearchesWith() throws Exception {
        Path net = directory.resolve("v3.nnue");
        String[] asked = {"--king-buckets", "four", "--king-mirror", "--output-buckets", "4"};
        assertEquals(0, run(options(net, asked)), err::toString);
        assertTrue(err.toString().contains(", factorised, king mirroring, 4 king buckets (four), 4 output buckets"),
                err::toString);
        byte[] bytes = Files.readAllBytes(net);
        assertEquals(3, bytes[4]);
        assertEquals(4, bytes[22]);
        Network network = NetworkFile.read(net);
        assertSame(KingBuckets.FOUR, network.kingBuckets());
        assertTrue(network.kingMirror());
        assertEquals(4, network.outputBuckets());
        assertEquals(8, network.hidden());
        Path again = directory.resolve("again.nnue");
        assertEquals(0, run(options(again, asked)), err::toString);
        assertArrayEquals(bytes, Files.readAllBytes(again));

        StringWriter benchOut = new StringWriter();
        StringWriter benchErr = new StringWriter();
        int exitCode = Main.commandLine().setOut(new PrintWriter(benchOut, true))
                .setErr(new PrintWriter(benchErr, true)).execute("bench", "3", "--eval-file", net.toString());
        assertEquals(0, exitCode, benchErr::toString);
        List<String> lines = benchOut.toString().lines().toList();
        assertTrue(lines.get(lines.size() - 2).matches("depth 3, 30 positions, \\d+ ms, network, hidden size 8, "
                + "king mirroring, 4 king buckets, 4 output buckets"), lines::toString);
        assertEquals(Bench.run(3, new NetworkEvaluation(network), line -> { }).nodes() + " nodes",
                lines.get(lines.size() - 1).replaceFirst(" \\d+ nps$", ""));

        // Alone: version 3 still, and other weights than the same run without king buckets.
        Path alone = directory.resolve("alone.nnue");
        assertEquals(0, run(options(alone, "--king-buckets", "FOUR")), err::toString);
        Network aloneNetwork = NetworkFile.read(alone);
        assertEquals(3, Files.readAllBytes(alone)[4]);
        assertSame(KingBuckets.FOUR, aloneNetwork.kingBuckets());
        assertTrue(!aloneNetwork.kingMirror() && aloneNetwork.outputBuckets() == 1);
        Path none = directory.resolve("none.nnue");
        Path without = directory.resolve("without.nnue");
        assertEquals(0, run(options(none, "--king-buckets", "none")), err::toString);
        assertEquals(0, run(options(without)), err::toString);
        assertEquals(1, Files.readAllBytes(none)[4]);
        assertArrayEquals(Files.readAllBytes(without), Files.readAllBytes(none));
        assertSame(KingBuckets.NONE, NetworkFile.read(none).kingBuckets());
    }

    /**
     * Weight decay is said in the header and changes the weights; 0, the default, is the run without the option byte
     * for byte; a negative one is refused before any training.
     */
    @Test
    void weightDecayIsSaidAndChangesTheNetworkAndZeroIsTheDefault() throws Exception {
        Path decayed = directory.resolve("decayed.nnue");
        assertEquals(0, run(options(decayed, "--weight-decay", "0.5")), err::toString);
        assertTrue(err.toString().contains(", weight decay 0.5"), err::toString);
        Path zero = directory.resolve("zero.nnue");
        Path plain = directory.resolve("plain.nnue");
        assertEquals(0, run(options(zero, "--weight-decay", "0")), err::toString);
        assertEquals(0, run(options(plain)), err::toString);
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(zero));
        assertFalse(Arrays.equals(Files.readAllBytes(plain), Files.readAllBytes(decayed)));

        Path negative = directory.resolve("negative.nnue");
        assertEquals(2, run(options(negative, "--weight-decay", "-0.1")));
        assertTrue(err.toString().contains("weight decay must be at least 0"), err::toString);
        assertFalse(Files.exists(negative));
    }

    /** An unknown layout is refused before any training, by a message that names the layouts there are. */
    @Test
    void anUnknownKingBucketLayoutIsRefused() {
        Path net = directory.resolve("bogus.nnue");
        assertEquals(2, run(options(net, "--king-buckets", "bogus")));
        assertTrue(err.toString().contains("error: unknown king bucket layout 'bogus' (none, four)"), err::toString);
        assertFalse(err.toString().contains("positions loaded"), err::toString);
        assertFalse(Files.exists(net));
    }

    /**
     * The result scale is said in the header, given or fitted; on this data (every game a draw) sigmoid(score / K)
     * predicts the results best with K as large as the fit allows, 2,000 cp.
     */
    @Test
    void theResultScaleIsGivenOrFittedToTheResults() {
        assertEquals(0, run(options(directory.resolve("k150.nnue"), "--lambda", "0.3", "--result-scale", "150")),
                err::toString);
        assertTrue(err.toString().contains("\nresult scale 150\n"), err::toString);
        assertEquals(0, run(options(directory.resolve("kfit.nnue"), "--lambda", "0.3", "--result-scale", "fit")),
                err::toString);
        assertTrue(err.toString().contains("\nresult scale 2000 (fitted to the training positions' results)\n"),
                err::toString);
        assertEquals(0, run(options(directory.resolve("k400.nnue"), "--lambda", "0.3")), err::toString);
        assertEquals(2, err.toString().split("result scale", -1).length - 1, err::toString);
    }

    /** An option of another schedule or of the other way of counting is refused, not silently ignored. */
    @Test
    void optionsThatDoNotBelongTogetherAreRefused() {
        Path net = directory.resolve("net.nnue");
        String[][] refused = {
            {"--lr-schedule", "cosine", "--lr-decay", "0.8"},
            {"--lr-final-fraction", "0.1"},
            {"--lr-schedule", "cosine", "--lr-steps", "4"},
            {"--superbatches", "2"},
            {"--superbatch-batches", "10"},
            {"--wdl", "0.1", "--lambda", "0.2"},
            {"--lr-schedule", "linear"},
            {"--king-mirror", "--mirror"},
            {"--output-buckets", "0"},
            {"--output-buckets", "33"},
            {"--result-scale", "wide"},
            {"--result-scale", "20"},
        };
        String[] messages = {
            "error: --lr-decay belongs to --lr-schedule exponential",
            "error: --lr-final-fraction belongs to --lr-schedule cosine or step",
            "error: --lr-steps belongs to --lr-schedule step",
            "error: --epochs and --superbatches exclude each other",
            "error: --superbatch-batches needs --superbatches",
            "error: --wdl is --lambda's old name: give one of them",
            "error: unknown learning-rate schedule 'linear' (exponential, cosine or step)",
            "error: --mirror means nothing with --king-mirror",
            "error: output buckets must be 1 .. 32",
            "error: output buckets must be 1 .. 32",
            "error: --result-scale takes a number of centipawns or 'fit', not 'wide'",
            "error: result scale must be 50 .. 2000",
        };
        for (int i = 0; i < refused.length; i++) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(options(net, refused[i])), String.join(" ", refused[i]));
            assertTrue(err.toString().contains(messages[i]), err::toString);
        }
        assertFalse(Files.exists(net));
    }
}
