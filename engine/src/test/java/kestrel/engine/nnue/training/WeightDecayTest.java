package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Decoupled weight decay (AdamW): every step shrinks each parameter by {@code 1 - rate * decay} apart from the
 * gradient's step, so weights that the data stops asking for fade towards 0; without it Adam is unchanged.
 */
class WeightDecayTest {
    private static final int HIDDEN = 8;

    @Test
    void aStepWithoutGradientShrinksEveryParameterByRateTimesDecay() {
        Parameters parameters = RandomParameters.of(HIDDEN, 1, 2, 3);
        Parameters expected = RandomParameters.of(HIDDEN, 1, 2, 3);
        float kept = (float) (1 - 0.1 * 0.5);
        for (float[] array : expected.arrays()) {
            for (int i = 0; i < array.length; i++) {
                array[i] *= kept;
            }
        }
        new Adam(HIDDEN, 1, 2, 0.5).step(parameters, new Parameters(HIDDEN, 1, 2), 0.1);
        assertArrayEquals(expected.arrays(), parameters.arrays());
    }

    @Test
    void withoutDecayAStepWithoutGradientChangesNothing() {
        Parameters parameters = RandomParameters.of(HIDDEN, 1, 2, 4);
        new Adam(HIDDEN, 1, 2, 0).step(parameters, new Parameters(HIDDEN, 1, 2), 0.1);
        assertArrayEquals(RandomParameters.of(HIDDEN, 1, 2, 4).arrays(), parameters.arrays());
    }

    @Test
    void aTrainedNetworkWithDecayHasSmallerWeights() throws InterruptedException {
        TrainingData data = GeneratedData.data(GeneratedData.records(100, 60, 42));
        TrainingSettings plain = new TrainingSettings(16, 3, 500, 0.01, 0.85, 0.0, 2, 11, 0.1, 10_000, true, true);
        FloatNetwork without = new Trainer(plain, TrainingListener.SILENT).train(data);
        List<EpochReport> reports = new ArrayList<>();
        FloatNetwork with = new Trainer(plain.withWeightDecay(2), (report, network) -> reports.add(report))
                .train(data);
        double normWithout = squaredNorm(without.parameters);
        double normWith = squaredNorm(with.parameters);
        assertTrue(normWith < 0.9 * normWithout, normWith + " against " + normWithout);
        // The decay only leans against the fit: the network still learns.
        assertTrue(reports.get(2).validationLoss() < reports.get(0).validationLoss(), reports::toString);
    }

    @Test
    void aNegativeDecayOrOneThatWouldEraseTheWeightsIsRefused() {
        TrainingSettings plain = new TrainingSettings(16, 3, 500, 0.01, 0.85, 0.0, 2, 11, 0.1, 10_000, true, true);
        assertThrows(IllegalArgumentException.class, () -> plain.withWeightDecay(-0.01));
        assertThrows(IllegalArgumentException.class, () -> plain.withWeightDecay(100));
        assertFalse(plain.withWeightDecay(0.01).equals(plain));
    }

    private static double squaredNorm(Parameters parameters) {
        double sum = 0;
        for (float[] array : parameters.arrays()) {
            for (float value : array) {
                sum += (double) value * value;
            }
        }
        return sum;
    }
}
