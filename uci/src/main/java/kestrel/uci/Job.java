package kestrel.uci;

/**
 * One unit of work on the search thread (a search, a perft, a bench) as the reader thread sees it: something to
 * stop, to tell that the opponent played the pondered move, and that may not announce its best move yet.
 *
 * <p>UCI forbids {@code bestmove} while pondering or in an infinite search, even when the search itself has ended
 * (a mate found, a depth reached): it waits for {@code ponderhit} or {@code stop}. {@link #awaitRelease} is that
 * wait.
 */
final class Job {
    private final boolean chess960;
    private final boolean infinite;
    private boolean pondering;
    private boolean stopRequested;
    /** Search thread only: the ponderhit has reached the running search. */
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

    synchronized void requestStop() {
        stopRequested = true;
        notifyAll();
    }

    synchronized boolean isStopRequested() {
        return stopRequested;
    }

    /** The pondered move was played: the search now runs on its clock. False when the job was not pondering. */
    synchronized boolean ponderHit() {
        if (!pondering) {
            return false;
        }
        pondering = false;
        notifyAll();
        return true;
    }

    synchronized boolean isPondering() {
        return pondering;
    }

    /**
     * True once, on the search thread, for a ponderhit the running search may have missed because it came before
     * the search had started listening; the caller passes it on again.
     */
    synchronized boolean takeUndeliveredPonderHit() {
        if (pondering || ponderHitDelivered) {
            return false;
        }
        ponderHitDelivered = true;
        return true;
    }

    /**
     * Search thread, before the search starts: true when the ponderhit has already come, so the search can start
     * as a normal one; it then counts as delivered.
     */
    synchronized boolean takePonderHitBeforeStart() {
        if (pondering) {
            return false;
        }
        ponderHitDelivered = true;
        return true;
    }

    /** Waits until the best move may be sent: at once, or after ponderhit (when pondering) or stop. */
    synchronized void awaitRelease() throws InterruptedException {
        while (!stopRequested && (pondering || infinite)) {
            wait();
        }
    }
}
