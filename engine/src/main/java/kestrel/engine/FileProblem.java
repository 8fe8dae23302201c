package kestrel.engine;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Why a file could not be read, in words for the user. Java's file exceptions carry the path as their message, so
 * "cannot read X: " + the message would name the file twice and the reason never.
 */
public final class FileProblem {
    /** Why a mapped file (a book, a Syzygy table) is no longer used: {@link #cutShort} found it shorter. */
    public static final String CUT_WHILE_IN_USE = "the file was cut short or changed while in use";

    private FileProblem() {
    }

    /**
     * Whether {@code file} is now shorter than the {@code mappedBytes} of it that were mapped: cut short in place, so
     * a read of the mapping past its new end is a SIGBUS, which the JVM throws as an {@code InternalError}, in
     * compiled code not always at the read. A file gone by its name is not: its mapping stays valid. One
     * {@code stat}.
     */
    public static boolean cutShort(Path file, long mappedBytes) {
        try {
            return Files.size(file) < mappedBytes;
        } catch (IOException e) {
            return false;
        }
    }

    /** The reason reading a file failed: {@code no such file}, {@code permission denied}, or the system's words. */
    public static String ofReading(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fileProblem && fileProblem.getReason() != null) {
            return fileProblem.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
