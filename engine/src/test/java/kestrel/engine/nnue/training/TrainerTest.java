package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Trains tiny networks on a tiny generated set: the loss falls, quantization is faithful, runs repeat exactly. */
class TrainerTest {
    private static final int HIDDEN = 32;
    private static TrainingData data;
    private static final List<EpochReport> REPORTS = new ArrayList<>();
    private static FloatNetwork trained;

    private static TrainingSettings settings(long seed) {
        return new TrainingSettings(HIDDEN, 8, 512, 0.01, 0.85, 0.3, 2, seed, 0.1,
                TrainingSettings.DEFAULT_MAX_SCORE, false, false);
    }

    @BeforeAll
    static void train() throws InterruptedException {
        data = GeneratedData.data(GeneratedData.records(250, 60, 42));
        trained = new Trainer(settings(7), (report, network) -> REPORTS.add(report)).train(data);
    }

    @Test
    void lossFallsOnTrainingAndValidationPositions() {
        assertEquals(8, REPORTS.size());
        EpochReport first = REPORTS.get(0);
        EpochReport last = REPORTS.get(REPORTS.size() - 1);
        assertTrue(last.trainLoss() < 0.7 * first.trainLoss(), REPORTS::toString);
        assertTrue(last.validationLoss() < first.validationLoss(), REPORTS::toString);
        assertTrue(first.positionsPerSecond() > 0);
    }

    /**
     * Quantization keeps the evaluation: on every training position the int network is within 40 cp of the float
     * one, and within 6 cp on average. The difference is the rounding of the weights: a feature weight moves by up to
     * 1/510, and some 30 of them add up in each accumulator, an output weight by up to 1/128, and one output unit is
     * 400 cp (measured here: worst 26 cp, mean 4.4 cp).
     */
    @Test
    void quantizedNetworkEvaluatesLikeTheFloatNetwork() {
        List<Position> positions = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            positions.add(Fen.parse(data.fen(i)));
        }
        QuantizationBound.assertEvaluatesLike(trained, trained.quantize(), positions);
    }

    @Test
    void sameSeedAndThreadsGiveTheSameFileBytes() throws InterruptedException {
        TrainingSettings short1 = new TrainingSettings(16, 2, 700, 0.01, 0.9, 0.5, 2, 99, 0.05, 10_000, false,
                false);
        byte[] first = NetworkFile.toBytes(new Trainer(short1, TrainingListener.SILENT).train(data).quantize());
        byte[] second = NetworkFile.toBytes(new Trainer(short1, TrainingListener.SILENT).train(data).quantize());
        assertArrayEquals(first, second);
        TrainingSettings otherSeed = new TrainingSettings(16, 2, 700, 0.01, 0.9, 0.5, 2, 100, 0.05, 10_000, false,
                false);
        byte[] third = NetworkFile.toBytes(new Trainer(otherSeed, TrainingListener.SILENT).train(data).quantize());
        assertFalse(Arrays.equals(first, third));
    }

    /**
     * Net 8's recipe (epochs, the rate times a decay after each, a constant λ) trains the very network it trained
     * before λ schedules, learning-rate schedules, superbatches and the vectorized output sum: the SHA-256 of the
     * float parameters was taken with the trainer of commit 3d61979 (with and without threads, factoriser and
     * mirrored halves). Java's float arithmetic has one answer, but {@code Math.exp} may differ in its last bit on
     * another platform or JVM: there, and only there, these two hashes would need taking again from that commit.
     */
    @Test
    void theOldRecipeTrainsTheSameNetworkAsBefore() throws Exception {
        TrainingData generated = GeneratedData.data(GeneratedData.records(100, 60, 42));
        assertEquals(5373, generated.size());
        TrainingSettings threadsFactorisedMirrored = new TrainingSettings(16, 3, 500, 0.01, 0.85, 0.25, 2, 11, 0.1,
                10_000, true, true);
        TrainingSettings plain = new TrainingSettings(8, 2, 333, 0.005, 0.9, 0.0, 1, 2, 0.05, 10_000, false, false);
        assertEquals("2f84d85761e66ba1ec0e6060dedccc003e3ffbb7f2110aa8de5a81940f0a58b6",
                parameterHash(new Trainer(threadsFactorisedMirrored, TrainingListener.SILENT).train(generated)));
        assertEquals("e700bbf818556dbd29ad61e636ea202e570ac933a1027d008b88ebac06a39f9b",
                parameterHash(new Trainer(plain, TrainingListener.SILENT).train(generated)));
    }

    /** SHA-256 of every float parameter's bits, in {@link Parameters#arrays}'s order. */
    private static String parameterHash(FloatNetwork network) throws NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (float[] array : network.parameters.arrays()) {
            ByteBuffer buffer = ByteBuffer.allocate(Float.BYTES * array.length);
            for (float value : array) {
                buffer.putInt(Float.floatToRawIntBits(value));
            }
            digest.update(buffer.array());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A superbatch that is exactly one pass over the data is an epoch: the same batches, the same network. */
    @Test
    void superbatchesOfOnePassTrainTheSameNetworkAsEpochs() throws InterruptedException {
        byte[] records = GeneratedData.records(100, 60, 42);
        TrainingData fourThousand = GeneratedData.data(Arrays.copyOf(records, 4000 * TrainingRecord.BYTES));
        assertEquals(4000, fourThousand.size());
        LearningRateSchedule schedule = LearningRateSchedule.cosine(0.01);
        LambdaSchedule lambda = new LambdaSchedule(0.1, 0.3);
        TrainingSettings epochs = new TrainingSettings(16, 3, 0, TrainingSettings.DEFAULT_SUPERBATCH_BATCHES, 500,
                0.01, schedule, lambda, 2, 5, 0, 10_000, true, true);
        TrainingSettings superbatches = new TrainingSettings(16, 0, 3, 8, 500, 0.01, schedule, lambda, 2, 5, 0,
                10_000, true, true);
        assertArrayEquals(NetworkFile.toBytes(new Trainer(epochs, TrainingListener.SILENT).train(fourThousand)
                .quantize()), NetworkFile.toBytes(new Trainer(superbatches, TrainingListener.SILENT)
                .train(fourThousand).quantize()));
        // One batch more per superbatch and the passes no longer line up.
        TrainingSettings longer = new TrainingSettings(16, 0, 3, 9, 500, 0.01, schedule, lambda, 2, 5, 0, 10_000,
                true, true);
        assertFalse(Arrays.equals(NetworkFile.toBytes(new Trainer(epochs, TrainingListener.SILENT)
                .train(fourThousand).quantize()), NetworkFile.toBytes(new Trainer(longer, TrainingListener.SILENT)
                .train(fourThousand).quantize())));
    }

    /** The validation loss is measured on the last positions of the data: whole games the network never saw. */
    @Test
    void theLastPositionsAreTheValidationSet() {
        EpochReport last = REPORTS.get(REPORTS.size() - 1);
        int validation = settings(7).validationCount(data.size());
        double lastPositions = meanLoss(data.size() - validation, data.size());
        double firstPositions = meanLoss(0, validation);
        assertEquals(last.validationLoss(), lastPositions, 1e-6);
        assertTrue(Math.abs(last.validationLoss() - firstPositions) > 1e-6);
    }

    private static double meanLoss(int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double output = trained.evaluate(Fen.parse(data.fen(i))) / Network.SCALE;
            sum += data.squaredError(i, output, settings(7).validationLambda(), settings(7).resultScale());
        }
        return sum / (to - from);
    }

    @Test
    void mirroredHalvesRepeatExactlyAndChangeWhatIsLearned() throws InterruptedException {
        TrainingSettings plain = new TrainingSettings(16, 2, 700, 0.01, 0.9, 0.5, 2, 99, 0.05, 10_000, false,
                false);
        TrainingSettings mirrored = new TrainingSettings(16, 2, 700, 0.01, 0.9, 0.5, 2, 99, 0.05, 10_000, false,
                true);
        byte[] first = NetworkFile.toBytes(new Trainer(mirrored, TrainingListener.SILENT).train(data).quantize());
        byte[] second = NetworkFile.toBytes(new Trainer(mirrored, TrainingListener.SILENT).train(data).quantize());
        assertArrayEquals(first, second);
        byte[] unmirrored = NetworkFile.toBytes(new Trainer(plain, TrainingListener.SILENT).train(data).quantize());
        assertFalse(Arrays.equals(first, unmirrored));
    }
}
