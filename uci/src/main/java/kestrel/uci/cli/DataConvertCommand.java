package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.nnue.games.TrainingFileConversion;
import kestrel.engine.nnue.games.TrainingFileReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kestrel data convert IN OUT}: a record file into a game file, or a game file into a record file. */
@Command(name = "convert", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Converts a training-data file into the other format, chosen by what IN is: a record file "
                + "becomes a game file (its consecutive records joined into games; checked by reading it back as the "
                + "same records), a game file becomes the record file it holds, byte for byte. Prints what it did.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:converted",
            "1:the output could not be written",
            "2:unreadable input, an output that exists or an output folder that does not"})
public final class DataConvertCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The file to convert.")
    private Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "The file to write.")
    private Path out;

    @Option(names = "--force", description = "Overwrite OUT if it exists.")
    private boolean force;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(in)) {
            err.println("error: no such file: " + in);
            return ExitCodes.BAD_INPUT;
        }
        String outputProblem = OutputFile.problem(out, force);
        if (outputProblem != null) {
            err.println("error: " + outputProblem);
            return ExitCodes.BAD_INPUT;
        }
        long start = System.nanoTime();
        TrainingFileConversion.Summary summary;
        try {
            summary = TrainingFileConversion.convert(in, out);
        } catch (IOException | IllegalStateException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.FAILED;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        PrintWriter printed = spec.commandLine().getOut();
        boolean toGames = summary.from() == TrainingFileReader.Format.RECORDS;
        printed.println(String.format(Locale.ROOT, "%s -> %s: %d positions, %d games%s, %d -> %d bytes "
                        + "(%.2f -> %.2f bytes a position), %.1f s", in, out, summary.records(), summary.games(),
                summary.rawRecords() > 0 ? ", " + summary.rawRecords() + " records raw" : "", summary.inputBytes(),
                summary.outputBytes(), perPosition(summary.inputBytes(), summary.records()),
                perPosition(summary.outputBytes(), summary.records()), seconds));
        if (toGames) {
            printed.println(String.format(Locale.ROOT, "%d records joined to the one before by the moves between "
                    + "them, %d searches for them given up", summary.links(), summary.givenUp()));
        }
        if (summary.partialBytes() > 0) {
            printed.println(summary.partialBytes() + " bytes at the end of " + in
                    + " made no whole record or game and were left out");
        }
        printed.println("records SHA-256 " + summary.sha256());
        printed.flush();
        return ExitCodes.OK;
    }

    static double perPosition(long bytes, long records) {
        return records == 0 ? 0 : (double) bytes / records;
    }
}
