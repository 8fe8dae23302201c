package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;
import org.junit.jupiter.api.Test;

/** The factoriser: shared rows per piece kind, folded into each input's row for the engine. */
class FactoriserTest {
    private static final int HIDDEN = 8;
    private static final int KNIGHTS_OF_THE_OTHER_SIDE =
            Features.kind(Features.index(Piece.WHITE, Piece.BLACK_KNIGHT, 0));

    /** A kind is a piece relative to the perspective, whatever its square: 12 kinds, as many as pieces. */
    @Test
    void aPieceHasOneKindOnEverySquareAndEachPieceItsOwn() {
        for (int perspective : new int[] {Piece.WHITE, Piece.BLACK}) {
            Set<Integer> kinds = new HashSet<>();
            for (int piece = 0; piece < Piece.COUNT; piece++) {
                int kind = Features.kind(Features.index(perspective, piece, 0));
                for (int square = 0; square < 64; square++) {
                    assertEquals(kind, Features.kind(Features.index(perspective, piece, square)));
                }
                kinds.add(kind);
            }
            assertEquals(Features.KINDS, kinds.size());
            assertTrue(kinds.stream().allMatch(kind -> kind >= 0 && kind < Features.KINDS), kinds::toString);
        }
        // Own and other side's pieces swap kinds with the perspective.
        assertEquals(Features.kind(Features.index(Piece.WHITE, Piece.WHITE_ROOK, 0)),
                Features.kind(Features.index(Piece.BLACK, Piece.BLACK_ROOK, 0)));
    }

    @Test
    void aFactorRowCountsInEveryInputOfItsKind() {
        FloatNetwork factorised = FloatNetwork.initial(HIDDEN, true, 5);
        float[] factor = factorised.parameters.factorWeights[KNIGHTS_OF_THE_OTHER_SIDE];
        for (int i = 0; i < HIDDEN; i++) {
            factor[i] = 0.01f * (i + 1);
        }
        factorised.constrain();
        FloatNetwork merged = FloatNetwork.initial(HIDDEN, false, 5);
        for (int feature = 0; feature < Features.COUNT; feature++) {
            float[] row = merged.parameters.featureWeights[feature];
            for (int i = 0; i < HIDDEN; i++) {
                row[i] = factorised.parameters.featureWeights[feature][i]
                        + factorised.parameters.factorWeights[Features.kind(feature)][i];
            }
        }
        // The black knights, seen from White, are the other side's knights.
        Position position = Fen.parse("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4");
        assertEquals(merged.evaluate(position), factorised.evaluate(position), 1e-4);
        assertArrayEquals(NetworkFile.toBytes(merged.quantize()), NetworkFile.toBytes(factorised.quantize()));
    }

    @Test
    void ownPlusFactorStaysWithinTheWeightLimit() {
        FloatNetwork network = FloatNetwork.initial(HIDDEN, true, 9);
        network.parameters.factorWeights[0][3] = 1.5f;
        network.parameters.featureWeights[12][3] = 1.5f;
        network.parameters.featureWeights[13][3] = -1.9f;
        network.constrain();
        assertEquals(Network.WEIGHT_LIMIT, network.parameters.featureWeights[12][3] + 1.5f, 1e-6);
        assertEquals(-1.9f, network.parameters.featureWeights[13][3], 1e-6);
    }

    @Test
    void aFactorisedNetworkTrains() throws InterruptedException {
        TrainingData data = GeneratedData.data(GeneratedData.records(120, 60, 8));
        TrainingSettings settings = new TrainingSettings(16, 5, 512, 0.01, 0.85, 0.3, 2, 4, 0.1,
                TrainingSettings.DEFAULT_MAX_SCORE, true, false);
        List<EpochReport> reports = new ArrayList<>();
        FloatNetwork trained = new Trainer(settings, (report, network) -> reports.add(report)).train(data);
        assertTrue(reports.get(4).trainLoss() < 0.7 * reports.get(0).trainLoss(), reports::toString);
        assertTrue(reports.get(4).validationLoss() < reports.get(0).validationLoss(), reports::toString);
        float largest = 0;
        for (float[] row : trained.parameters.factorWeights) {
            for (float weight : row) {
                largest = Math.max(largest, Math.abs(weight));
            }
        }
        assertTrue(largest > 0.01f, "the factor rows never moved");
    }

    /** The analytic gradient of a factor weight matches the change of the loss when the weight is nudged. */
    @Test
    void factorGradientMatchesTheNumericalDerivative() {
        TrainingData data = GeneratedData.data(GeneratedData.records(3, 30, 11));
        FloatNetwork network = FloatNetwork.initial(HIDDEN, true, 3);
        // Large enough that some hidden sums sit inside SCReLU's curved range.
        for (float[] row : network.parameters.factorWeights) {
            for (int i = 0; i < HIDDEN; i++) {
                row[i] = 0.01f * ((i % 4) - 1);
            }
        }
        network.constrain();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            positions.add(i);
        }
        Parameters gradients = new Parameters(HIDDEN);
        Workspace work = new Workspace(HIDDEN);
        for (int index : positions) {
            work.featureCount = data.features(index, false, work.ownFeatures, work.otherFeatures, work.squares,
                    work.pieces);
            float predicted = (float) TrainingData.sigmoid(network.forward(work));
            float error = predicted - data.target(index, 0.3);
            network.backward(work, 2 * error * predicted * (1 - predicted), gradients);
        }
        network.addFactorGradients(gradients);
        int checked = 0;
        for (int factor : new int[] {0, 1, KNIGHTS_OF_THE_OTHER_SIDE, 11}) {
            for (int i = 0; i < HIDDEN; i++) {
                double analytic = gradients.factorWeights[factor][i];
                double numeric = numericGradient(network, data, positions, factor, i);
                assertEquals(numeric, analytic, 1e-3 + 0.02 * Math.abs(numeric),
                        "factor " + factor + ", neuron " + i);
                checked += Math.abs(numeric) > 1e-3 ? 1 : 0;
            }
        }
        assertTrue(checked >= 8, "only " + checked + " of the checked gradients were not zero");
    }

    private static double numericGradient(FloatNetwork network, TrainingData data, List<Integer> positions,
                                          int factor, int neuron) {
        float h = 1e-3f;
        float[] row = network.parameters.factorWeights[factor];
        float saved = row[neuron];
        row[neuron] = saved + h;
        network.constrain();
        double plus = summedLoss(network, data, positions);
        row[neuron] = saved - h;
        network.constrain();
        double minus = summedLoss(network, data, positions);
        row[neuron] = saved;
        network.constrain();
        return (plus - minus) / (2 * h);
    }

    private static double summedLoss(FloatNetwork network, TrainingData data, List<Integer> positions) {
        Workspace work = new Workspace(HIDDEN);
        double sum = 0;
        for (int index : positions) {
            work.featureCount = data.features(index, false, work.ownFeatures, work.otherFeatures, work.squares,
                    work.pieces);
            sum += data.squaredError(index, network.forward(work), 0.3);
        }
        return sum;
    }
}
