package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.NetworkFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run cut off after a period and taken up from its checkpoint ends with the network of a run never cut off. */
class TrainingCheckpointTest {
    private static TrainingData data;

    @TempDir
    Path folder;

    @BeforeAll
    static void generate() {
        data = GeneratedData.data(GeneratedData.records(120, 60, 5));
    }

    /** Epochs with mirrored halves, factorised, so the replayed shuffles, salts and factor rows all matter. */
    private static TrainingSettings epochs() {
        return new TrainingSettings(16, 4, 0, TrainingSettings.DEFAULT_SUPERBATCH_BATCHES, 300, 0.01,
                LearningRateSchedule.cosine(0.01), LambdaSchedule.constant(0.3), 2, 11, 0.1, 10_000, true, true);
    }

    /** Superbatches that end in the middle of a pass, with king buckets. */
    private static TrainingSettings superbatches() {
        return new TrainingSettings(16, 0, 4, 7, 250, 0.01, LearningRateSchedule.cosine(0.01),
                new LambdaSchedule(0.0, 0.5), 2, 12, 0.1, 10_000, true, false, true, 4)
                .withKingBuckets(KingBuckets.FOUR);
    }

    @Test
    void aRunCutOffAfterAnyPeriodEndsAsOneNeverCutOff() throws Exception {
        for (TrainingSettings settings : new TrainingSettings[] {epochs(), superbatches()}) {
            List<EpochReport> straightReports = new ArrayList<>();
            byte[] straight = NetworkFile.toBytes(new Trainer(settings, (report, network) ->
                    straightReports.add(report)).train(data).quantize());
            for (int cutAfter = 1; cutAfter < settings.periods(); cutAfter++) {
                Path checkpoint = folder.resolve("cut" + cutAfter + settings.superbatches() + ".checkpoint");
                int cut = cutAfter;
                assertThrows(CutOff.class, () -> new Trainer(settings, (report, network) -> {
                    if (report.epoch() == cut + 1) {
                        throw new CutOff();
                    }
                }, checkpoint, false).train(data));
                assertTrue(Files.exists(checkpoint));
                List<EpochReport> resumedReports = new ArrayList<>();
                int[] resumedAfter = {-1};
                byte[] resumed = NetworkFile.toBytes(new Trainer(settings, new TrainingListener() {
                    @Override
                    public void onEpoch(EpochReport report, FloatNetwork network) {
                        resumedReports.add(report);
                    }

                    @Override
                    public void onResume(int period, double bestLoss, int bestPeriod) {
                        resumedAfter[0] = period;
                    }
                }, checkpoint, true).train(data).quantize());
                assertEquals(cutAfter, resumedAfter[0]);
                assertArrayEquals(straight, resumed, "cut after period " + cutAfter + " of " + settings);
                // The periods after the cut report the same losses as the uncut run's.
                assertEquals(straightReports.subList(cutAfter, settings.periods()).stream()
                        .map(EpochReport::validationLoss).toList(),
                        resumedReports.stream().map(EpochReport::validationLoss).toList());
                assertFalse(Files.exists(checkpoint), "a finished run leaves no checkpoint");
            }
        }
    }

    @Test
    void aCheckpointOfAnotherRunOrADamagedOneIsRefused() throws Exception {
        Path checkpoint = folder.resolve("run.checkpoint");
        TrainingSettings settings = epochs();
        assertThrows(CutOff.class, () -> new Trainer(settings, (report, network) -> {
            if (report.epoch() == 2) {
                throw new CutOff();
            }
        }, checkpoint, false).train(data));
        TrainingSettings otherSeed = new TrainingSettings(16, 4, 0, TrainingSettings.DEFAULT_SUPERBATCH_BATCHES, 300,
                0.01, LearningRateSchedule.cosine(0.01), LambdaSchedule.constant(0.3), 2, 99, 0.1, 10_000, true, true);
        UncheckedIOException other = assertThrows(UncheckedIOException.class,
                () -> new Trainer(otherSeed, TrainingListener.SILENT, checkpoint, true).train(data));
        assertTrue(other.getMessage().contains("another run"), other.getMessage());
        TrainingData otherData = GeneratedData.data(GeneratedData.records(120, 60, 6));
        UncheckedIOException otherPositions = assertThrows(UncheckedIOException.class,
                () -> new Trainer(settings, TrainingListener.SILENT, checkpoint, true).train(otherData));
        assertTrue(otherPositions.getMessage().contains("another run"), otherPositions.getMessage());

        byte[] bytes = Files.readAllBytes(checkpoint);
        bytes[bytes.length / 2] ^= 1;
        Path damaged = folder.resolve("damaged.checkpoint");
        Files.write(damaged, bytes);
        UncheckedIOException corrupt = assertThrows(UncheckedIOException.class,
                () -> new Trainer(settings, TrainingListener.SILENT, damaged, true).train(data));
        assertTrue(corrupt.getMessage().contains("checksum"), corrupt.getMessage());
        Path cut = folder.resolve("cut.checkpoint");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 3));
        UncheckedIOException short1 = assertThrows(UncheckedIOException.class,
                () -> new Trainer(settings, TrainingListener.SILENT, cut, true).train(data));
        assertTrue(short1.getMessage().contains("cut short"), short1.getMessage());
    }

    @Test
    void resumingWithoutACheckpointFileIsRefused() throws IOException {
        assertThrows(IllegalArgumentException.class, () -> new Trainer(epochs(), TrainingListener.SILENT, null, true));
        UncheckedIOException missing = assertThrows(UncheckedIOException.class, () -> new Trainer(epochs(),
                TrainingListener.SILENT, folder.resolve("none.checkpoint"), true).train(data));
        assertTrue(missing.getMessage().contains("none.checkpoint"), missing.getMessage());
    }

    /** The stand-in for a run killed after a period. */
    private static final class CutOff extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
