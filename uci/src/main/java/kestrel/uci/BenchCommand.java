package kestrel.uci;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.search.Bench;
import kestrel.engine.search.SearchThreads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel bench [depth] [--threads N] [--movetime MS] [--eval-file NET] [--hce]}: searches the bench positions
 * with the built-in network (if any), the one given, or the handcrafted evaluation; the line before the last names
 * the evaluation, and the last gives total nodes and nodes per second.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Searches a fixed set of positions to a fixed depth. The node count is a fingerprint of the "
                + "search (on one thread); the last line is '<nodes> nodes <nps> nps'. With --threads and "
                + "--movetime it measures the speed of the parallel search.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:bad input (depth, threads, movetime or network file)"})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "depth", defaultValue = "" + Bench.DEFAULT_DEPTH,
            description = "search depth, 1 .. " + Bench.MAX_DEPTH + " (default: ${DEFAULT-VALUE})")
    private int depth;

    @Option(names = "--threads", paramLabel = "N",
            description = "search threads, 1 .. " + SearchThreads.MAX_THREADS + " (default: 1); with this option or "
                    + "--movetime, each position's line also gives the depth reached and the time, and the total "
                    + "the main search thread's CPU time")
    private Integer threads;

    @Option(names = "--movetime", paramLabel = "MS",
            description = "search each position this many milliseconds instead of to the depth (default: 0, to the "
                    + "depth)")
    private Long movetime;

    @Mixin
    private EvaluationOptions evaluationOptions;

    @Override
    public Integer call() {
        if (depth < 1 || depth > Bench.MAX_DEPTH) {
            spec.commandLine().getErr().println("bench: depth must be 1 .. " + Bench.MAX_DEPTH + ", not " + depth);
            return ExitCodes.BAD_INPUT;
        }
        if (threads != null && (threads < 1 || threads > SearchThreads.MAX_THREADS)) {
            spec.commandLine().getErr().println("bench: threads must be 1 .. " + SearchThreads.MAX_THREADS
                    + ", not " + threads);
            return ExitCodes.BAD_INPUT;
        }
        if (movetime != null && movetime < 0) {
            spec.commandLine().getErr().println("bench: movetime must be 0 or more, not " + movetime);
            return ExitCodes.BAD_INPUT;
        }
        EvaluationChoice evaluation;
        try {
            evaluation = evaluationOptions.evaluationOrReport("bench", spec.commandLine().getErr());
        } catch (EvaluationOptions.UnusableNetworkException e) {
            return ExitCodes.BAD_INPUT;
        }
        PrintWriter out = spec.commandLine().getOut();
        Consumer<String> print = line -> {
            out.println(line);
            out.flush();
        };
        if (threads == null && movetime == null) {
            Bench.run(depth, evaluation, print);
        } else {
            Bench.run(depth, threads == null ? 1 : threads, movetime == null ? 0 : movetime, evaluation, print);
        }
        return ExitCodes.OK;
    }
}
