package kestrel.engine.datagen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.syzygy.Tablebases;

/**
 * Runs self-play games on several threads, one game per thread at a time, each thread with its own search and
 * table, and appends their games to one file (records or a game file, {@link SelfPlayOutput}) until a number of
 * positions is reached (or forever). With Syzygy tables, games end where they reach them ({@link SelfPlayGame}).
 */
public final class DataGenerator {
    private static final long PROGRESS_INTERVAL_NANOS = 10_000_000_000L;

    private final SelfPlaySettings settings;
    private final int threads;
    private final long seed;
    private final EvaluationChoice evaluation;
    private final Tablebases tablebases;
    private final AtomicLong positions = new AtomicLong();
    private final AtomicLong games = new AtomicLong();
    private final AtomicLong plies = new AtomicLong();
    private final AtomicLong tableGames = new AtomicLong();
    private volatile boolean stopRequested;

    /** Games evaluated as {@code evaluation} says, played out without tables. */
    public DataGenerator(SelfPlaySettings settings, int threads, long seed, EvaluationChoice evaluation) {
        this(settings, threads, seed, evaluation, Tablebases.EMPTY);
    }

    /** As above; games end where they reach {@code tablebases}, which all threads share. */
    public DataGenerator(SelfPlaySettings settings, int threads, long seed, EvaluationChoice evaluation,
            Tablebases tablebases) {
        this.settings = settings;
        this.tablebases = tablebases;
        this.evaluation = evaluation;
        this.threads = threads;
        this.seed = seed;
    }

    /**
     * Plays games into {@code file} until {@code targetPositions} new positions are written (0: until stopped),
     * reporting progress to {@code progress} about every ten seconds and once at the end.
     */
    public void run(SelfPlayOutput file, long targetPositions, Consumer<String> progress)
            throws InterruptedException {
        long start = System.nanoTime();
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int index = 0; index < threads; index++) {
            // Each thread its own stream of games: the same seed and thread count repeat the same starts.
            long threadSeed = seed * 1_000_003L + index;
            Thread worker = new Thread(() -> playGames(file, targetPositions, threadSeed), "datagen-" + index);
            worker.setUncaughtExceptionHandler((thread, failure) -> {
                synchronized (failures) {
                    failures.add(failure);
                }
                stopRequested = true;
            });
            workers.add(worker);
            worker.start();
        }
        long nextReport = start + PROGRESS_INTERVAL_NANOS;
        for (Thread worker : workers) {
            while (worker.isAlive()) {
                worker.join(200);
                long now = System.nanoTime();
                if (now >= nextReport) {
                    progress.accept(progressLine(now - start, targetPositions));
                    nextReport = now + PROGRESS_INTERVAL_NANOS;
                }
            }
        }
        progress.accept(progressLine(System.nanoTime() - start, targetPositions));
        if (!failures.isEmpty()) {
            Throwable failure = failures.get(0);
            throw failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
        }
    }

    /** Asks every thread to stop after its current game. */
    public void stop() {
        stopRequested = true;
    }

    public long positions() {
        return positions.get();
    }

    public long games() {
        return games.get();
    }

    /** Moves played by the searches of the written games (the random plies not counted). */
    public long plies() {
        return plies.get();
    }

    /** Written games that the tables ended. */
    public long gamesEndedByTables() {
        return tableGames.get();
    }

    private void playGames(SelfPlayOutput file, long targetPositions, long threadSeed) {
        SelfPlayGame game = new SelfPlayGame(settings, threadSeed, evaluation, tablebases);
        while (!stopRequested && (targetPositions == 0 || positions.get() < targetPositions)) {
            int count = game.play();
            if (count == 0) {
                continue;
            }
            try {
                file.write(game);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            positions.addAndGet(count);
            plies.addAndGet(game.game().plies());
            if (game.adjudicatedByTables()) {
                tableGames.incrementAndGet();
            }
            games.incrementAndGet();
        }
    }

    private String progressLine(long elapsedNanos, long targetPositions) {
        long done = positions.get();
        double seconds = Math.max(1e-9, elapsedNanos / 1e9);
        double rate = done / seconds;
        StringBuilder line = new StringBuilder();
        long played = games.get();
        line.append(String.format("positions %d, games %d, %.0f positions/s, %.0f s", done, played, rate, seconds));
        if (played > 0) {
            line.append(String.format(", %.1f plies a game", (double) plies.get() / played));
        }
        if (tablebases.wdlTableCount() > 0) {
            line.append(String.format(", %d ended by the tables", tableGames.get()));
        }
        if (targetPositions > 0 && rate > 0) {
            line.append(String.format(", ETA %.0f s", Math.max(0, targetPositions - done) / rate));
        }
        return line.toString();
    }
}
