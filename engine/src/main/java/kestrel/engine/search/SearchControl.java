package kestrel.engine.search;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The signals of one search, shared by all its threads: made by the caller for each {@code go} before any search
 * thread starts, set from outside ({@link #stop}, {@link #ponderHit}) and read by every search thread. It is never
 * reused, so a signal can neither be lost (it waits in the control until the search reads it, however early it came)
 * nor reach another search (the next {@code go} has a control of its own).
 *
 * <p>It also adds up the nodes of all the threads ({@link #nodes}), and holds the result of a search that may not be
 * announced yet ({@link #awaitRelease}): the one place where {@code bestmove} waits.
 *
 * <p>The flags are volatile fields read without a lock on the search's hot path (every 1024 nodes); the setters also
 * take this object's lock, so that {@link #awaitRelease} wakes up. See docs/search.md.
 */
public final class SearchControl {
    private volatile boolean stopped;
    private volatile boolean ponderHit;
    /** When the ponder hit came; written before {@link #ponderHit}, so it is valid once that reads true. */
    private volatile long ponderHitNanos;
    /** The main thread has finished: the helpers unwind. */
    private volatile boolean finished;
    /** A thread saw the node total reach the node limit of {@code go nodes}. */
    private volatile boolean nodeLimitReached;
    private final AtomicLong nodes = new AtomicLong();
    private final AtomicLong tablebaseHits = new AtomicLong();

    /** Ends the search as soon as possible, and lets its result out of {@link #awaitRelease}. Any thread. */
    public synchronized void stop() {
        stopped = true;
        notifyAll();
    }

    public boolean isStopped() {
        return stopped;
    }

    /**
     * The opponent played the move pondered on: from now on the search keeps to its clock, counted from this
     * moment. Only the first call counts. Any thread; meaningless (and harmless) for a search that is not pondering.
     */
    public synchronized void ponderHit() {
        if (!ponderHit) {
            ponderHitNanos = System.nanoTime();
            ponderHit = true;
            notifyAll();
        }
    }

    public boolean isPonderHit() {
        return ponderHit;
    }

    /** {@link System#nanoTime} of the ponder hit; valid only once {@link #isPonderHit} is true. */
    public long ponderHitNanos() {
        return ponderHitNanos;
    }

    /** Nodes searched by all threads, as far as they have reported them (each does every 1024 nodes and at its end). */
    public long nodes() {
        return nodes.get();
    }

    /** A thread reports nodes it searched; returns the new total. */
    long addNodes(long count) {
        return nodes.addAndGet(count);
    }

    /** Successful tablebase probes of all threads, as far as they have reported them (as for {@link #nodes}). */
    public long tablebaseHits() {
        return tablebaseHits.get();
    }

    void addTablebaseHits(long count) {
        tablebaseHits.addAndGet(count);
    }

    /** The main thread is done: the helper threads stop. */
    void finish() {
        finished = true;
    }

    boolean isFinished() {
        return finished;
    }

    void reachNodeLimit() {
        nodeLimitReached = true;
    }

    boolean isNodeLimitReached() {
        return nodeLimitReached;
    }

    /**
     * Waits until the result of a search with these limits may be announced: at once for an ordinary search; after
     * {@link #stop} for an infinite one; after {@link #ponderHit} or {@link #stop} while pondering. UCI forbids
     * {@code bestmove} before that even when the search itself has ended (a mate found, the depth reached).
     */
    public synchronized void awaitRelease(SearchLimits limits) throws InterruptedException {
        while (!stopped && (limits.infinite() || limits.ponder() && !ponderHit)) {
            wait();
        }
    }
}
