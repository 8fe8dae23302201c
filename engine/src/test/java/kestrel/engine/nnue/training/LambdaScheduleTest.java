package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import kestrel.engine.Fen;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.Test;

/** λ over a run, and the target it blends. */
class LambdaScheduleTest {
    @Test
    void lambdaRunsInAStraightLineFromStartToEnd() {
        LambdaSchedule schedule = new LambdaSchedule(0.2, 0.5);
        assertEquals(0.2, schedule.at(1, 7));
        assertEquals(0.35, schedule.at(4, 7), 1e-12);
        assertEquals(0.5, schedule.at(7, 7));
        assertEquals(0.2, schedule.at(1, 1));
    }

    @Test
    void aConstantLambdaIsTheSameInEveryPeriod() {
        LambdaSchedule schedule = LambdaSchedule.constant(0.3);
        for (int period = 1; period <= 5; period++) {
            assertEquals(0.3, schedule.at(period, 5));
        }
        assertThrows(IllegalArgumentException.class, () -> new LambdaSchedule(0.2, 1.5));
        assertThrows(IllegalArgumentException.class, () -> LambdaSchedule.constant(-0.1));
    }

    /** The validation loss (and so --keep-best) uses the last period's λ, whatever the period. */
    @Test
    void validationUsesTheEndOfTheSchedule() {
        TrainingSettings settings = new TrainingSettings(8, 4, 0, 10, 100, 0.01, LearningRateSchedule.cosine(0.01),
                new LambdaSchedule(0.2, 0.5), 1, 1, 0.1, 10_000, false, false);
        assertEquals(0.2, settings.lambda(1));
        assertEquals(0.5, settings.lambda(4));
        assertEquals(0.5, settings.validationLambda());
    }

    /** target = λ × result + (1 − λ) × sigmoid(score / 400), both from the side to move's view. */
    @Test
    void theTargetBlendsTheResultWithTheScoresWinProbability() {
        byte[] bytes = new byte[2 * TrainingRecord.BYTES];
        // White to move, +200 for White, White won; then Black to move, +200 for White, a draw.
        TrainingRecord.encode(Fen.parse("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), 200, TrainingRecord.WHITE_WIN, bytes, 0);
        TrainingRecord.encode(Fen.parse("4k3/8/8/8/8/8/8/4K2R b - - 0 1"), 200, TrainingRecord.DRAW, bytes,
                TrainingRecord.BYTES);
        TrainingData data = GeneratedData.data(bytes);
        double white = TrainingData.sigmoid(200.0 / Network.SCALE);
        double black = TrainingData.sigmoid(-200.0 / Network.SCALE);
        assertEquals(white, data.target(0, 0), 1e-7);
        assertEquals(1.0, data.target(0, 1), 1e-7);
        assertEquals(0.25 * 1 + 0.75 * white, data.target(0, 0.25), 1e-7);
        assertEquals(black, data.target(1, 0), 1e-7);
        assertEquals(0.5, data.target(1, 1), 1e-7);
        assertEquals(0.6 * 0.5 + 0.4 * black, data.target(1, 0.6), 1e-7);
    }
}
