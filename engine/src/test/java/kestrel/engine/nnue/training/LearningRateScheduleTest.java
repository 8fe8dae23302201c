package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Each learning-rate schedule's factor at the start, the middle and the end of a run. */
class LearningRateScheduleTest {
    @Test
    void exponentialMultipliesByTheDecayAfterEachPeriodAsNet8sTrainerDid() {
        LearningRateSchedule schedule = LearningRateSchedule.exponential(0.9);
        assertEquals(1.0, schedule.factor(1, 11));
        assertEquals(Math.pow(0.9, 5), schedule.factor(6, 11));
        assertEquals(Math.pow(0.9, 10), schedule.factor(11, 11));
        // The same double as the old trainer's lr * decay^(epoch - 1), and independent of the run's length.
        assertEquals(0.002 * Math.pow(0.9, 13), 0.002 * schedule.factor(14, 14));
        assertEquals(schedule.factor(3, 5), schedule.factor(3, 50));
    }

    @Test
    void cosineFallsFromTheStartToTheFinalFractionThroughTheirMean() {
        LearningRateSchedule schedule = LearningRateSchedule.cosine(0.01);
        assertEquals(1.0, schedule.factor(1, 11));
        assertEquals((1 + 0.01) / 2, schedule.factor(6, 11), 1e-12);
        assertEquals(0.01, schedule.factor(11, 11));
        // A quarter of the way: 0.01 + 0.99 * (1 + cos(π/4)) / 2.
        assertEquals(0.01 + 0.99 * (1 + Math.sqrt(0.5)) / 2, schedule.factor(4, 13), 1e-12);
        assertEquals(1.0, schedule.factor(1, 1));
    }

    @Test
    void stepDecayHoldsEachStageAndEndsAtTheFinalFraction() {
        LearningRateSchedule schedule = LearningRateSchedule.step(0.01, 3);
        double[] expected = {1, 1, 1, 0.1, 0.1, 0.1, 0.01, 0.01, 0.01, 0.01};
        for (int period = 1; period <= 10; period++) {
            assertEquals(expected[period - 1], schedule.factor(period, 10), 1e-12, "period " + period);
        }
        // Fewer periods than steps: the first is the start, the last the final fraction.
        assertEquals(1.0, schedule.factor(1, 2));
        assertEquals(0.01, schedule.factor(2, 2), 1e-15);
        assertEquals(1.0, schedule.factor(1, 1));
    }

    @Test
    void aSettingOfAnotherScheduleOrOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> LearningRateSchedule.exponential(0));
        assertThrows(IllegalArgumentException.class, () -> LearningRateSchedule.cosine(1.5));
        assertThrows(IllegalArgumentException.class, () -> LearningRateSchedule.step(0.01, 1));
        assertThrows(IllegalArgumentException.class,
                () -> new LearningRateSchedule(LearningRateSchedule.Kind.COSINE, 0.9, 0.01, 1));
        assertThrows(IllegalArgumentException.class, () -> LearningRateSchedule.cosine(0.01).factor(0, 5));
        assertThrows(IllegalArgumentException.class, () -> LearningRateSchedule.Kind.fromOptionName("linear"));
        assertEquals(LearningRateSchedule.Kind.COSINE, LearningRateSchedule.Kind.fromOptionName("Cosine"));
    }
}
