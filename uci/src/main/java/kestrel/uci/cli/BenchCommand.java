package kestrel.uci.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.Network;
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
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Searches a fixed set of positions to a fixed depth. The node count is a fingerprint of the "
                + "search (on one thread); the last line is '<nodes> nodes <nps> nps'. With --threads and "
                + "--movetime it measures the speed of the parallel search. A depth and --movetime do not go "
                + "together: the bench searches to a depth or for a time. An untimed run of the same bench goes "
                + "first, so that the speed is the settled one (--cold times a fresh JVM's first run).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:bad input (depth, threads, movetime, both a depth and a movetime, or network file)"})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "depth",
            description = "search depth, 1 .. " + Bench.MAX_DEPTH + " (default: " + Bench.DEFAULT_DEPTH + "); not "
                    + "with --movetime")
    private Integer givenDepth;

    @Option(names = "--threads", paramLabel = "N",
            description = "search threads, 1 .. " + SearchThreads.MAX_THREADS + " (default: 1); with this option or "
                    + "--movetime, each position's line also gives the depth reached and the time, and the total "
                    + "the main search thread's CPU time")
    private Integer threads;

    @Option(names = "--movetime", paramLabel = "MS",
            description = "search each position this many milliseconds instead of to a depth (default: 0, to the "
                    + "depth); not with a depth")
    private Long movetime;

    @Option(names = "--cold",
            description = "time the first run of a fresh JVM, compilation included (default: an untimed run of the "
                    + "same bench first, so that the figure is the settled speed)")
    private boolean cold;

    @Mixin
    private EvaluationOptions evaluationOptions;

    @Override
    public Integer call() {
        if (givenDepth != null && movetime != null && movetime > 0) {
            // A search bounded by both would stop at whichever came first, and measure neither: refuse the pair.
            spec.commandLine().getErr().println("bench: give a depth or --movetime, not both (a depth searches each "
                    + "position to it, --movetime " + movetime + " searches each position " + movetime + " ms)");
            return ExitCodes.BAD_INPUT;
        }
        int depth = givenDepth == null ? Bench.DEFAULT_DEPTH : givenDepth;
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
        if (!cold) {
            // A fresh JVM searches at a tenth of its speed until the JIT has compiled the search: the same bench,
            // untimed and unprinted, first. The kernels before it, so that no run switches kernels halfway.
            spec.commandLine().getErr().println("bench: an untimed run first, to measure the settled speed (--cold "
                    + "times the first)");
            Network.compileVectorKernels(() -> false);
            run(depth, evaluation, line -> { });
        }
        run(depth, evaluation, print);
        return ExitCodes.OK;
    }

    private void run(int depth, EvaluationChoice evaluation, Consumer<String> print) {
        if (threads == null && movetime == null) {
            Bench.run(depth, evaluation, print);
        } else {
            Bench.run(depth, threads == null ? 1 : threads, movetime == null ? 0 : movetime, evaluation, print);
        }
    }
}
