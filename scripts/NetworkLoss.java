import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import kestrel.engine.Fen;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.TrainingRecord;

/**
 * The loss against the search scores (lambda 0, as the trainer measures it) of networks on the last positions of one
 * data file, with the quantized networks as the engine runs them: a way to compare a candidate with the shipped
 * network on positions neither was trained on.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp kestrel.jar scripts/NetworkLoss.java DATA COUNT NET...</pre>
 * NET is a network file or {@code builtin} (the jar's own). Records with |score| at or above 10,000 are left out, as
 * the trainer leaves them out.
 */
public final class NetworkLoss {
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: NetworkLoss DATA COUNT NET...   (NET: a network file or builtin)");
            System.exit(2);
        }
        byte[] records = Files.readAllBytes(Path.of(args[0]));
        int total = records.length / TrainingRecord.BYTES;
        int first = Math.max(0, total - Integer.parseInt(args[1]));
        for (int n = 2; n < args.length; n++) {
            Network network = load(args[n]);
            double sum = 0;
            int counted = 0;
            for (int index = first; index < total; index++) {
                int offset = index * TrainingRecord.BYTES;
                int whiteScore = TrainingRecord.whiteScore(records, offset);
                if (Math.abs(whiteScore) >= 10_000) {
                    continue;
                }
                boolean white = TrainingRecord.sideToMove(records, offset) == 0;
                double target = sigmoid((white ? whiteScore : -whiteScore) / (double) Network.SCALE);
                int evaluation = network.evaluate(Fen.parse(TrainingRecord.toFen(records, offset)));
                double error = sigmoid(evaluation / (double) Network.SCALE) - target;
                sum += error * error;
                counted++;
            }
            System.out.printf("%s: loss %.6f on %d positions%n", args[n], sum / counted, counted);
        }
    }

    private static Network load(String name) throws IOException {
        if (name.equals("builtin")) {
            return BuiltInNetwork.get();
        }
        try {
            return NetworkFile.read(Path.of(name));
        } catch (kestrel.engine.nnue.NetworkFormatException e) {
            throw new IOException(name + ": " + e.getMessage(), e);
        }
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
