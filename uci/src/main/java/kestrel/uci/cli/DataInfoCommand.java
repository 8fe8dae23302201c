package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.nnue.games.TrainingFileConversion;
import kestrel.engine.nnue.games.TrainingFileReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kestrel data info FILE...}: the format, positions and records' SHA-256 of training-data files. */
@Command(name = "info", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Prints, for each training-data file, its format, positions (and games), bytes a position "
                + "and the SHA-256 of its records as a record file holds them, the same for a file and its "
                + "conversion.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every file was read", "2:a file could not be read"})
public final class DataInfoCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Record or game files.")
    private List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (Path file : files) {
            TrainingFileConversion.Summary summary;
            try {
                summary = TrainingFileConversion.inspect(file);
            } catch (IOException e) {
                err.println("error: cannot read " + file + ": " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            boolean games = summary.from() == TrainingFileReader.Format.GAMES;
            out.println(String.format(Locale.ROOT, "%s: %s, %d positions%s, %d bytes, %.2f bytes a position%s, "
                            + "records SHA-256 %s", file, games ? "games" : "records", summary.records(),
                    games ? String.format(Locale.ROOT, " in %d games%s", summary.games(), summary.rawRecords() > 0
                            ? " and " + summary.rawRecords() + " raw" : "") : "", summary.inputBytes(),
                    DataConvertCommand.perPosition(summary.inputBytes(), summary.records()),
                    summary.partialBytes() > 0 ? ", " + summary.partialBytes() + " bytes of a partial "
                            + (games ? "game" : "record") + " at the end" : "", summary.sha256()));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
