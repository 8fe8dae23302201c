package kestrel.perft;

import java.util.List;
import java.util.function.Consumer;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Position;

/**
 * Checks the lines of a perft suite: each position is counted at every depth its line lists, up to a maximum
 * depth, shallowest first, and stops at the first wrong count.
 */
public final class SuiteRunner {
    /** Pass as maximum depth to check every count a line lists. */
    public static final int ALL_DEPTHS = Perft.MAX_DEPTH;

    private final Perft perft;
    private final int maxDepth;

    /** A runner counting with {@code perft}, checking counts at depths up to {@code maxDepth}. */
    public SuiteRunner(Perft perft, int maxDepth) {
        if (maxDepth < 0 || maxDepth > Perft.MAX_DEPTH) {
            throw new IllegalArgumentException("the maximum depth must be 0 to " + Perft.MAX_DEPTH + ", not " + maxDepth);
        }
        this.perft = perft;
        this.maxDepth = maxDepth;
    }

    /** Checks every line in order, handing each result to {@code listener} as soon as it is known. */
    public SuiteSummary runAll(List<? extends SuiteLine> lines, Consumer<CaseResult> listener) {
        long start = System.nanoTime();
        int passed = 0;
        int failed = 0;
        int skipped = 0;
        long nodes = 0;
        for (SuiteLine line : lines) {
            CaseResult result = run(line);
            listener.accept(result);
            nodes += result.nodes();
            if (result.failed()) {
                failed++;
            } else if (result instanceof CaseResult.Skipped) {
                skipped++;
            } else {
                passed++;
            }
        }
        return new SuiteSummary(passed, failed, skipped, nodes, System.nanoTime() - start);
    }

    /** Checks one line. */
    public CaseResult run(SuiteLine line) {
        if (line instanceof MalformedLine malformed) {
            return new CaseResult.Malformed(malformed.lineNumber(), malformed.problem());
        }
        PerftCase perftCase = (PerftCase) line;
        Position position;
        try {
            position = Fen.parse(perftCase.fen());
        } catch (FenException e) {
            return new CaseResult.Malformed(perftCase.lineNumber(), "bad FEN: " + e.getMessage());
        }
        int deepest = Math.min(maxDepth, perftCase.maxDepth());
        long nodes = 0;
        int deepestChecked = -1;
        for (int depth = 0; depth <= deepest; depth++) {
            long expected = perftCase.expected(depth);
            if (expected == PerftCase.UNKNOWN) {
                continue;
            }
            long got = perft.count(position, depth);
            nodes += got;
            if (got != expected) {
                return new CaseResult.Failed(perftCase.lineNumber(), perftCase.fen(), depth, expected, got, nodes);
            }
            deepestChecked = depth;
        }
        if (deepestChecked < 0) {
            return new CaseResult.Skipped(perftCase.lineNumber(), perftCase.fen(), maxDepth);
        }
        return new CaseResult.Passed(perftCase.lineNumber(), perftCase.fen(), deepestChecked, nodes);
    }
}
