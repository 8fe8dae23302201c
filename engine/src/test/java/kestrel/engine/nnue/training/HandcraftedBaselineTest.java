package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HandcraftedBaselineTest {
    private static TrainingSettings settings(double wdl, double validation) {
        return new TrainingSettings(8, 1, 100, 0.01, 0.9, wdl, 1, 1, validation, TrainingSettings.DEFAULT_MAX_SCORE,
                false, false);
    }

    @Test
    void scoresThatAreTheHandcraftedEvaluationCostItNothing() {
        // GeneratedData labels every position with the handcrafted evaluation from White's view: read back for the
        // side to move, it must match exactly, whichever side is to move.
        TrainingData data = GeneratedData.data(GeneratedData.records(40, 40, 3));
        double loss = HandcraftedBaseline.validationLoss(data, settings(0, 0.5));
        assertEquals(0, loss, 1e-9);
    }

    @Test
    void resultsItDoesNotForeseeCostIt() {
        TrainingData data = GeneratedData.data(GeneratedData.records(40, 40, 3));
        assertTrue(HandcraftedBaseline.validationLoss(data, settings(1, 0.5)) > 0.01);
        assertTrue(Double.isNaN(HandcraftedBaseline.validationLoss(data, settings(1, 0))));
    }
}
