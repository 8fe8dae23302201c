package kestrel.uci.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.perft.CommandWords;
import kestrel.perft.Divide;
import kestrel.perft.EngineFailure;
import kestrel.perft.EngineUnderTest;
import kestrel.perft.Perft;
import kestrel.perft.PerftBench;
import kestrel.perft.PerftCache;
import kestrel.perft.PerftWalk;
import kestrel.perft.PerftreeScriptUnderTest;
import kestrel.perft.SuiteLine;
import kestrel.perft.SuiteParser;
import kestrel.perft.SuiteRunner;
import kestrel.perft.SuiteSummary;
import kestrel.perft.UciEngineUnderTest;
import kestrel.perft.WalkOutcome;
import kestrel.engine.FileProblem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel perft}: counts the leaves of the legal move tree (optionally split by root move), checks perft
 * suites, measures perft speed, and walks a count that another program gets wrong down to the move that causes it
 * ({@code --against}). Counts and suite results go to stdout and the time they took to stderr, so that stdout can be
 * compared line for line with another program's output. With --bench the times and speeds are the results, so they
 * go to stdout; only the warm-up notice goes to stderr.
 */
@Command(name = "perft", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = {
            "Counts the leaf nodes of the legal move tree to a depth, checks perft suites, measures perft speed, or"
                + " (--against) finds the move behind another engine's wrong count.",
            "Exactly one of --depth, --suite or --bench chooses what to do."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done; every suite line passed; every count of the engine under test agreed",
            "1:a suite line failed, a bench count was wrong, or the engine under test's counts differ",
            "2:bad input (options, FEN, move, file, command)",
            "3:the engine under test could not be started, ended, timed out or printed another format"})
public final class PerftCommand implements Callable<Integer> {
    /** Deeper counts would run for years (and overflow 64 bits), unless a cache makes them trivial. */
    static final int MAX_DEPTH = 20;

    /** How long the engine under test may take over one divide, unless --timeout says otherwise. */
    static final int DEFAULT_TIMEOUT_SECONDS = 300;

    private static final long BYTES_PER_MEGABYTE = 1024L * 1024;
    /** Heap kept free beside a --hash cache for everything else the program holds. */
    private static final long HEAP_RESERVE_MEGABYTES = 64;

    @Spec
    private CommandSpec spec;

    @Option(names = "--depth", paramLabel = "N", description = "Count to depth N (0 to " + MAX_DEPTH + ").")
    private Integer depth;

    @Mixin
    private PositionOptions positionOptions;

    @Option(names = "--divide", description = "Print the count below each root move, sorted by move.")
    private boolean divide;

    @Option(names = "--hash", paramLabel = "MB",
            description = "Use a cache of subtree counts of this many MiB, rounded down to a power of two (for deep"
                    + " runs).")
    private Integer hashMegabytes;

    @Option(names = "--suite", paramLabel = "FILE",
            description = "Check every line 'FEN ;D1 n ;D2 n ...' of an EPD perft suite.")
    private Path suite;

    @Option(names = "--max-depth", paramLabel = "D",
            description = "With --suite: check counts up to depth D only (default: every depth listed).")
    private Integer maxDepth;

    @Option(names = "--bench",
            description = "Time the start position to depth 6 and Kiwipete to depth 5, after a JIT warm-up.")
    private boolean bench;

    @Option(names = "--runs", paramLabel = "N", description = "With --bench: timed runs of each position (default 5).")
    private Integer runs;

    @Option(names = "--against", paramLabel = "COMMAND",
            description = "With --depth: compare each divide with the engine COMMAND starts (split into words as a"
                    + " shell would) and walk a difference down to the move lists that differ.")
    private String against;

    @Option(names = "--protocol", paramLabel = "uci|perftree",
            description = "With --against: how COMMAND is asked, 'uci' (go perft, the default) or 'perftree' (run as"
                    + " COMMAND DEPTH FEN [MOVES] for each divide).")
    private String protocol;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "With --against: the longest COMMAND may take over one divide (default "
                    + DEFAULT_TIMEOUT_SECONDS + ").")
    private Integer timeoutSeconds;

    @Override
    public Integer call() {
        String problem = problemWithOptions();
        if (problem != null) {
            err().println("error: " + problem + " (see kestrel perft --help)");
            return ExitCodes.BAD_INPUT;
        }
        try {
            if (bench) {
                return runBench();
            }
            Perft perft = createPerft();
            if (perft == null) {
                return ExitCodes.BAD_INPUT;
            }
            return suite != null ? runSuite(perft) : against != null ? runWalk(perft) : runCount(perft);
        } catch (ArithmeticException e) {
            err().println("error: the count does not fit in 64 bits");
            return ExitCodes.BAD_INPUT;
        }
    }

    /** What is wrong with the options given, or null. */
    private String problemWithOptions() {
        int modes = (depth != null ? 1 : 0) + (suite != null ? 1 : 0) + (bench ? 1 : 0);
        if (modes != 1) {
            return "choose exactly one of --depth N, --suite FILE or --bench";
        }
        if (depth == null && (divide || positionOptions.choosesAPosition())) {
            return "--divide, --fen and --moves go with --depth";
        }
        if (suite == null && maxDepth != null) {
            return "--max-depth goes with --suite";
        }
        if (!bench && runs != null) {
            return "--runs goes with --bench";
        }
        if (against == null && (protocol != null || timeoutSeconds != null)) {
            return "--protocol and --timeout go with --against";
        }
        if (against != null && (depth == null || divide)) {
            return "--against goes with --depth, without --divide";
        }
        if (protocol != null && !protocol.equals("uci") && !protocol.equals("perftree")) {
            return "--protocol must be uci or perftree, not " + protocol;
        }
        if (timeoutSeconds != null && timeoutSeconds < 1) {
            return "--timeout must be 1 second or more, not " + timeoutSeconds;
        }
        if (bench && (hashMegabytes != null || positionOptions.chess960())) {
            return "--bench measures the uncached standard counter: no --hash or --chess960";
        }
        if (depth != null && (depth < 0 || depth > MAX_DEPTH)) {
            return "--depth must be 0 to " + MAX_DEPTH + ", not " + depth;
        }
        if ((divide || against != null) && depth == 0) {
            return (divide ? "--divide" : "--against") + " needs --depth 1 or more";
        }
        if (maxDepth != null && (maxDepth < 0 || maxDepth > Perft.MAX_DEPTH)) {
            return "--max-depth must be 0 to " + Perft.MAX_DEPTH + ", not " + maxDepth;
        }
        if (runs != null && runs < 1) {
            return "--runs must be 1 or more, not " + runs;
        }
        if (hashMegabytes != null && (hashMegabytes < 1 || hashMegabytes > PerftCache.MAX_MEGABYTES)) {
            return "--hash must be 1 to " + PerftCache.MAX_MEGABYTES + " MB, not " + hashMegabytes;
        }
        return null;
    }

    /** The counter, with its cache if one was asked for; null (after saying why) when the cache cannot fit. */
    private Perft createPerft() {
        if (hashMegabytes == null) {
            return new Perft();
        }
        long heapMegabytes = Runtime.getRuntime().maxMemory() / BYTES_PER_MEGABYTE;
        if (hashMegabytes > heapMegabytes - HEAP_RESERVE_MEGABYTES) {
            // Half as much again as the cache and the reserve: the cache lives in the old generation, part of the heap.
            long suggestedMegabytes = ((hashMegabytes + HEAP_RESERVE_MEGABYTES) * 3 / 2 + 63) / 64 * 64;
            err().println("error: --hash " + hashMegabytes + " MB does not fit in the Java heap (at most "
                    + heapMegabytes + " MB); lower it, or start Java with about -Xmx" + suggestedMegabytes
                    + "m (KESTREL_JAVA_OPTS for ./kestrel)");
            return null;
        }
        try {
            return new Perft(new PerftCache(hashMegabytes));
        } catch (OutOfMemoryError e) {
            err().println("error: not enough memory for --hash " + hashMegabytes + " MB; lower it");
            return null;
        }
    }

    private int runCount(Perft perft) {
        Position position = positionOptions.position(err());
        if (position == null) {
            return ExitCodes.BAD_INPUT;
        }
        long start = System.nanoTime();
        long nodes;
        if (divide) {
            Divide result = perft.divide(position, depth, positionOptions.chess960());
            result.lines().forEach(out()::println);
            nodes = result.total();
        } else {
            nodes = perft.count(position, depth);
            out().println("Nodes searched: " + nodes);
        }
        long nanos = System.nanoTime() - start;
        out().flush();
        err().println(timing(nodes, nanos));
        return ExitCodes.OK;
    }

    /**
     * Walks the position against the engine under test: each divide's line as it comes, then the report. Exit 0
     * when every count agrees, 1 with a mismatch, 3 when the engine fails.
     */
    private int runWalk(Perft perft) {
        Position position = positionOptions.position(err());
        if (position == null) {
            return ExitCodes.BAD_INPUT;
        }
        List<String> command;
        try {
            command = CommandWords.split(against);
        } catch (IllegalArgumentException e) {
            err().println("error: --against: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        boolean chess960 = positionOptions.chess960() || PerftWalk.needsChess960(position);
        Duration limit = Duration.ofSeconds(timeoutSeconds == null ? DEFAULT_TIMEOUT_SECONDS : timeoutSeconds);
        out().println("position " + Fen.toFen(position, chess960));
        out().flush();
        long start = System.nanoTime();
        try (EngineUnderTest engine = "perftree".equals(protocol) ? new PerftreeScriptUnderTest(command, limit)
                : UciEngineUnderTest.start(command, chess960, limit)) {
            WalkOutcome outcome = new PerftWalk(perft, engine, chess960).walk(position, depth, step -> {
                out().println(step.describe());
                out().flush(); // a deep divide takes a while: show each as it comes
            });
            outcome.lines().forEach(out()::println);
            out().flush();
            err().println(String.format(Locale.ROOT, "Time: %.3f s", (System.nanoTime() - start) / 1e9));
            return outcome.agrees() ? ExitCodes.OK : ExitCodes.FAILED;
        } catch (EngineFailure e) {
            out().flush();
            err().println("error: the engine under test " + e.reason().words() + ": " + e.getMessage());
            return ExitCodes.ENGINE_FAILED;
        }
    }

    private int runSuite(Perft perft) {
        List<SuiteLine> lines;
        try {
            lines = SuiteParser.read(suite);
        } catch (IOException e) {
            err().println("error: cannot read the suite " + suite + ": " + FileProblem.ofReading(e));
            return ExitCodes.BAD_INPUT;
        }
        if (lines.isEmpty()) {
            err().println("warning: " + suite + " holds no positions");
        }
        int deepest = maxDepth == null ? SuiteRunner.ALL_DEPTHS : maxDepth;
        SuiteSummary summary = new SuiteRunner(perft, deepest).runAll(lines, result -> {
            out().println(result.describe());
            out().flush(); // show progress on long suites
        });
        out().println(summary.summaryLine());
        out().flush();
        err().println(timing(summary.nodes(), summary.nanos()));
        return summary.allPassed() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private int runBench() {
        PerftBench perftBench = new PerftBench();
        err().println("Warming up the JIT compiler...");
        err().flush();
        perftBench.warmUp();
        boolean[] allCorrect = {true};
        List<PerftBench.Measurement> measurements = perftBench.run(runs == null ? 5 : runs, measurement -> {
            PerftBench.Target target = measurement.target();
            out().println(String.format(Locale.ROOT, "%-9s depth %d  %,13d nodes  %7.3f s  %6.1f Mnps%s",
                    target.name(), target.depth(), measurement.nodes(), measurement.nanos() / 1e9,
                    measurement.nodesPerSecond() / 1e6,
                    measurement.correct() ? "" : "  WRONG, expected " + target.expectedNodes()));
            out().flush();
            allCorrect[0] &= measurement.correct();
        });
        out().println();
        for (PerftBench.TargetSummary summary : PerftBench.summarize(measurements)) {
            out().println(String.format(Locale.ROOT, "%-9s best %6.1f Mnps, median %6.1f Mnps of %d runs",
                    summary.target().name(), summary.bestNodesPerSecond() / 1e6,
                    summary.medianNodesPerSecond() / 1e6, summary.runs()));
        }
        out().flush();
        return allCorrect[0] ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private static String timing(long nodes, long nanos) {
        double seconds = Math.max(nanos, 1) / 1e9;
        return String.format(Locale.ROOT, "Time: %.3f s, %,.0f nodes per second", seconds, nodes / seconds);
    }

    private PrintWriter out() {
        return spec.commandLine().getOut();
    }

    private PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
