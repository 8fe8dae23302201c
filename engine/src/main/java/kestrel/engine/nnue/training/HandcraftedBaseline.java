package kestrel.engine.nnue.training;

import kestrel.engine.Fen;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.nnue.Network;

/**
 * The loss the handcrafted evaluation would score on the validation positions, read as a network's output (its
 * centipawns / {@value Network#SCALE}): the mark a network's validation loss has to beat before it is worth playing.
 */
public final class HandcraftedBaseline {
    private HandcraftedBaseline() {
    }

    /** The handcrafted evaluation's mean loss on the positions {@code settings} holds out; NaN when none are. */
    public static double validationLoss(TrainingData data, TrainingSettings settings) {
        int count = settings.validationCount(data.size());
        if (count == 0) {
            return Double.NaN;
        }
        Evaluation evaluation = new Evaluation();
        double sum = 0;
        for (int index = data.size() - count; index < data.size(); index++) {
            double output = evaluation.evaluate(Fen.parse(data.fen(index))) / (double) Network.SCALE;
            sum += data.squaredError(index, output, settings.validationLambda(), settings.resultScale());
        }
        return sum / count;
    }
}
