package kestrel.engine;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Why a file could not be read, in words for the user. Java's file exceptions carry the path as their message, so
 * "cannot read X: " + the message would name the file twice and the reason never.
 */
public final class FileProblem {
    private FileProblem() {
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
