package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Batches as the trainer takes them: passes over the positions, a superbatch running on across passes. */
class PositionStreamTest {
    @Test
    void batchesRunOnAcrossPassesEachPassAShuffleOfEveryPosition() {
        PositionStream stream = new PositionStream(10, new SplittableRandom(1), false);
        int[] taken = new int[28];
        int[] batch = new int[4];
        for (int b = 0; b < 7; b++) {
            stream.take(batch, 4);
            System.arraycopy(batch, 0, taken, 4 * b, 4);
        }
        assertEquals(28, stream.taken());
        assertEquals(3, stream.passes());
        assertEquals(2.8, stream.passesTaken(), 1e-12);
        assertEquals(2, stream.leftInPass());
        for (int pass = 0; pass < 2; pass++) {
            int[] positions = Arrays.copyOfRange(taken, 10 * pass, 10 * pass + 10);
            Arrays.sort(positions);
            assertEquals("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", Arrays.toString(positions), "pass " + pass);
        }
        assertFalse(Arrays.equals(Arrays.copyOfRange(taken, 0, 10), Arrays.copyOfRange(taken, 10, 20)));
    }

    @Test
    void withMirroringAboutHalfOfEachPassIsTakenMirrored() {
        int count = 10_000;
        PositionStream stream = new PositionStream(count, new SplittableRandom(2), true);
        int[] first = new int[count];
        int[] second = new int[count];
        stream.take(first, count);
        stream.take(second, count);
        int[] mirrored = new int[count];
        for (int[] pass : new int[][] {first, second}) {
            int inPass = 0;
            for (int entry : pass) {
                if (entry < 0) {
                    inPass++;
                    mirrored[~entry]++;
                }
            }
            assertTrue(Math.abs(inPass - count / 2) < 300, "mirrored " + inPass);
        }
        // Each pass draws its own half: a quarter of the positions are mirrored in both.
        long both = Arrays.stream(mirrored).filter(times -> times == 2).count();
        assertTrue(Math.abs(both - count / 4) < 300, "mirrored twice " + both);
    }

    /** Superbatch counting in the trainer: so many periods, each so many full batches, whatever the data's size. */
    @Test
    void aRunOfSuperbatchesTrainsSuperbatchesOfFullBatches() throws InterruptedException {
        TrainingData data = GeneratedData.data(GeneratedData.records(30, 40, 5));
        TrainingSettings settings = new TrainingSettings(8, 0, 3, 4, 100, 0.01, LearningRateSchedule.cosine(0.01),
                new LambdaSchedule(0.1, 0.4), 2, 3, 0.1, 10_000, false, true);
        int training = data.size() - settings.validationCount(data.size());
        assertEquals(400, settings.superbatchPositions());
        List<EpochReport> reports = new ArrayList<>();
        new Trainer(settings, (report, network) -> reports.add(report)).train(data);
        assertEquals(3, reports.size());
        for (int s = 1; s <= 3; s++) {
            EpochReport report = reports.get(s - 1);
            assertEquals(s, report.epoch());
            assertEquals(3, report.epochs());
            assertEquals(s * 400.0 / training, report.passes(), 1e-12);
            assertEquals(0.01 * settings.learningRateSchedule().factor(s, 3), report.learningRate());
            assertEquals(settings.lambda().at(s, 3), report.lambda());
        }
        assertEquals(0.0001, reports.get(2).learningRate(), 1e-15);
        assertEquals(0.4, reports.get(2).lambda());
    }
}
