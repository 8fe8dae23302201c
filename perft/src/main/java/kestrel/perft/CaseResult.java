package kestrel.perft;

/** The outcome of checking one suite line, with the line of text a suite run prints for it. */
public sealed interface CaseResult {
    int lineNumber();

    /** Counts against the suite: a wrong count or an unreadable line. */
    boolean failed();

    /** Leaves counted while checking the line. */
    long nodes();

    /** One line for the user, starting with the suite line's number. */
    String describe();

    /** Every count checked was right. */
    record Passed(int lineNumber, String fen, int deepestChecked, long nodes) implements CaseResult {
        @Override
        public boolean failed() {
            return false;
        }

        @Override
        public String describe() {
            return "line " + lineNumber + ": ok up to D" + deepestChecked + " (" + fen + ")";
        }
    }

    /** The count at {@code depth}, the first wrong one, was {@code got} instead of {@code expected}. */
    record Failed(int lineNumber, String fen, int depth, long expected, long got, long nodes) implements CaseResult {
        @Override
        public boolean failed() {
            return true;
        }

        @Override
        public String describe() {
            return "line " + lineNumber + ": FAILED at D" + depth + ": expected " + expected + ", got " + got
                    + " (" + fen + ")";
        }
    }

    /** The line could not be read. */
    record Malformed(int lineNumber, String problem) implements CaseResult {
        @Override
        public boolean failed() {
            return true;
        }

        @Override
        public long nodes() {
            return 0;
        }

        @Override
        public String describe() {
            return "line " + lineNumber + ": malformed: " + problem;
        }
    }

    /** The line lists no count at or below the run's maximum depth, so nothing was checked. */
    record Skipped(int lineNumber, String fen, int maxDepth) implements CaseResult {
        @Override
        public boolean failed() {
            return false;
        }

        @Override
        public long nodes() {
            return 0;
        }

        @Override
        public String describe() {
            return "line " + lineNumber + ": skipped, no count up to D" + maxDepth + " (" + fen + ")";
        }
    }
}
