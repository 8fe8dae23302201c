package kestrel.uci.cli;

/** The exit codes of the command-line subcommands, as their help lists them. */
final class ExitCodes {
    /** Done: the counts, moves or measurements were printed and every check passed. */
    static final int OK = 0;
    /** A check failed: a perft suite line, a bench count, or a count of the engine under test was wrong. */
    static final int FAILED = 1;
    /** Bad input: an option, FEN, move or file that cannot be used (Picocli's own usage errors give 2 as well). */
    static final int BAD_INPUT = 2;
    /** The engine under test of {@code perft --against} could not be started, ended, timed out or answered garbage. */
    static final int ENGINE_FAILED = 3;

    private ExitCodes() {
    }
}
