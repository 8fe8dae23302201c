package kestrel.perft;

/**
 * The totals of a suite run.
 *
 * @param passed  lines whose every checked count was right
 * @param failed  lines with a wrong count or that could not be read
 * @param skipped lines with nothing to check up to the run's maximum depth
 * @param nodes   leaves counted in all
 * @param nanos   time taken
 */
public record SuiteSummary(int passed, int failed, int skipped, long nodes, long nanos) {
    /** The closing line of a suite run, exactly {@code N passed, M failed}. */
    public String summaryLine() {
        return passed + " passed, " + failed + " failed";
    }

    public boolean allPassed() {
        return failed == 0;
    }
}
