package kestrel.engine.search;

import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Position;
import kestrel.engine.eval.EvaluationChoice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lazy SMP: {@code count} searches of the same position over one shared {@link TranspositionTable}. The main search
 * runs on the thread that calls {@link #run}; it alone reports, keeps the time and gives the result. The helpers run
 * on threads of their own, made here once and kept until {@link #close}, each with its own {@link Search} (history,
 * killers, move pickers): nothing is allocated per thread when a search starts. The helpers skip some depths by
 * their index ({@link Search#skipsDepth}), so they spread over several depths; they help the main search only
 * through what they leave in the table.
 *
 * <p>The helpers also clear the table, each a slice of it ({@link #clearTable}).
 *
 * <p>One call at a time: {@link #run}, {@link #clearTable} and {@link #close} come from one thread (the UCI search
 * thread), and the table is resized only between them. See docs/search.md.
 */
public final class SearchThreads implements AutoCloseable {
    public static final int MAX_THREADS = 256;
    /**
     * Under a hard time limit below this the main thread searches alone: waking the helpers and waiting for them to
     * notice the stop costs a busy machine tens of milliseconds a move, which a bullet game's last seconds do not
     * have, and a search that short gains nothing from them.
     */
    static final long PARALLEL_MIN_MILLIS = 100;

    private static final Logger LOG = LoggerFactory.getLogger(SearchThreads.class);
    /** Each helper's stack, for deep recursion even when the JVM was started without -Xss. */
    private static final long STACK_BYTES = 16L << 20;

    private final TranspositionTable table;
    private final Search main;
    private final Helper[] helpers;

    /**
     * {@code count} threads (1 .. {@value #MAX_THREADS}): the caller's and {@code count - 1} helpers, started now,
     * each with a {@link Search} of its own (over 2.4 MB). Throws OutOfMemoryError, with no helper left running, when
     * the memory or the threads cannot be had.
     */
    public SearchThreads(TranspositionTable table, SearchListener listener, int count) {
        if (count < 1 || count > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1 .. " + MAX_THREADS + ", not " + count);
        }
        this.table = table;
        this.main = new Search(table, listener);
        this.helpers = new Helper[count - 1];
        try {
            for (int index = 0; index < helpers.length; index++) {
                helpers[index] = new Helper(new Search(table, SearchListener.SILENT), index + 1);
            }
        } catch (OutOfMemoryError | RuntimeException e) {
            // No memory for a search, or no thread to be had: end the helpers already started.
            close();
            throw e;
        }
    }

    /** The number of search threads, the caller's included. */
    public int count() {
        return helpers.length + 1;
    }

    /**
     * Searches {@code position} on all threads until the main search ends (by its limits or {@code control}), then
     * stops the helpers and waits for them. Returns the main search's result with the nodes of all threads. A search
     * with a strength limit runs on the main thread alone: its node budget is the weakening, and stays one thread's;
     * so does one under a hard time limit below {@value #PARALLEL_MIN_MILLIS} ms.
     * Every thread evaluates as {@code evaluation} says, each with an evaluator of its own.
     */
    public SearchResult run(Position position, SearchLimits limits, SearchControl control,
                            EvaluationChoice evaluation) {
        table.newSearch();
        long hardMillis = new TimeManager(limits, position.sideToMove(), TimeManager.gamePly(position),
                System.nanoTime()).hardLimitMillis();
        boolean parallel = limits.strength() == null && helpers.length > 0 && hardMillis >= PARALLEL_MIN_MILLIS;
        if (parallel) {
            for (Helper helper : helpers) {
                helper.search(position, limits, control, evaluation);
            }
        }
        SearchResult result;
        try {
            result = main.runThread(0, position, limits, control, evaluation);
        } finally {
            control.finish();
            if (parallel) {
                // A helper that has not even started (a short search on a busy machine) is not waited for.
                awaitHelpers(true);
            }
        }
        return new SearchResult(result.bestMove(), result.ponderMove(), result.score(), result.depth(),
                control.nodes(), control.tablebaseHits());
    }

    /**
     * Empties the table (ucinewgame, Clear Hash), each thread a slice of it, so that a large table is cleared at the
     * speed of all the threads. Nothing to do while the table has not been allocated.
     */
    public void clearTable() {
        if (!table.isAllocated()) {
            return;
        }
        int slices = count();
        for (int index = 0; index < helpers.length; index++) {
            int slice = index + 1;
            helpers[index].start(() -> table.clearSlice(slice, slices));
        }
        try {
            table.clearSlice(0, slices);
        } finally {
            awaitHelpers(false);
        }
        table.clearDone();
    }

    /** Every thread forgets the move-ordering history of earlier searches, for a new game. Between searches. */
    public void clearHistory() {
        main.clearHistory();
        for (Helper helper : helpers) {
            helper.search.clearHistory();
        }
    }

    /**
     * The evaluations the threads that took part in the search under {@code control} used, the main thread's first;
     * helpers that never started it are left out. For tests.
     */
    List<EvaluationChoice> evaluationsUsed(SearchControl control) {
        List<EvaluationChoice> used = new ArrayList<>();
        used.add(main.evaluatedWith());
        for (Helper helper : helpers) {
            if (helper.search.searchedUnder(control)) {
                used.add(helper.search.evaluatedWith());
            }
        }
        return used;
    }

    /** Ends the helper threads (between searches). */
    @Override
    public void close() {
        for (Helper helper : helpers) {
            if (helper != null) {
                helper.close();
            }
        }
    }

    /**
     * Waits for every helper to be idle, first taking back the task of each that has not started it when
     * {@code cancelUnstarted}. An interrupt is kept for later, as the helpers end within moments.
     */
    private void awaitHelpers(boolean cancelUnstarted) {
        boolean interrupted = false;
        for (Helper helper : helpers) {
            while (true) {
                try {
                    helper.awaitIdle(cancelUnstarted);
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One helper thread: waits for a task, runs it, and waits again. */
    private static final class Helper implements Runnable {
        private final Search search;
        private final int index;
        private final Thread thread;
        /** Searches what {@link #search} was given; made once, so that starting a search allocates nothing. */
        private final Runnable searchTask = this::searchNow;
        /** The task to run, null when idle. Guarded by this, as are the fields below. */
        private Runnable task;
        /** The thread has taken up the task. */
        private boolean started;
        private boolean closed;
        private Position position;
        private SearchLimits limits;
        private SearchControl control;
        private EvaluationChoice evaluation;

        Helper(Search search, int index) {
            this.search = search;
            this.index = index;
            this.thread = new Thread(null, this, "kestrel-helper-" + index, STACK_BYTES);
            // A helper must not keep the program alive after quit.
            thread.setDaemon(true);
            thread.start();
        }

        synchronized void search(Position position, SearchLimits limits, SearchControl control,
                                 EvaluationChoice evaluation) {
            this.position = position;
            this.limits = limits;
            this.control = control;
            this.evaluation = evaluation;
            start(searchTask);
        }

        private void searchNow() {
            Position searched;
            SearchLimits searchLimits;
            SearchControl searchControl;
            EvaluationChoice searchEvaluation;
            synchronized (this) {
                searched = position;
                searchLimits = limits;
                searchControl = control;
                searchEvaluation = evaluation;
            }
            search.runThread(index, searched, searchLimits, searchControl, searchEvaluation);
        }

        synchronized void start(Runnable work) {
            task = work;
            notifyAll();
        }

        synchronized void awaitIdle(boolean cancelUnstarted) throws InterruptedException {
            if (cancelUnstarted && task != null && !started) {
                clearTask();
                return;
            }
            while (task != null) {
                wait();
            }
        }

        private void clearTask() {
            task = null;
            position = null;
            limits = null;
            control = null;
            evaluation = null;
        }

        synchronized void close() {
            closed = true;
            notifyAll();
        }

        @Override
        public void run() {
            while (true) {
                Runnable work;
                synchronized (this) {
                    while (task == null && !closed) {
                        try {
                            wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    if (closed) {
                        return;
                    }
                    work = task;
                    started = true;
                }
                try {
                    work.run();
                } catch (Throwable e) {
                    // Whatever went wrong, the helper stays to answer the next task: a dead helper would leave
                    // the main thread waiting for it forever.
                    LOG.error("Helper search thread {} failed", index, e);
                } finally {
                    synchronized (this) {
                        clearTask();
                        started = false;
                        notifyAll();
                    }
                }
            }
        }
    }
}
