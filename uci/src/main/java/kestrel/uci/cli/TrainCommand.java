package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.training.EpochReport;
import kestrel.engine.nnue.training.FloatNetwork;
import kestrel.engine.nnue.training.HandcraftedBaseline;
import kestrel.engine.nnue.training.LambdaSchedule;
import kestrel.engine.nnue.training.LearningRateSchedule;
import kestrel.engine.nnue.training.Trainer;
import kestrel.engine.nnue.training.TrainingData;
import kestrel.engine.nnue.training.TrainingListener;
import kestrel.engine.nnue.training.TrainingSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel train --data FILE... --out NET}: trains a network on datagen files and writes it, quantized, after
 * every epoch or superbatch (so an interrupted run leaves the last one's network). Progress goes to stderr.
 */
@Command(name = "train", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Trains an NNUE network on training records (as 'kestrel datagen' writes them) and writes "
                + "the quantized network. Deterministic for the same data, options and thread count. The defaults "
                + "are the recipe of nets 7 and 8, the first networks to ship; the built-in network, "
                + BuiltInNetwork.NAME + ", adds " + TrainingSettings.BUILT_IN_NETWORK_OPTIONS
                + ". docs/nnue.md says how to reproduce it and gives the field's recipe to try.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the network was written",
            "2:bad option, unreadable data, an output that exists or an output folder that does not"},
        footer = {"", "See docs/nnue.md for the network, the file formats and how to reproduce a network."})
public final class TrainCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--data", required = true, arity = "1..*", paramLabel = "FILE",
            description = "Training data files: record files (32 bytes a position) or game files, told apart by "
                    + "their first bytes.")
    private List<Path> data;

    @Option(names = "--out", required = true, paramLabel = "NET", description = "The network file to write.")
    private Path out;

    @Option(names = "--resume", description = "Take up a run that was cut off from the checkpoint it left, NET"
            + ".checkpoint, given the same data and options: it ends with the same network as a run never cut off. "
            + "Every run writes that file after each epoch (or superbatch) and removes it when done.")
    private boolean resume;

    @Option(names = "--force", description = "Overwrite NET if it exists.")
    private boolean force;

    @Option(names = "--hidden", paramLabel = "N", defaultValue = "" + TrainingSettings.DEFAULT_HIDDEN,
            description = "Hidden neurons per perspective (default: ${DEFAULT-VALUE}).")
    private int hidden;

    @Option(names = "--epochs", paramLabel = "N", defaultValue = "" + TrainingSettings.DEFAULT_EPOCHS,
            description = "Passes over the data, the periods of the schedules (default: ${DEFAULT-VALUE}; not with "
                    + "--superbatches).")
    private int epochs;

    @Option(names = "--superbatches", paramLabel = "N", defaultValue = "0",
            description = "Train N superbatches of --superbatch-batches full batches each instead of epochs, passing "
                    + "over the data as often as they take; the schedules, the validation loss and --keep-best go by "
                    + "superbatch (default: 0, count epochs).")
    private int superbatches;

    @Option(names = "--superbatch-batches", paramLabel = "N",
            defaultValue = "" + TrainingSettings.DEFAULT_SUPERBATCH_BATCHES,
            description = "Batches in a superbatch (default: ${DEFAULT-VALUE}, Bullet's: 100,007,936 positions at "
                    + "batch 16384).")
    private int superbatchBatches;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "" + TrainingSettings.DEFAULT_BATCH,
            description = "Positions per optimizer step (default: ${DEFAULT-VALUE}).")
    private int batch;

    @Option(names = "--lr", paramLabel = "RATE", defaultValue = "" + TrainingSettings.DEFAULT_LEARNING_RATE,
            description = "Adam's learning rate in the first epoch or superbatch (default: ${DEFAULT-VALUE}).")
    private double learningRate;

    @Option(names = "--lr-schedule", paramLabel = "SHAPE", defaultValue = "exponential",
            description = "How the learning rate falls over the epochs or superbatches: exponential (times "
                    + "--lr-decay after each), cosine (half a cosine down to --lr-final-fraction of the start in the "
                    + "last), step (--lr-steps equal stages, the last at --lr-final-fraction) (default: "
                    + "${DEFAULT-VALUE}).")
    private String learningRateSchedule;

    @Option(names = "--lr-decay", paramLabel = "FACTOR",
            defaultValue = "" + TrainingSettings.DEFAULT_LEARNING_RATE_DECAY,
            description = "exponential: the learning rate multiplied by this after each epoch or superbatch "
                    + "(default: ${DEFAULT-VALUE}).")
    private double learningRateDecay;

    @Option(names = "--lr-final-fraction", paramLabel = "FRACTION",
            defaultValue = "" + TrainingSettings.DEFAULT_LEARNING_RATE_FINAL_FRACTION,
            description = "cosine and step: the last epoch's or superbatch's share of the start rate (default: "
                    + "${DEFAULT-VALUE}).")
    private double learningRateFinalFraction;

    @Option(names = "--lr-steps", paramLabel = "N", defaultValue = "" + TrainingSettings.DEFAULT_LEARNING_RATE_STEPS,
            description = "step: stages of equal length, each a constant factor below the one before (default: "
                    + "${DEFAULT-VALUE}).")
    private int learningRateSteps;

    @Option(names = "--lambda", paramLabel = "LAMBDA", defaultValue = "" + TrainingSettings.DEFAULT_LAMBDA,
            description = "Weight of the game result in the target, 0 .. 1: target = LAMBDA * result + (1 - LAMBDA) "
                    + "* sigmoid(score / 400); the start of the schedule with --lambda-end (default: "
                    + "${DEFAULT-VALUE}; --wdl, its old name, still works).")
    private double lambda;

    /** {@code --lambda}'s old name, kept so that the command lines in docs/nnue.md still run; not in the help. */
    @Option(names = "--wdl", paramLabel = "LAMBDA", hidden = true)
    private Double wdl;

    @Option(names = "--lambda-end", paramLabel = "LAMBDA",
            description = "Lambda in the last epoch or superbatch, on a straight line from --lambda; the validation "
                    + "loss is measured with it (default: --lambda, a constant).")
    private Double lambdaEnd;

    /** {@code --result-scale}'s word for the scale fitted to the training positions. */
    private static final String FIT = "fit";

    @Option(names = "--result-scale", paramLabel = "K|fit",
            defaultValue = "" + (int) TrainingSettings.DEFAULT_RESULT_SCALE,
            description = "Centipawns per unit of the sigmoid through which the game-result term of the loss reads "
                    + "the network: (1 - LAMBDA) (sigmoid(out) - sigmoid(score / 400))^2 + LAMBDA (sigmoid(out * 400 / "
                    + "K) - result)^2, 50 .. 2000. 'fit' takes the K at which sigmoid(score / K) predicts the "
                    + "training positions' results best, so that the result does not stretch the evaluation's scale "
                    + "(default: ${DEFAULT-VALUE}, the plain blend).")
    private String resultScale;

    @Option(names = "--threads", paramLabel = "N", description = "Threads (default: available processors).")
    private Integer threads;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + TrainingSettings.DEFAULT_SEED,
            description = "Seed of the initial weights and the shuffles (default: "
                    + "${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--validation", paramLabel = "FRACTION", defaultValue = "" + TrainingSettings.DEFAULT_VALIDATION,
            description = "Share of the positions, the last ones (whole games), held out for the validation loss "
                    + "(default: ${DEFAULT-VALUE}).")
    private double validation;

    @Option(names = "--max-score", paramLabel = "CP", defaultValue = "" + TrainingSettings.DEFAULT_MAX_SCORE,
            description = "Positions scored at or beyond this many centipawns are left out (default: "
                    + "${DEFAULT-VALUE}).")
    private int maxScore;

    @Option(names = "--factorise", negatable = true, defaultValue = "" + TrainingSettings.DEFAULT_FACTORISED,
            fallbackValue = "true", description = "Train each piece kind's weights shared by all its squares beside "
            + "each square's own; the network written has the same shape (default: on; --no-factorise turns it off).")
    private boolean factorised;

    @Option(names = "--mirror", negatable = true, defaultValue = "" + TrainingSettings.DEFAULT_MIRROR,
            fallbackValue = "true", description = "Each pass over the data, train on a seeded half of the positions "
            + "mirrored left to right (files a and h swapped): twice the positions for the network, which does not see "
            + "castling (default: on, off with --king-mirror; --no-mirror turns it off).")
    private boolean mirror;

    @Option(names = "--king-mirror", description = "Mirror each side's view of the board left to right while its "
            + "king is on files e-h, so the first layer learns king positions on files a-d only; the engine refreshes "
            + "that side's accumulator when its king crosses between d and e. Writes format version 2. Turns "
            + "--mirror off by default (a position and its mirror image are then the same inputs; --mirror with it "
            + "is refused).")
    private boolean kingMirror;

    @Option(names = "--output-buckets", paramLabel = "N", defaultValue = "" + TrainingSettings.DEFAULT_OUTPUT_BUCKETS,
            description = "Output heads chosen by the number of pieces on the board, bucket (pieces - 2) * N / 32 "
                    + "(8: one per 4 pieces), 1 .. 32; above 1 writes format version 2 (default: ${DEFAULT-VALUE}).")
    private int outputBuckets;

    @Option(names = "--king-buckets", paramLabel = "LAYOUT", defaultValue = "none",
            description = "King input buckets: each side's own king square picks one of K sets of inputs. 'none' (one "
                    + "set) or 'four' (a1-b1, c1-d1, ranks 2-3, ranks 4-8, as a king-mirrored side sees its king); "
                    + "more than one writes format version 3 (default: ${DEFAULT-VALUE}).")
    private String kingBuckets;

    @Option(names = "--weight-decay", paramLabel = "D", defaultValue = "" + TrainingSettings.DEFAULT_WEIGHT_DECAY,
            description = "Decoupled weight decay (AdamW): each step shrinks every weight by the factor 1 - lr * D "
                    + "before its gradient step, so the network leans less on what only a few training games show "
                    + "(default: ${DEFAULT-VALUE}, plain Adam).")
    private double weightDecay;

    @Option(names = "--keep-best", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Write the network only after an epoch (or superbatch) that lowers the validation loss, so "
                    + "NET ends as the best one's rather than the last's (default: on when there are validation "
                    + "positions; --no-keep-best writes every one's).")
    private boolean keepBest;

    /** The lowest validation loss written so far, and its epoch or superbatch (with --keep-best). */
    private double bestLoss = Double.POSITIVE_INFINITY;
    private int bestEpoch;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        TrainingSettings asked;
        try {
            asked = settings();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        Path checkpoint = checkpointFile();
        if (resume && !Files.exists(checkpoint)) {
            err.println("error: " + checkpoint + " does not exist: there is no run to resume");
            return ExitCodes.BAD_INPUT;
        }
        String outputProblem = OutputFile.problem(out, force || resume);
        if (outputProblem != null) {
            err.println("error: " + outputProblem);
            return ExitCodes.BAD_INPUT;
        }
        TrainingData positions;
        try {
            positions = TrainingData.load(data, asked.maxScore());
        } catch (IOException e) {
            err.println("error: cannot read the data: " + e);
            return ExitCodes.BAD_INPUT;
        }
        if (keepBest && asked.validationCount(positions.size()) == 0) {
            // On by default, so only a --keep-best the user asked for is an error without validation positions.
            if (spec.commandLine().getParseResult().hasMatchedOption("--keep-best")) {
                err.println("error: --keep-best needs validation positions (--validation above 0, and enough data)");
                return ExitCodes.BAD_INPUT;
            }
            keepBest = false;
        }
        int trainingCount = positions.size() - asked.validationCount(positions.size());
        TrainingSettings settings = FIT.equals(resultScale) && trainingCount > 0
                ? asked.withResultScale(Math.round(positions.fittedResultScale(sample(trainingCount)))) : asked;
        err.println(String.format(Locale.ROOT, "%d positions loaded, %d left out (|score| >= %d or malformed)%s",
                positions.size(), positions.skipped(), settings.maxScore(),
                positions.partialBytes() > 0 ? ", " + positions.partialBytes() + " bytes of partial records ignored"
                        : ""));
        String periods = settings.countsSuperbatches() ? String.format(Locale.ROOT,
                "%d superbatches of %d batches (%,d positions each)", settings.superbatches(),
                settings.superbatchBatches(), settings.superbatchPositions()) : settings.epochs() + " epochs";
        String lambdas = settings.lambda().isConstant() ? "" + settings.lambda().start()
                : settings.lambda().start() + " to " + settings.lambda().end();
        err.println(String.format(Locale.ROOT, "hidden %d, %s, batch %d, lr %s (%s), lambda %s, %d threads, seed %d, "
                        + "validation %s%s%s%s%s%s%s", settings.hidden(), periods, settings.batchSize(),
                settings.learningRate(), settings.learningRateSchedule().describe(periodName(settings)), lambdas,
                settings.threads(), settings.seed(), settings.validationFraction(),
                settings.factorised() ? ", factorised" : "", settings.mirror() ? ", mirrored halves" : "",
                settings.kingMirror() ? ", king mirroring" : "",
                settings.kingBuckets().count() > 1 ? ", " + settings.kingBuckets().count() + " king buckets ("
                        + settings.kingBuckets().name() + ")" : "",
                settings.outputBuckets() > 1 ? ", " + settings.outputBuckets() + " output buckets" : "",
                settings.weightDecay() > 0 ? ", weight decay " + settings.weightDecay() : ""));
        if (settings.resultScale() != TrainingSettings.DEFAULT_RESULT_SCALE || FIT.equals(resultScale)) {
            err.println(String.format(Locale.ROOT, "result scale %.0f%s", settings.resultScale(),
                    FIT.equals(resultScale) ? " (fitted to the training positions' results)" : ""));
        }
        double baseline = HandcraftedBaseline.validationLoss(positions, settings);
        if (!Double.isNaN(baseline)) {
            err.println(String.format(Locale.ROOT, "handcrafted evaluation on the validation positions: loss %.6f",
                    baseline));
        }
        err.flush();
        TrainingListener listener = new TrainingListener() {
            @Override
            public void onEpoch(EpochReport report, FloatNetwork network) {
                TrainCommand.this.onEpoch(err, settings, report, network);
            }

            @Override
            public void onResume(int period, double bestLoss, int bestPeriod) {
                bestEpoch = bestPeriod;
                TrainCommand.this.bestLoss = bestLoss;
                err.println(String.format(Locale.ROOT, "resumed from %s after %s %d%s", checkpoint,
                        periodName(settings), period, bestPeriod == 0 ? "" : String.format(Locale.ROOT,
                                " (best validation loss %.6f, %s %d)", bestLoss, periodName(settings), bestPeriod)));
                err.flush();
            }
        };
        try {
            new Trainer(settings, listener, checkpoint, resume).train(positions);
        } catch (UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (UncheckedSaveException e) {
            err.println("error: cannot write " + out + ": " + e.getCause());
            return ExitCodes.BAD_INPUT;
        }
        spec.commandLine().getOut().println("wrote " + out + (keepBest ? String.format(Locale.ROOT,
                " (%s %d, validation loss %.6f)", periodName(settings), bestEpoch, bestLoss) : ""));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    /**
     * The settings the options ask for; an option that belongs to another schedule or to the other way of counting
     * is refused rather than silently ignored.
     */
    private TrainingSettings settings() {
        ParseResult parsed = spec.commandLine().getParseResult();
        LearningRateSchedule.Kind kind = LearningRateSchedule.Kind.fromOptionName(learningRateSchedule);
        refuseUnless(kind == LearningRateSchedule.Kind.EXPONENTIAL, parsed, "--lr-decay",
                "belongs to --lr-schedule exponential");
        refuseUnless(kind != LearningRateSchedule.Kind.EXPONENTIAL, parsed, "--lr-final-fraction",
                "belongs to --lr-schedule cosine or step");
        refuseUnless(kind == LearningRateSchedule.Kind.STEP, parsed, "--lr-steps", "belongs to --lr-schedule step");
        refuseUnless(superbatches == 0, parsed, "--epochs", "and --superbatches exclude each other");
        refuseUnless(superbatches > 0, parsed, "--superbatch-batches", "needs --superbatches");
        refuseUnless(!parsed.hasMatchedOption("--lambda"), parsed, "--wdl", "is --lambda's old name: give one of them");
        // Mirrored halves are on by default; king mirroring turns them off unless asked for, which is refused.
        refuseUnless(!kingMirror || !mirror, parsed, "--mirror", "means nothing with --king-mirror: a king-mirrored "
                + "network sees a position and its mirror image as the same inputs (--no-mirror, or leave it out)");
        boolean mirrorHalves = mirror && !kingMirror;
        LearningRateSchedule schedule = switch (kind) {
            case EXPONENTIAL -> LearningRateSchedule.exponential(learningRateDecay);
            case COSINE -> LearningRateSchedule.cosine(learningRateFinalFraction);
            case STEP -> LearningRateSchedule.step(learningRateFinalFraction, learningRateSteps);
        };
        double lambdaStart = wdl == null ? lambda : wdl;
        double scale;
        if (FIT.equals(resultScale)) {
            scale = TrainingSettings.DEFAULT_RESULT_SCALE; // Fitted once the data is loaded.
        } else {
            try {
                scale = Double.parseDouble(resultScale);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--result-scale takes a number of centipawns or 'fit', not '"
                        + resultScale + "'");
            }
        }
        return new TrainingSettings(hidden, superbatches > 0 ? 0 : epochs, superbatches, superbatchBatches, batch,
                learningRate, schedule, new LambdaSchedule(lambdaStart, lambdaEnd == null ? lambdaStart : lambdaEnd),
                threads == null ? Runtime.getRuntime().availableProcessors() : threads, seed, validation, maxScore,
                factorised, mirrorHalves, kingMirror, outputBuckets, scale, KingBuckets.named(kingBuckets),
                weightDecay);
    }

    /** Where the run's checkpoint goes: beside the network, NET.checkpoint. */
    private Path checkpointFile() {
        Path absolute = out.toAbsolutePath();
        return absolute.resolveSibling(absolute.getFileName() + ".checkpoint");
    }

    /** At most about a million of the first {@code count} positions, evenly spread: enough to fit one number. */
    private static int[] sample(int count) {
        int stride = Math.max(1, count / 1_000_000);
        int[] positions = new int[(count + stride - 1) / stride];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i * stride;
        }
        return positions;
    }

    private static void refuseUnless(boolean allowed, ParseResult parsed, String option, String why) {
        if (!allowed && parsed.hasMatchedOption(option)) {
            throw new IllegalArgumentException(option + " " + why);
        }
    }

    private static String periodName(TrainingSettings settings) {
        return settings.countsSuperbatches() ? "superbatch" : "epoch";
    }

    private void onEpoch(PrintWriter err, TrainingSettings settings, EpochReport report, FloatNetwork network) {
        err.println(String.format(Locale.ROOT, "%s %d/%d  train loss %.6f  validation loss %s  %.0f pos/s  lr %.6g%s%s",
                periodName(settings), report.epoch(), report.epochs(), report.trainLoss(),
                Double.isNaN(report.validationLoss()) ? "-" : String.format(Locale.ROOT, "%.6f",
                        report.validationLoss()), report.positionsPerSecond(), report.learningRate(),
                settings.lambda().isConstant() ? "" : String.format(Locale.ROOT, "  lambda %.4f", report.lambda()),
                settings.countsSuperbatches() ? String.format(Locale.ROOT, "  passes %.2f", report.passes()) : ""));
        err.flush();
        if (keepBest) {
            if (!(report.validationLoss() < bestLoss)) {
                return;
            }
            bestLoss = report.validationLoss();
            bestEpoch = report.epoch();
        }
        try {
            // Written beside the target and moved over it, so a reader never sees half a network.
            Path absolute = out.toAbsolutePath();
            Path temporary = absolute.resolveSibling(absolute.getFileName() + ".part");
            Files.write(temporary, NetworkFile.toBytes(network.quantize()));
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedSaveException(e);
        }
    }

    /** A failed write of the network, carried out of the trainer's callback. */
    private static final class UncheckedSaveException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UncheckedSaveException(IOException cause) {
            super(cause);
        }
    }
}
