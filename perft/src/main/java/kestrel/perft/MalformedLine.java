package kestrel.perft;

/**
 * A suite line that could not be read; it counts as a failure.
 *
 * @param lineNumber where it stands in the file, from 1
 * @param problem    what is wrong with it, for the user
 */
public record MalformedLine(int lineNumber, String problem) implements SuiteLine {
}
