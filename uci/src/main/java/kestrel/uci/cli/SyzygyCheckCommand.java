package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.FileProblem;
import kestrel.engine.syzygy.TableChecksum;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel syzygy-check FOLDER...}: every Syzygy table file of the folders checked against the checksum it ends
 * with, all of them whatever their size (the engine's own check at {@code SyzygyPath} reads at most 4 GiB a set).
 */
@Command(name = "syzygy-check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Checks every Syzygy table file (.rtbw, .rtbz) of the folders against the checksum it ends "
                + "with, one line a file, then a total.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every file matched its checksum (or carries none)",
            "1:a file is damaged or could not be read", "2:a folder could not be read"})
public final class SyzygyCheckCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FOLDER", description = "Folders of table files.")
    private List<Path> folders;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> files = new ArrayList<>();
        for (Path folder : folders) {
            try (DirectoryStream<Path> tables = Files.newDirectoryStream(folder, "*.{rtbw,rtbz}")) {
                tables.forEach(files::add);
            } catch (IOException e) {
                err.println("error: cannot read folder " + folder + ": " + FileProblem.ofReading(e));
                return ExitCodes.BAD_INPUT;
            }
        }
        files.sort(null);
        TableChecksum checksum = new TableChecksum();
        int bad = 0;
        int unchecked = 0;
        long bytes = 0;
        long start = System.nanoTime();
        for (Path file : files) {
            String verdict;
            try {
                if (!Files.isRegularFile(file)) {
                    verdict = "not a regular file";
                    bad++;
                } else {
                    bytes += Files.size(file);
                    switch (checksum.check(file)) {
                        case MATCHES -> verdict = "ok";
                        case NONE -> {
                            verdict = "carries no checksum";
                            unchecked++;
                        }
                        default -> {
                            verdict = "DAMAGED: its contents do not match the checksum it ends with";
                            bad++;
                        }
                    }
                }
            } catch (IOException e) {
                verdict = "cannot be read: " + FileProblem.ofReading(e);
                bad++;
            }
            out.println(file + ": " + verdict);
            out.flush();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(String.format(Locale.ROOT, "%d files, %,d bytes in %.1f s: %d damaged or unreadable, %d without a "
                + "checksum", files.size(), bytes, seconds, bad, unchecked));
        out.flush();
        return bad == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
