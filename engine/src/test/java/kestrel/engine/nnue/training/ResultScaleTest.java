package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.Test;

/**
 * The result term read at its own scale: the loss it defines, the scale fitted to the data, and what it is for: a
 * network trained with the result blended in keeps the scale of the search scores.
 */
class ResultScaleTest {
    /** Scores spread over ±800 cp, each result a win or a loss drawn with probability sigmoid(score / scale). */
    private static byte[] resultsDrawnAtScale(double scale, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Position position = Fen.parse("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
        byte[] bytes = new byte[count * TrainingRecord.BYTES];
        for (int i = 0; i < count; i++) {
            int score = random.nextInt(-800, 801);
            int result = random.nextDouble() < TrainingData.sigmoid(score / scale) ? TrainingRecord.WHITE_WIN
                    : TrainingRecord.BLACK_WIN;
            TrainingRecord.encode(position, score, result, bytes, i * TrainingRecord.BYTES);
        }
        return bytes;
    }

    @Test
    void theFittedScaleIsTheOneTheResultsWereDrawnAt() {
        for (double scale : new double[] {150, 400}) {
            TrainingData data = GeneratedData.data(resultsDrawnAtScale(scale, 40_000, 11));
            double fitted = data.fittedResultScale(IntStream.range(0, data.size()).toArray());
            assertEquals(scale, fitted, 0.08 * scale, "drawn at " + scale);
        }
    }

    /**
     * The two-term loss is the plain blend's, (sigmoid(out) − target)², plus λ(1 − λ)(s − r)², which no output
     * changes: at the network's own scale both give the same gradients, and the trainer keeps the plain one.
     */
    @Test
    void theTwoTermLossIsThePlainBlendPlusAConstant() {
        TrainingData data = GeneratedData.data(GeneratedData.records(3, 30, 5));
        double nearlyOwnScale = Network.SCALE * (1 + 1e-12);
        for (int index = 0; index < data.size(); index++) {
            double s = data.scoreProbability(index);
            double r = data.result(index);
            for (double lambda : new double[] {0, 0.3, 1}) {
                for (double output : new double[] {-2, -0.1, 0, 0.7, 3}) {
                    double plain = data.squaredError(index, output, lambda);
                    assertEquals(plain, data.squaredError(index, output, lambda, Network.SCALE));
                    assertEquals(plain + lambda * (1 - lambda) * (s - r) * (s - r),
                            data.squaredError(index, output, lambda, nearlyOwnScale), 1e-7);
                }
            }
        }
    }

    /** The gradient the trainer follows is the loss's derivative, checked against a central difference. */
    @Test
    void theGradientIsTheLossesDerivative() {
        TrainingData data = GeneratedData.data(GeneratedData.records(2, 30, 13));
        double h = 1e-6;
        for (int index = 0; index < data.size(); index++) {
            for (double scale : new double[] {120, 180, 400, 900}) {
                for (double output : new double[] {-1.5, 0.05, 0.9}) {
                    double numeric = (data.squaredError(index, output + h, 0.4, scale * (1 + 1e-12))
                            - data.squaredError(index, output - h, 0.4, scale * (1 + 1e-12))) / (2 * h);
                    assertEquals(numeric, data.squaredErrorGradient(index, output, 0.4, scale), 1e-7);
                }
            }
        }
    }

    /** The result term reads the output stretched by SCALE / K; the score term does not change with K. */
    @Test
    void theResultTermReadsTheOutputAtItsScale() {
        TrainingData data = GeneratedData.data(GeneratedData.records(2, 20, 9));
        for (int index = 0; index < data.size(); index++) {
            double r = data.result(index);
            double s = data.scoreProbability(index);
            double output = 0.4;
            double resultOnly = TrainingData.sigmoid(output * Network.SCALE / 200) - r;
            assertEquals(resultOnly * resultOnly, data.squaredError(index, output, 1, 200), 1e-12);
            double scoreOnly = TrainingData.sigmoid(output) - s;
            assertEquals(scoreOnly * scoreOnly, data.squaredError(index, output, 0, 200), 1e-12);
        }
    }

    /**
     * With results more decisive than sigmoid(score / 400) says (drawn at 150), blending them in at the network's
     * scale teaches it larger evaluations than the scores alone do; read at the fitted scale, the evaluations stay
     * much nearer the size the scores alone teach. (Here they come out a little smaller: the steeper sigmoid punishes
     * the tiny network's confident mistakes more.)
     */
    @Test
    void theFittedScaleKeepsTheEvaluationsSize() throws InterruptedException {
        byte[] records = GeneratedData.records(200, 60, 21);
        SplittableRandom random = new SplittableRandom(4);
        TrainingData scored = GeneratedData.data(records);
        for (int offset = 0; offset < records.length; offset += TrainingRecord.BYTES) {
            int score = TrainingRecord.whiteScore(records, offset);
            TrainingRecord.setResult(records, offset, random.nextDouble() < TrainingData.sigmoid(score / 150.0)
                    ? TrainingRecord.WHITE_WIN : TrainingRecord.BLACK_WIN);
        }
        TrainingData data = GeneratedData.data(records);
        assertEquals(scored.size(), data.size());
        double fitted = data.fittedResultScale(IntStream.range(0, data.size()).toArray());
        double scoresOnly = meanSizeRatio(data, 0, Network.SCALE);
        double plain = meanSizeRatio(data, 0.7, Network.SCALE);
        double kept = meanSizeRatio(data, 0.7, fitted);
        String ratios = "fitted scale " + fitted + "; |evaluation| / |score|: scores only " + scoresOnly
                + ", at 400 " + plain + ", at the fitted scale " + kept;
        assertTrue(plain > 1.15 * scoresOnly, ratios);
        assertTrue(Math.abs(kept - scoresOnly) < 0.5 * Math.abs(plain - scoresOnly), ratios);
    }

    /** Mean |evaluation| over mean |score| of a tiny network trained with λ {@code lambda} at scale {@code scale}. */
    private static double meanSizeRatio(TrainingData data, double lambda, double scale) throws InterruptedException {
        TrainingSettings settings = new TrainingSettings(32, 6, 0, TrainingSettings.DEFAULT_SUPERBATCH_BATCHES, 512,
                0.01, LearningRateSchedule.cosine(0.01), LambdaSchedule.constant(lambda), 2, 3, 0, 10_000, false, false,
                false, 1, scale);
        FloatNetwork network = new Trainer(settings, TrainingListener.SILENT).train(data);
        double evaluations = 0;
        double scores = 0;
        for (int index = 0; index < data.size(); index++) {
            evaluations += Math.abs(network.evaluate(Fen.parse(data.fen(index))));
            scores += Math.abs(data.sideToMoveScore(index));
        }
        return evaluations / scores;
    }

    @Test
    void aScaleOutsideItsRangeIsRefused() {
        TrainingSettings settings = new TrainingSettings(8, 1, 100, 0.01, 0.9, 0.3, 1, 1, 0.1, 10_000, false, false);
        assertEquals(Network.SCALE, settings.resultScale());
        assertEquals(180, settings.withResultScale(180).resultScale());
        assertThrows(IllegalArgumentException.class, () -> settings.withResultScale(20));
        assertThrows(IllegalArgumentException.class, () -> settings.withResultScale(5000));
    }
}
