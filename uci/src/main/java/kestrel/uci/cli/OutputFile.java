package kestrel.uci.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before any work, that a command may write its output file where it was told to: a training run or a
 * datagen that finds out only at its end that the folder is missing has wasted its hours.
 */
final class OutputFile {
    private OutputFile() {
    }

    /**
     * What forbids writing {@code out}, or null: a file already there that may not be replaced, or a folder that does
     * not exist.
     */
    static String problem(Path out, boolean mayReplace) {
        if (Files.exists(out) && !mayReplace) {
            return out + " exists (use --force to overwrite it)";
        }
        return folderProblem(out);
    }

    /** What is wrong with the folder {@code out} would be written to, or null when it exists. */
    static String folderProblem(Path out) {
        Path folder = out.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            return "cannot write " + out + ": the folder " + folder + " does not exist";
        }
        return null;
    }
}
