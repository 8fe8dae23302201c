import java.nio.file.Path;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.training.TrainingData;

/**
 * The loss against the search scores (lambda 0) of networks on the last positions of one data file, computed as the
 * trainer computes it ({@link TrainingData#squaredError}) but with the quantized networks as the engine runs them:
 * a way to compare a candidate with the shipped network on positions neither was trained on. Beside the loss, the
 * evaluation's scale: its mean size against the search scores', and the least-squares slope of evaluation on score
 * over the positions with |score| at most 2,000 (the search's margins are tuned to one scale).
 *
 * <pre>java --add-modules jdk.incubator.vector -cp kestrel.jar scripts/NetworkLoss.java DATA COUNT NET...</pre>
 * NET is a network file or {@code builtin} (the jar's own). Records the trainer leaves out (|score| at or above
 * 10,000) are left out here too.
 */
public final class NetworkLoss {
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: NetworkLoss DATA COUNT NET...   (NET: a network file or builtin)");
            System.exit(2);
        }
        TrainingData data = TrainingData.load(List.of(Path.of(args[0])), 10_000);
        int first = Math.max(0, data.size() - Integer.parseInt(args[1]));
        for (int n = 2; n < args.length; n++) {
            Network network = args[n].equals("builtin") ? BuiltInNetwork.get() : NetworkFile.read(Path.of(args[n]));
            double sum = 0;
            double evaluations = 0;
            double scores = 0;
            double scoreTimesEvaluation = 0;
            double scoreSquared = 0;
            int scaled = 0;
            for (int index = first; index < data.size(); index++) {
                int evaluation = network.evaluate(Fen.parse(data.fen(index)));
                sum += data.squaredError(index, evaluation / (double) Network.SCALE, 0.0);
                int score = data.sideToMoveScore(index);
                if (Math.abs(score) <= 2_000) {
                    evaluations += Math.abs(evaluation);
                    scores += Math.abs(score);
                    scoreTimesEvaluation += (double) score * evaluation;
                    scoreSquared += (double) score * score;
                    scaled++;
                }
            }
            System.out.printf("%s: loss %.6f on %d positions; mean |evaluation| %.0f cp against |score| %.0f, "
                    + "slope %.3f%n", args[n], sum / (data.size() - first), data.size() - first,
                    evaluations / scaled, scores / scaled,
                    scoreTimesEvaluation / scoreSquared);
        }
    }
}
