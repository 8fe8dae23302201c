package kestrel.uci.protocol;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import kestrel.engine.Fen;
import kestrel.engine.FileProblem;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.book.BookException;
import kestrel.engine.book.BookMove;
import kestrel.engine.book.PolyglotBook;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.search.Bench;
import kestrel.engine.search.Bound;
import kestrel.engine.search.NodeClock;
import kestrel.engine.search.SearchInfo;
import kestrel.engine.search.SearchLimits;
import kestrel.engine.search.SearchListener;
import kestrel.engine.search.SearchParameters;
import kestrel.engine.search.SearchResult;
import kestrel.engine.search.SearchThreads;
import kestrel.engine.search.TranspositionTable;
import kestrel.engine.search.Tunable;
import kestrel.engine.search.WdlModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The search thread: one long-lived thread that runs, strictly in the order they were asked for, searches, perfts
 * and the chores that must not overlap a search (resizing or clearing the hash table, opening a book, changing the
 * number of threads). A search runs on this thread as the main search, with the helper threads of
 * {@link SearchThreads} beside it when {@code Threads} is above 1.
 *
 * <p>The reader thread only queues work and sets the {@link kestrel.engine.search.SearchControl} of the latest job,
 * so it never waits for a search: {@code isready}, {@code stop} and {@code ponderhit} are handled while one runs. A
 * {@code go} during a search stops that search first; its {@code bestmove} is sent before the new search starts. The
 * transposition table, the threads and the book are only touched on this thread, so a hash resize or a new number of
 * threads asked for during a search happens after it.
 *
 * <p>Every search answers with exactly one {@code bestmove}, also at {@code quit} (see {@link #close}), and holds it
 * in one place, {@link kestrel.engine.search.SearchControl#awaitRelease}, while pondering or in an infinite search.
 */
final class SearchWorker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SearchWorker.class);
    /** The search thread's own stack, for deep recursion even when the JVM was started without -Xss. */
    private static final long STACK_BYTES = 16L << 20;
    /** How long {@code quit} waits for the search thread to wind down before answering for it. */
    private static final long QUIT_GRACE_MILLIS = 1000;

    private final UciOutput output;
    private final ExecutorService thread;
    private final TranspositionTable table;
    private final SearchListener listener = new Listener();
    /** The search threads; replaced (on the search thread) when Threads changes. */
    private volatile SearchThreads threads;

    private final Object lock = new Object();
    /** The job most recently queued, until it ends: what stop and ponderhit act on. Guarded by lock. */
    private Job latest;
    /** Jobs queued or running. Guarded by lock. */
    private int unfinishedJobs;
    /** Searches queued or running whose bestmove is not out yet, oldest first. Guarded by lock. */
    private final List<Unanswered> unanswered = new ArrayList<>();
    /** Set by quit: the chores still queued are skipped (searches still queued run, stopped, and answer). */
    private volatile boolean quitting;

    /** The job the search thread is running, for the listener. */
    private volatile Job running;
    private volatile boolean debug;
    private volatile boolean showWdl;
    /** NodesTime's clock in nodes: set from the reader thread, read and charged by the searches. */
    private final NodeClock nodeClock = new NodeClock();

    // Search thread only.
    /** The current search's latest report on its first line: the depth, score and line of its best move. */
    private SearchInfo lastMainLine;
    /** The current search's last completed iteration's first line (an exact score): what a failed search plays. */
    private SearchInfo lastCompletedLine;
    private PolyglotBook book;
    private final SplittableRandom random = new SplittableRandom();
    /** The material of the position being searched, for win/draw/loss chances; negative when they are not shown. */
    private int wdlMaterial = -1;

    SearchWorker(UciOutput output, int hashMegabytes) {
        this.output = output;
        // Built on the search thread by the first isready, search or Hash change: not before uciok, and only once.
        this.table = TranspositionTable.deferred(hashMegabytes);
        this.threads = new SearchThreads(table, listener, 1);
        this.thread = Executors.newSingleThreadExecutor(task -> {
            Thread searchThread = new Thread(null, task, "kestrel-search", STACK_BYTES);
            // A search left running must not keep the program alive after quit.
            searchThread.setDaemon(true);
            return searchThread;
        });
    }

    /** Win/draw/loss chances in every {@code info ... score} of the next searches (UCI_ShowWDL). */
    void setShowWdl(boolean on) {
        showWdl = on;
    }

    /** Time counted in nodes, {@code count} a millisecond, from the next search on (NodesTime; 0: the real clock). */
    void setNodesTime(long count) {
        nodeClock.nodesPerMilli(count);
    }

    /** A new game ({@code ucinewgame}): NodesTime's clock is set again, once the current search is over. */
    void newGame() {
        chore(nodeClock::newGame);
    }

    /** Extra {@code info string} lines about each search (UCI {@code debug on}). */
    void setDebug(boolean on) {
        debug = on;
    }

    /**
     * Queues a search of {@code position} (copied) with {@code evaluation} on all its threads, and its
     * {@code bestmove}. When {@code bookAllowed} and a book is open, a book move is played instead while the position
     * is in the book.
     */
    void search(Position position, SearchLimits limits, EvaluationChoice evaluation, boolean chess960,
                boolean bookAllowed, boolean bookBestOnly) {
        Position copy = new Position(position);
        Job job = new Job(chess960);
        Unanswered pending = new Unanswered(job, new Position(position));
        synchronized (lock) {
            unanswered.add(pending);
        }
        submit(job, () -> {
            try {
                runSearch(job, copy, limits, evaluation, bookAllowed, bookBestOnly);
            } finally {
                synchronized (lock) {
                    unanswered.remove(pending);
                }
            }
        });
    }

    /** Queues {@code go perft depth}: divide output, or nothing but an info string when stopped. */
    void perft(Position position, int depth, boolean chess960) {
        Position copy = new Position(position);
        Job job = new Job(chess960);
        submit(job, () -> runPerft(job, copy, depth));
    }

    /**
     * Queues the fixed benchmark ({@link Bench}) at {@code depth}: one line per position as it is done, then the
     * totals. It has its own table and search, and runs to its end: {@code stop} does not cut it short.
     */
    void bench(int depth, EvaluationChoice evaluation) {
        Job job = new Job(false);
        submit(job, () -> Bench.run(depth, evaluation, output::send));
    }

    /** Ends the current search (or perft) as soon as possible; its bestmove follows. Nothing when idle. */
    void stop() {
        Job job;
        synchronized (lock) {
            job = latest;
        }
        if (job != null) {
            job.control().stop();
        }
    }

    /** The opponent played the move being pondered on. Nothing when not pondering. */
    void ponderHit() {
        Job job;
        synchronized (lock) {
            job = latest;
        }
        if (job != null) {
            job.control().ponderHit();
        }
    }

    /**
     * Sends {@code readyok}: at once while a search runs (UCI wants that), otherwise once the chores queued before
     * it (a hash resize, or building the table the first time) and {@code beforeReady} (the warm-up's end) are done.
     */
    void readyOk(Runnable beforeReady) {
        synchronized (lock) {
            if (unfinishedJobs > 0) {
                output.send("readyok");
                return;
            }
        }
        thread.execute(() -> {
            try {
                table.allocate();
            } catch (IllegalArgumentException refused) {
                output.info("Hash: " + refused.getMessage());
            }
            beforeReady.run();
            output.send("readyok");
        });
    }

    /** True from a {@code go} until its {@code bestmove} has been sent. */
    boolean isBusy() {
        synchronized (lock) {
            return unfinishedJobs > 0;
        }
    }

    /**
     * Resizes the hash table once the current search (if any) is over. When the memory cannot be had, the table
     * keeps its size, an {@code info string} says so, and {@code onRefused} is given the size kept.
     */
    void resizeTable(int megabytes, IntConsumer onRefused) {
        chore(() -> {
            int previous = table.sizeMegabytes();
            try {
                table.resize(megabytes);
            } catch (CancellationException quit) {
                LOG.debug("Hash resize to {} MB given up at quit", megabytes);
            } catch (IllegalArgumentException refused) {
                output.info("Hash not changed: " + refused.getMessage());
                onRefused.accept(previous);
            } catch (OutOfMemoryError e) {
                output.info("Hash not changed: not enough memory for " + megabytes + " MB, keeping " + previous
                        + " MB");
                onRefused.accept(previous);
            }
        });
    }

    /**
     * Empties the hash table once the current search (if any) is over, on all search threads at once, and makes them
     * forget the history of earlier searches: ucinewgame and Clear Hash start afresh.
     */
    void clearTable() {
        chore(() -> {
            threads.clearTable();
            threads.clearHistory();
        });
    }

    /**
     * Searches with {@code count} threads from the next search on: the threads and their searches are made now on
     * the search thread (once the current search, if any, is over, which an {@code info string} then says). When
     * they cannot be had, the old threads stay, an {@code info string} says so, and {@code onRefused} is given the
     * number kept.
     */
    void setThreads(int count, IntConsumer onRefused) {
        if (isBusy()) {
            output.info("Threads " + count + " from the next search on: the one running keeps its threads");
        }
        chore(() -> {
            int previous = threads.count();
            if (previous == count) {
                return;
            }
            SearchThreads fresh;
            try {
                fresh = new SearchThreads(table, listener, count);
            } catch (OutOfMemoryError e) {
                // The old threads are still there and still searching: keep them.
                output.info("Threads not changed: not enough memory for " + count + " threads (" + e.getMessage()
                        + "), keeping " + previous);
                onRefused.accept(previous);
                return;
            }
            threads.close();
            threads = fresh; // the next search hands them the network (runSearch)
        });
    }

    /**
     * Sets one of the search's tunable constants ({@link SearchParameters}, {@code uci --tune}) once the current search
     * (if any) is over: set on this thread, which hands the searches their work, the next search sees it.
     */
    void setSearchParameter(Tunable tunable, int value) {
        chore(() -> SearchParameters.set(tunable, value));
    }

    /**
     * Opens the book for the next searches, or plays without one when {@code file} is null. A book that cannot be
     * used is reported in one {@code info string}; play goes on without a book.
     */
    void useBook(Path file) {
        chore(() -> {
            if (book != null) {
                book.close();
                book = null;
            }
            if (file == null) {
                return;
            }
            try {
                book = PolyglotBook.open(file);
            } catch (BookException e) {
                output.info("book not used: " + e.getMessage());
            } catch (RuntimeException e) {
                LOG.warn("Opening book {} failed", file, e);
                output.info("book not used: " + file + ": " + e);
            }
        });
    }

    /**
     * {@code quit}: stops the searches and answers them, then lets the search thread go. The running job is stopped,
     * the searches still queued run one ply each (they were stopped when the next {@code go} came) and the chores
     * still queued are skipped, so every {@code go} gets its {@code bestmove} within moments. Should the thread still
     * be busy after {@value #QUIT_GRACE_MILLIS} ms (a bench, a large hash allocation), it is interrupted (a resize
     * gives up), the searches it has not answered get a legal move from here, and nothing more is written.
     */
    @Override
    public void close() {
        quitting = true;
        stop();
        thread.shutdown();
        boolean done = false;
        try {
            done = thread.awaitTermination(QUIT_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (done) {
            threads.close();
            return;
        }
        LOG.debug("Search thread still busy at quit; answering for it and leaving it behind");
        thread.shutdownNow();
        List<Unanswered> left;
        synchronized (lock) {
            left = new ArrayList<>(unanswered);
        }
        List<String> answers = new ArrayList<>();
        for (Unanswered pending : left) {
            Job job = pending.job();
            job.answerOnce(() -> answers.add(
                    InfoFormat.bestMove(firstLegalMove(pending.position()), Move.NONE, job.chess960())));
        }
        // The last lines: whatever the search thread still says afterwards would follow a bestmove.
        output.sendLast(answers);
    }

    /** Queues work that only prepares later searches, and so is pointless once {@code quit} has come. */
    private void chore(Runnable work) {
        thread.execute(() -> {
            if (!quitting) {
                work.run();
            }
        });
    }

    private void submit(Job job, Runnable work) {
        synchronized (lock) {
            if (latest != null) {
                // UCI leaves "go during a search" open; this engine finishes the old search first (its bestmove
                // comes out) and then starts the new one.
                latest.control().stop();
            }
            latest = job;
            unfinishedJobs++;
        }
        thread.execute(() -> {
            running = job;
            try {
                work.run();
            } catch (RuntimeException | VirtualMachineError e) {
                LOG.error("Search thread job failed", e);
                output.info("internal error: " + e);
            } finally {
                running = null;
                synchronized (lock) {
                    end(job);
                }
            }
        });
    }

    /**
     * Sends a job's last lines (a search's bestmove, a perft's total) and ends the job in the same step, under the
     * lock that {@link #isBusy} and {@link #readyOk} read: a GUI sends {@code setoption} or {@code isready} the
     * moment it has the {@code bestmove}, and that command must find the search over.
     */
    private void sendLastLines(Job job, List<String> lines) {
        synchronized (lock) {
            output.sendAll(lines);
            end(job);
        }
    }

    /** The job no longer counts as running; only once, since its last lines may have ended it already. */
    private void end(Job job) {
        assert Thread.holdsLock(lock);
        if (job.end()) {
            unfinishedJobs--;
            if (latest == job) {
                latest = null;
            }
        }
    }

    private void runSearch(Job job, Position position, SearchLimits limits, EvaluationChoice evaluation,
                           boolean bookAllowed, boolean bookBestOnly) {
        long start = System.nanoTime();
        int sideToMove = position.sideToMove();
        nodeClock.prepare(limits, sideToMove);
        SearchResult result;
        // The totals before bestmove, for a move that was searched for.
        String summary = null;
        try {
            result = bookAllowed && book != null ? bookResult(job, position, bookBestOnly) : null;
            if (result == null) {
                wdlMaterial = showWdl ? WdlModel.material(position) : -1;
                if (debug) {
                    output.info("search " + limits);
                }
                lastMainLine = null;
                lastCompletedLine = null;
                long searchStart = System.nanoTime();
                // A stop or ponderhit that came while the job was queued is in its control already.
                result = threads.run(position, limits, job.control(), evaluation);
                summary = InfoFormat.searchEnd(lastMainLine, result, System.nanoTime() - searchStart,
                        table.hashfull(), job.chess960(), wdlMaterial);
            }
        } catch (RuntimeException | VirtualMachineError e) {
            // A failing search must still answer, or the GUI waits forever: with the best move it found, if it
            // completed an iteration. The position is the worker's copy, which the search does not change. The
            // JVM's errors included: a stack or the heap run out, or an InternalError from a mapped file cut short
            // (the search has put such a table aside already).
            LOG.error("Search failed in {}", Fen.toFen(position), e);
            result = failedSearchResult(position, e, job.chess960());
        }
        nodeClock.charge(limits, sideToMove, result.nodes());
        if (debug) {
            output.info("search finished: depth " + result.depth() + " nodes " + result.nodes() + " time "
                    + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
        try {
            // The one place where a bestmove waits: for ponderhit or stop while pondering, for stop when infinite.
            job.control().awaitRelease(limits);
        } catch (InterruptedException e) {
            // Only a quit that ran out of patience interrupts; answerOnce sends nothing if quit answered already.
            Thread.currentThread().interrupt();
        }
        String bestMove = InfoFormat.bestMove(result, job.chess960());
        List<String> answer = summary == null ? List.of(bestMove) : List.of(summary, bestMove);
        job.answerOnce(() -> sendLastLines(job, answer));
    }

    private SearchResult bookResult(Job job, Position position, boolean bestOnly) {
        // A file cut short after it was opened: a read of the mapping past its end is a SIGBUS, which the JVM throws
        // as an InternalError, not always at once; so the size is looked at before each lookup, and the error caught
        // where it does come at once. Every later lookup would fail alike: the book goes, and the engine searches.
        if (book.fileShrunk()) {
            dropCutBook();
            return null;
        }
        int move;
        int weight = 0;
        try {
            move = book.choose(position, bestOnly, random);
            if (move == Move.NONE) {
                return null;
            }
            for (BookMove bookMove : book.moves(position)) {
                if (bookMove.move() == move) {
                    weight = bookMove.weight();
                }
            }
        } catch (InternalError e) {
            dropCutBook();
            return null;
        }
        Path file = book.file();
        output.info("book move " + Move.toUci(move, job.chess960()) + " weight " + weight
                + (file == null ? "" : " from " + file.getFileName()));
        return new SearchResult(move, Move.NONE, 0, 0, 0);
    }

    /** Closes a book whose file was cut short while in use, saying so once. */
    private void dropCutBook() {
        output.info("book not used from now on: " + book.file() + ": " + FileProblem.CUT_WHILE_IN_USE);
        book.close();
        book = null;
    }

    private void runPerft(Job job, Position position, int depth) {
        List<String> lines = GoPerft.lines(position, depth, job.chess960(), job.control()::isStopped);
        sendLastLines(job, lines.isEmpty() ? List.of("info string perft stopped") : lines);
    }

    /** A search whose bestmove may still be owed at quit, with its position for an emergency answer. */
    private record Unanswered(Job job, Position position) {
    }

    /**
     * The move a search that threw plays, said in one {@code info string}: the best move of its last completed
     * iteration, or without one the move the search would have tried first ({@link RootFallback}).
     */
    private SearchResult failedSearchResult(Position position, Throwable failure, boolean chess960) {
        SearchInfo completed = lastCompletedLine;
        int move;
        int depth = 0;
        String source;
        if (completed != null && completed.pv().length > 0
                && MoveGenerator.isLegal(position, completed.pv()[0], new int[MoveGenerator.MAX_MOVES])) {
            move = completed.pv()[0];
            depth = completed.depth();
            source = "the best move of depth " + depth;
        } else {
            RootFallback fallback = RootFallback.choose(position, table);
            move = fallback.move();
            source = fallback.reason();
        }
        output.info("search failed (" + failure + "), playing "
                + (move == Move.NONE ? "nothing" : Move.toUci(move, chess960)) + ", " + source);
        return new SearchResult(move, Move.NONE, 0, depth, 0);
    }

    private static int firstLegalMove(Position position) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        return MoveGenerator.legalMoves(position, moves, 0) == 0 ? Move.NONE : moves[0];
    }

    /** Sends the main search's progress on (the helper threads report nothing). */
    private final class Listener implements SearchListener {
        @Override
        public void onIteration(SearchInfo info) {
            if (info.multiPv() == 1) {
                lastMainLine = info;
                if (info.bound() == Bound.EXACT) {
                    lastCompletedLine = info;
                }
            }
            Job job = running;
            output.send(InfoFormat.iteration(info, job != null && job.chess960(), wdlMaterial));
        }

        @Override
        public void onCurrentMove(int depth, int move, int moveNumber) {
            Job job = running;
            output.send(InfoFormat.currentMove(depth, move, moveNumber, job != null && job.chess960()));
        }
    }
}
