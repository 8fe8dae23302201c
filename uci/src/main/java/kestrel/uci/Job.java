package kestrel.uci;

import kestrel.engine.search.Search;
import kestrel.engine.search.SearchLimits;

/**
 * One unit of work on the search thread (a search, a perft, a bench) as the reader thread sees it: something to
 * stop, to tell that the opponent played the pondered move, and that may not announce its best move yet.
 *
 * <p>A job is queued, then (for a search) running inside {@link Search#run}, then done. Stop and ponderhit are
 * passed on to the {@link Search} only while the job's search runs: a signal given to a search that has not started
 * or has already returned would outlive it and cut short the next search. What arrives while the job is queued is
 * folded into its limits when it starts ({@link #start}).
 *
 * <p>UCI forbids {@code bestmove} while pondering or in an infinite search, even when the search itself has ended
 * (a mate found, a depth reached): it waits for {@code ponderhit} or {@code stop}. {@link #awaitRelease} is that
 * wait.
 */
final class Job {
    private enum State {
        QUEUED, SEARCHING, DONE
    }

    private final boolean chess960;
    private final boolean infinite;
    private State state = State.QUEUED;
    private boolean pondering;
    private boolean stopRequested;
    /** The bestmove has been sent (see {@link #answerOnce}). */
    private boolean answered;
    /** The ponderhit has surely reached the search (search thread only, see {@link #takeUndeliveredPonderHit}). */
    private boolean ponderHitDelivered;

    Job(boolean chess960, boolean pondering, boolean infinite) {
        this.chess960 = chess960;
        this.pondering = pondering;
        this.infinite = infinite;
        // Only a ponder search ever has a ponderhit to deliver.
        this.ponderHitDelivered = !pondering;
    }

    /** Castling as king-takes-rook in the moves this job writes. */
    boolean chess960() {
        return chess960;
    }

    /** Stops the job; its search, if running, is told at once. */
    synchronized void requestStop(Search search) {
        stopRequested = true;
        if (state == State.SEARCHING) {
            search.stop();
        }
        notifyAll();
    }

    synchronized boolean isStopRequested() {
        return stopRequested;
    }

    /**
     * The pondered move was played: the search now runs on its clock, and is told at once if running. False when
     * the job was not pondering.
     */
    synchronized boolean ponderHit(Search search) {
        if (!pondering) {
            return false;
        }
        pondering = false;
        if (state == State.SEARCHING) {
            search.ponderHit();
        }
        notifyAll();
        return true;
    }

    /**
     * Search thread, just before {@link Search#run}: folds into the limits what happened while the job was queued
     * (after a ponderhit it is a normal search; after a stop, a one-ply search so the move comes at once), and from
     * now on passes signals to the search.
     */
    synchronized void start(SearchLimits limits) {
        if (stopRequested) {
            limits.depth(1).infinite(false).ponder(false);
            ponderHitDelivered = true;
        } else if (limits.ponder() && !pondering) {
            limits.ponder(false);
            ponderHitDelivered = true;
        }
        state = State.SEARCHING;
    }

    /** Search thread, once {@link Search#run} has returned: signals are no longer passed on. */
    synchronized void finish() {
        state = State.DONE;
    }

    /**
     * Search thread, from inside the search: true once for a ponderhit that may have reached the search in the
     * instant before it started listening. Passing it on again is harmless for a search that already has it.
     */
    synchronized boolean takeUndeliveredPonderHit() {
        if (pondering || ponderHitDelivered) {
            return false;
        }
        ponderHitDelivered = true;
        return true;
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

    /** Waits until the best move may be sent: at once, or after ponderhit (when pondering) or stop. */
    synchronized void awaitRelease() throws InterruptedException {
        while (!stopRequested && (pondering || infinite)) {
            wait();
        }
    }
}
