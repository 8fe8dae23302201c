package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stop} and {@code ponderhit} at random moments around hundreds of searches, through the real UCI loop: before
 * the {@code go} was even read, while its search runs, just as it ends, after its {@code bestmove}. Every {@code go}
 * must answer exactly one {@code bestmove}, a held search (infinite, pondering) only after its release, and a signal
 * must never reach a later search (that search still reaches its depth, or still holds its move).
 */
class SignalTimingTest {
    private static final int ROUNDS = 300;

    @ParameterizedTest(name = "Threads {0}")
    @ValueSource(ints = {1, 3})
    void everyGoAnswersExactlyOnceWhateverTheTimingOfItsSignals(int threads) {
        SplittableRandom random = new SplittableRandom(20_261_123L + threads);
        try (UciSession session = new UciSession()) {
            session.send("setoption name Threads value " + threads, "position startpos moves e2e4 e7e5");
            session.answersBeforeReady();
            for (int round = 0; round < ROUNDS; round++) {
                String context = "Threads " + threads + ", round " + round;
                switch (random.nextInt(6)) {
                    case 0 -> depthRunsToItsEnd(session, random, context);
                    case 1 -> searchStoppedAtSomeMoment(session, random, context);
                    case 2 -> infiniteHoldsUntilStop(session, random, context);
                    case 3 -> ponderHoldsUntilPonderhitOrStop(session, random, context);
                    case 4 -> lateSignalsDoNotReachTheNextSearch(session, random, context);
                    default -> earlySignalsDoNotReachTheNextSearch(session, random, context);
                }
                // Exactly one: nothing more comes once the search has answered.
                List<String> after = session.answersBeforeReady();
                assertTrue(after.stream().noneMatch(line -> line.startsWith("bestmove")), context + ": " + after);
            }
        }
    }

    /** A depth search without signals completes its last depth. */
    private static void depthRunsToItsEnd(UciSession session, SplittableRandom random, String context) {
        int depth = 1 + random.nextInt(4);
        session.send("go depth " + depth);
        assertCompleted(session.untilStartsWith("bestmove"), depth, context);
    }

    /** A search stopped at some moment, maybe after it ended by itself, answers once. */
    private static void searchStoppedAtSomeMoment(UciSession session, SplittableRandom random, String context) {
        String go = switch (random.nextInt(3)) {
            case 0 -> "go depth " + (2 + random.nextInt(4));
            case 1 -> "go nodes " + (1000 + random.nextInt(30_000));
            default -> "go movetime " + (1 + random.nextInt(10));
        };
        session.send(go);
        pause(random);
        session.send("stop");
        assertOneBestMove(session.untilStartsWith("bestmove"), context);
    }

    /** An infinite search keeps its move until stop, however soon the stop comes. */
    private static void infiniteHoldsUntilStop(UciSession session, SplittableRandom random, String context) {
        session.send(random.nextBoolean() ? "go infinite" : "go infinite depth " + (1 + random.nextInt(3)));
        pause(random);
        assertNoBestMoveYet(session, context);
        session.send("stop");
        assertOneBestMove(session.untilStartsWith("bestmove"), context);
    }

    /**
     * A ponder search keeps its move until ponderhit (and then its clock) or stop; a ponderhit may come before the
     * search has started, during it, or after it has searched all it was asked to.
     */
    private static void ponderHoldsUntilPonderhitOrStop(UciSession session, SplittableRandom random,
                                                        String context) {
        session.send(random.nextBoolean() ? "go ponder wtime 200 btime 200" : "go ponder depth "
                + (1 + random.nextInt(3)));
        pause(random);
        assertNoBestMoveYet(session, context);
        session.send(random.nextInt(4) == 0 ? "stop" : "ponderhit");
        if (random.nextBoolean()) {
            pause(random);
            session.send("ponderhit");
        }
        assertOneBestMove(session.untilStartsWith("bestmove"), context);
    }

    /** A stop and a ponderhit that come just as a search answers (or after) leave the next search alone. */
    private static void lateSignalsDoNotReachTheNextSearch(UciSession session, SplittableRandom random,
                                                           String context) {
        session.send("go depth 1");
        pause(random);
        session.send("stop", "ponderhit");
        assertOneBestMove(session.untilStartsWith("bestmove"), context);
        int depth = 2 + random.nextInt(3);
        session.send("go depth " + depth);
        assertCompleted(session.untilStartsWith("bestmove"), depth, context + " (the search after)");
    }

    /** A stop or ponderhit while nothing runs is ignored: the next search is not cut short, nor released. */
    private static void earlySignalsDoNotReachTheNextSearch(UciSession session, SplittableRandom random,
                                                            String context) {
        session.send("stop", "ponderhit");
        if (random.nextBoolean()) {
            int depth = 1 + random.nextInt(4);
            session.send("go depth " + depth);
            assertCompleted(session.untilStartsWith("bestmove"), depth, context);
        } else {
            session.send("go ponder depth 1");
            // The depth-1 line means the search has done all it was asked; it must still hold its move.
            List<String> lines = session.untilStartsWith("info depth 1 ");
            lines.addAll(session.answersBeforeReady());
            assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), context + ": " + lines);
            session.send("ponderhit");
            assertOneBestMove(session.untilStartsWith("bestmove"), context);
        }
    }

    /** Nothing so much as a moment: at once, a spin of up to 0.2 ms, or a sleep of 1 to 3 ms. */
    private static void pause(SplittableRandom random) {
        switch (random.nextInt(3)) {
            case 0 -> {
            }
            case 1 -> LockSupport.parkNanos(random.nextInt(200_000));
            default -> LockSupport.parkNanos(1_000_000L + random.nextInt(2_000_000));
        }
    }

    private static void assertNoBestMoveYet(UciSession session, String context) {
        List<String> lines = session.pending();
        assertTrue(lines.stream().noneMatch(line -> line.startsWith("bestmove")), context + ": " + lines);
    }

    private static void assertOneBestMove(List<String> lines, String context) {
        List<String> bestMoves = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("bestmove")) {
                bestMoves.add(line);
            }
        }
        assertEquals(1, bestMoves.size(), context + ": " + lines);
        assertTrue(bestMoves.get(0).matches("bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?"),
                context + ": " + bestMoves.get(0));
    }

    /** The search reported a completed iteration at {@code depth}, then its one bestmove. */
    private static void assertCompleted(List<String> lines, int depth, String context) {
        assertOneBestMove(lines, context);
        String completed = "info depth " + depth + " ";
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(completed) && line.contains(" pv ")
                && !line.contains("bound ")), context + ": depth " + depth + " not completed: " + lines);
    }
}
