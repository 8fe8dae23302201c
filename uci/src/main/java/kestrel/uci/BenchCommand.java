package kestrel.uci;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.NetworkFormatException;
import kestrel.engine.search.Bench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kestrel bench [depth]}: searches the bench positions; the last line gives total nodes and nodes per second. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Searches a fixed set of positions to a fixed depth. The node count is a fingerprint of the "
                + "search; the last line is '<nodes> nodes <nps> nps'.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:bad input (depth, network file)"})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "depth", defaultValue = "" + Bench.DEFAULT_DEPTH,
            description = "search depth, 1 .. " + Bench.MAX_DEPTH + " (default: ${DEFAULT-VALUE})")
    private int depth;

    @Option(names = "--eval-file", paramLabel = "NET",
            description = "Evaluate with this network instead of the built-in one.")
    private Path evalFile;

    @Option(names = "--hce", description = "Evaluate with the handcrafted evaluation, even with a network.")
    private boolean handcrafted;

    @Override
    public Integer call() {
        if (depth < 1 || depth > Bench.MAX_DEPTH) {
            spec.commandLine().getErr().println("bench: depth must be 1 .. " + Bench.MAX_DEPTH + ", not " + depth);
            return ExitCodes.BAD_INPUT;
        }
        Network network = BuiltInNetwork.get();
        if (evalFile != null) {
            try {
                network = NetworkFile.read(evalFile);
            } catch (IOException | NetworkFormatException e) {
                spec.commandLine().getErr().println("bench: cannot use the network " + evalFile + ": "
                        + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        Bench.run(depth, handcrafted ? null : network, line -> {
            out.println(line);
            out.flush();
        });
        return ExitCodes.OK;
    }
}
