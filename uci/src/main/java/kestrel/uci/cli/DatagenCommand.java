package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import kestrel.engine.datagen.DataGenerator;
import kestrel.engine.datagen.GameDataFile;
import kestrel.engine.datagen.SelfPlayOutput;
import kestrel.engine.datagen.SelfPlaySettings;
import kestrel.engine.datagen.TrainingDataFile;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.games.GameFile;
import kestrel.engine.syzygy.Tablebases;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kestrel datagen}: self-play games written as training positions for {@code kestrel train}. */
@Command(name = "datagen", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Plays self-play games, every move searched to a fixed node count, and writes their quiet "
                + "positions with search score and game result: as 32-byte records (docs/nnue.md), or with --format "
                + "games as the games themselves, a few bytes a position (docs/data.md). Progress goes to stderr.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "1:the output file could not be written",
            "2:bad input (options, an existing output file without --append or --force, or an output folder that "
                    + "does not exist)"})
public final class DatagenCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "the file to write")
    private Path out;

    @Option(names = "--positions", paramLabel = "N", defaultValue = "1000000",
            description = "stop once this many positions are written; 0 runs until interrupted "
                    + "(default: ${DEFAULT-VALUE})")
    private long positions;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "5000",
            description = "nodes searched for each move (default: ${DEFAULT-VALUE})")
    private long nodes;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "games played at once, one per thread (default: ${DEFAULT-VALUE})")
    private int threads;

    @Option(names = "--random-plies", paramLabel = "N", defaultValue = "8",
            description = "random legal plies from the start position before each game (default: ${DEFAULT-VALUE})")
    private int randomPlies;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "seed of the random starts (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--hash", paramLabel = "MB", defaultValue = "" + SelfPlaySettings.DEFAULT_HASH_MEGABYTES,
            description = "transposition table of each thread in MB, 1 .. 1024 (default: ${DEFAULT-VALUE}; small "
                    + "searches gain nothing from more and lose speed to the memory it spans)")
    private int hashMegabytes;

    @Mixin
    private EvaluationOptions evaluationOptions;

    @Option(names = "--syzygy", paramLabel = "PATH",
            description = "Syzygy tables (folders separated by the system's path separator): a game ends as soon as "
                    + "a move reaches a position they hold, and all its positions take their result (a cursed win "
                    + "or blessed loss counts as a draw); that position and any after it are not written")
    private String syzygyPath;

    /** {@code --format}'s two words. */
    static final String RECORDS = "records";
    static final String GAMES = "games";

    @Option(names = "--format", paramLabel = "records|games", defaultValue = RECORDS,
            description = "records: a 32-byte record a position; games: a game file, each game once (its start, moves, "
                    + "the kept positions' scores, result), which 'kestrel train' reads as the same records "
                    + "(default: ${DEFAULT-VALUE})")
    private String format;

    @Option(names = "--append", description = "add to an existing file of the same format (a partial record or game "
            + "at its end is cut off)")
    private boolean append;

    @Option(names = "--force", description = "overwrite an existing file")
    private boolean force;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String problem = checkOptions();
        if (problem != null) {
            err.println("datagen: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        SelfPlaySettings settings = SelfPlaySettings.defaults().withNodes(nodes).withRandomPlies(randomPlies)
                .withHashMegabytes(hashMegabytes);
        EvaluationChoice evaluation;
        try {
            evaluation = evaluationOptions.evaluationOrReport("datagen", err);
        } catch (EvaluationOptions.UnusableNetworkException e) {
            return ExitCodes.BAD_INPUT;
        }
        err.println("datagen: evaluating with the " + evaluation.describe());
        Tablebases tablebases = openTablebases(err);
        if (tablebases == null) {
            return ExitCodes.BAD_INPUT;
        }
        DataGenerator generator = new DataGenerator(settings, threads, seed, evaluation, tablebases);
        DatagenManifest manifest = new DatagenManifest(out, evaluation, settings, seed, threads, format,
                syzygyPath, tablebases);
        try (SelfPlayOutput file = GAMES.equals(format) ? GameDataFile.open(out, append, force)
                : TrainingDataFile.open(out, append, force)) {
            long before = file.records();
            manifest.write(before);
            Thread stopper = new Thread(generator::stop, "datagen-stop");
            Runtime.getRuntime().addShutdownHook(stopper);
            generator.run(file, positions, line -> {
                err.println("datagen: " + line);
                err.flush();
                try {
                    manifest.write(file.records());
                } catch (IOException e) {
                    err.println("datagen: cannot update " + manifest.path() + ": " + e.getMessage());
                }
            });
            err.println("datagen: " + out + " holds " + file.records() + " positions (" + (file.records() - before)
                    + " new)");
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("datagen: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.FAILED;
        }
    }

    /**
     * The tables of {@code --syzygy} ({@link Tablebases#EMPTY} without it), their problems reported; null when the
     * option names no usable table, since the data would then silently be made without them.
     */
    private Tablebases openTablebases(PrintWriter err) {
        if (syzygyPath == null) {
            return Tablebases.EMPTY;
        }
        Tablebases tablebases = Tablebases.open(syzygyPath, fault -> {
            err.println("datagen: Syzygy: " + fault);
            err.flush();
        });
        for (String problem : tablebases.problems()) {
            err.println("datagen: Syzygy: " + problem);
        }
        if (tablebases.wdlTableCount() == 0) {
            err.println("datagen: no Syzygy WDL table opened from " + syzygyPath);
            return null;
        }
        err.println("datagen: Syzygy: " + tablebases.wdlTableCount() + " WDL tables, up to "
                + tablebases.maxPieces() + " pieces, from " + syzygyPath);
        // The labels come from the tables: a damaged file is put aside before the first game, not after.
        tablebases.startVerification().awaitVerification(Long.MAX_VALUE);
        return tablebases;
    }

    private String checkOptions() {
        if (positions < 0) {
            return "--positions must be 0 or more";
        }
        if (nodes < 1) {
            return "--nodes must be 1 or more";
        }
        if (threads < 1 || threads > 256) {
            return "--threads must be 1 .. 256";
        }
        if (randomPlies < 0 || randomPlies > 40) {
            return "--random-plies must be 0 .. 40";
        }
        if (hashMegabytes < 1 || hashMegabytes > 1024) {
            return "--hash must be 1 .. 1024";
        }
        if (append && force) {
            return "--append and --force exclude each other";
        }
        String folderProblem = OutputFile.folderProblem(out);
        if (folderProblem != null) {
            return folderProblem;
        }
        if (!RECORDS.equals(format) && !GAMES.equals(format)) {
            return "--format is records or games, not '" + format + "'";
        }
        try {
            if (append && java.nio.file.Files.size(out) > 0 && GameFile.isGameFile(out) != GAMES.equals(format)) {
                return out + " is " + (GAMES.equals(format) ? "a record file" : "a game file")
                        + ": append to it in its own format (--format)";
            }
        } catch (java.nio.file.NoSuchFileException e) {
            // Nothing to append to: a new file.
        } catch (IOException e) {
            return "cannot read " + out + ": " + e.getMessage();
        }
        if (java.nio.file.Files.exists(out) && !append && !force) {
            return out + " exists: give --append to add to it or --force to overwrite it";
        }
        return null;
    }
}
