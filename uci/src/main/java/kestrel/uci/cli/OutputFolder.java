package kestrel.uci.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before any work, that a command can write its output file where it was told to: a training run or a
 * datagen that finds out only at its end that the folder is missing has wasted its hours.
 */
final class OutputFolder {
    private OutputFolder() {
    }

    /** What is wrong with the folder {@code out} would be written to, or null when it exists. */
    static String problem(Path out) {
        Path folder = out.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            return "cannot write " + out + ": the folder " + folder + " does not exist";
        }
        return null;
    }
}
