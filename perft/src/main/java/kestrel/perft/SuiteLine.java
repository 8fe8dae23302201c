package kestrel.perft;

/** One meaningful line of a perft suite file: a position with its counts, or a line that could not be read. */
public sealed interface SuiteLine permits PerftCase, MalformedLine {
    /** The line's number in its file, counting from 1. */
    int lineNumber();
}
