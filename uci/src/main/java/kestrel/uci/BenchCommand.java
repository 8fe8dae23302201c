package kestrel.uci;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import kestrel.engine.search.Bench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kestrel bench [depth]}: searches the bench positions; the last line gives total nodes and nodes per second. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Searches a fixed set of positions to a fixed depth. The node count is a fingerprint of the "
                + "search; the last line is '<nodes> nodes <nps> nps'.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:bad input (depth)"})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "depth", defaultValue = "" + Bench.DEFAULT_DEPTH,
            description = "search depth, 1 .. " + Bench.MAX_DEPTH + " (default: ${DEFAULT-VALUE})")
    private int depth;

    @Override
    public Integer call() {
        if (depth < 1 || depth > Bench.MAX_DEPTH) {
            spec.commandLine().getErr().println("bench: depth must be 1 .. " + Bench.MAX_DEPTH + ", not " + depth);
            return ExitCodes.BAD_INPUT;
        }
        PrintWriter out = spec.commandLine().getOut();
        Bench.run(depth, line -> {
            out.println(line);
            out.flush();
        });
        return ExitCodes.OK;
    }
}
