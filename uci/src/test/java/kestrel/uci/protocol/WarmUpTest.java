package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.eval.Evaluation;
import org.junit.jupiter.api.Test;

/** The warm-up after uciok ends by itself, and at once when a command needs the engine. */
class WarmUpTest {
    private static boolean endsWithin(WarmUp warmUp, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!warmUp.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return warmUp.isDone();
    }

    @Test
    void stopEndsItAtOnce() throws InterruptedException {
        WarmUp warmUp = WarmUp.start(Evaluation.HANDCRAFTED);
        Thread.sleep(20);
        warmUp.stop();
        assertTrue(endsWithin(warmUp, 2_000), "still warming up 2 s after stop");
    }

    /** A warm-up rests between its searches in its second half; a stop still ends it at once. */
    @Test
    void stopEndsAPacedWarmUpWhileItRests() throws InterruptedException {
        WarmUp warmUp = WarmUp.start(Evaluation.HANDCRAFTED, 4_000, true);
        Thread.sleep(2_000 + 300);
        assertTrue(!warmUp.isDone(), "a paced warm-up of 4 s runs on past its half");
        warmUp.stop();
        assertTrue(endsWithin(warmUp, 2_000), "still warming up 2 s after stop");
    }

    @Test
    void itEndsByItselfAfterItsTime() throws InterruptedException {
        WarmUp warmUp = WarmUp.start(Evaluation.HANDCRAFTED, 300);
        assertTrue(endsWithin(warmUp, 10_000), "still warming up 10 s after a warm-up of 0.3 s began");
    }

    @Test
    void awaitEndReturnsOnceItHasEnded() {
        WarmUp warmUp = WarmUp.start(Evaluation.HANDCRAFTED, 200);
        warmUp.awaitEnd();
        assertTrue(warmUp.isDone());
    }

    @Test
    void everyPositionIsLegal() {
        // A position that fails to parse is skipped with only a log line, and its part of the code stays cold.
        for (String fen : WarmUp.positions()) {
            assertDoesNotThrow(() -> Fen.parse(fen), fen);
        }
    }
}
