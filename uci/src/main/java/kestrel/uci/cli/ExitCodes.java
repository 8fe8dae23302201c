package kestrel.uci.cli;

/** The exit codes of the command-line subcommands, as their help lists them. */
final class ExitCodes {
    /** Done: the counts, moves or measurements were printed and every check passed. */
    static final int OK = 0;
    /** A check failed: a perft suite line or a bench count was wrong. */
    static final int FAILED = 1;
    /** Bad input: an option, FEN, move or file that cannot be used (Picocli's own usage errors give 2 as well). */
    static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
