package kestrel.uci.protocol;

import kestrel.engine.search.SearchControl;

/**
 * One unit of work on the search thread (a search, a perft, a bench) as the reader thread sees it: its
 * {@link SearchControl}, made when the command arrives, before the job is even queued, so that {@code stop} and
 * {@code ponderhit} always have somewhere to go and can only reach this job, and its one {@code bestmove}.
 */
final class Job {
    private final boolean chess960;
    private final SearchControl control = new SearchControl();
    /** The bestmove has been sent (see {@link #answerOnce}). */
    private boolean answered;
    /** The job no longer counts as running (see {@link #end}). Guarded by the {@link SearchWorker}'s lock. */
    private boolean ended;

    Job(boolean chess960) {
        this.chess960 = chess960;
    }

    /** Castling as king-takes-rook in the moves this job writes. */
    boolean chess960() {
        return chess960;
    }

    /** The job's signals: stop and ponderhit go here, the search threads read them. */
    SearchControl control() {
        return control;
    }

    /**
     * Runs {@code answer} (sending the bestmove) unless an answer was already given: the search thread and, at quit,
     * the reader may both try, and the GUI must get exactly one. Under the job's lock, so a second caller waits
     * until the first answer is out and the bestmoves keep the order of their searches.
     */
    synchronized void answerOnce(Runnable answer) {
        if (answered) {
            return;
        }
        answered = true;
        answer.run();
    }

    /**
     * Marks the job as no longer running, for the {@link SearchWorker}, which calls it under its lock; true the
     * first time only, so that a job ended with its last lines is not ended again when its work returns.
     */
    boolean end() {
        if (ended) {
            return false;
        }
        ended = true;
        return true;
    }
}
