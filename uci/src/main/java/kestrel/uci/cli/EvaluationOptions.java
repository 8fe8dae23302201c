package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.NetworkFormatException;
import kestrel.engine.FileProblem;
import picocli.CommandLine.Option;

/**
 * The options that choose the evaluation on the command line, shared by {@code kestrel bench} and
 * {@code kestrel datagen} as a Picocli mixin: the built-in network (the handcrafted evaluation when the jar has
 * none), {@code --eval-file NET}, or {@code --hce}, which wins over both.
 */
final class EvaluationOptions {
    @Option(names = "--eval-file", paramLabel = "NET",
            description = "Evaluate with this network instead of the built-in one.")
    private Path evalFile;

    @Option(names = "--hce", description = "Evaluate with the handcrafted evaluation, even with a network.")
    private boolean handcrafted;

    /** The evaluation chosen. */
    EvaluationChoice evaluation() throws IOException, NetworkFormatException {
        if (handcrafted) {
            return Evaluation.HANDCRAFTED;
        }
        return evalFile != null ? new NetworkEvaluation(NetworkFile.read(evalFile)) : BuiltInNetwork.orHandcrafted();
    }

    /**
     * The evaluation chosen, as {@link #evaluation()}; when the network file cannot be used, writes
     * {@code <command>: cannot use the network ...} to {@code err} and throws.
     */
    EvaluationChoice evaluationOrReport(String command, PrintWriter err) throws UnusableNetworkException {
        try {
            return evaluation();
        } catch (IOException e) {
            err.println(command + ": cannot use the network " + evalFile + ": " + FileProblem.ofReading(e));
            throw new UnusableNetworkException();
        } catch (NetworkFormatException e) {
            err.println(command + ": cannot use the network " + evalFile + ": " + e.getMessage());
            throw new UnusableNetworkException();
        }
    }

    /** The network file could not be used; the reason has been reported. */
    static final class UnusableNetworkException extends Exception {
        private static final long serialVersionUID = 1L;
    }
}
