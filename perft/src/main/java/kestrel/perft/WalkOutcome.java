package kestrel.perft;

import java.util.ArrayList;
import java.util.List;

/** How a perft walk ended, with the lines of its report. */
public sealed interface WalkOutcome {
    /** True when every count agreed. */
    boolean agrees();

    /** The report, after the walk's progress lines. */
    List<String> lines();

    /** Both programs gave the same count below every move of the walk's position. */
    record Agreement(WalkStep root) implements WalkOutcome {
        @Override
        public boolean agrees() {
            return true;
        }

        @Override
        public List<String> lines() {
            return List.of("agreement: " + root.comparison().kestrelTotal() + " nodes at depth " + root.depth());
        }
    }

    /**
     * The walk came to the position where the move lists differ (or to depth 1, or to totals that are not the sum of
     * the engine's own counts).
     *
     * @param step the last divide, of the position {@code fen}
     */
    record Mismatch(WalkStep step, String fen) implements WalkOutcome {
        @Override
        public boolean agrees() {
            return false;
        }

        @Override
        public List<String> lines() {
            List<String> lines = new ArrayList<>();
            lines.add("mismatch " + (step.path().isEmpty() ? "in the position itself"
                    : "after " + String.join(" ", step.path())) + ", depth " + step.depth() + ":");
            lines.add("fen " + fen);
            DivideComparison comparison = step.comparison();
            boolean listsDiffer = comparison.listsDiffer();
            for (MoveDifference difference : comparison.differences()) {
                // Where the lists differ, that is the cause; the counts below other moves follow from it deeper down.
                if (!listsDiffer || difference.kind() != MoveDifference.Kind.COUNT) {
                    lines.add("  " + difference.describe());
                }
            }
            if (comparison.engineSum() != comparison.engineTotal()) {
                lines.add("  the engine's move counts add up to " + comparison.engineSum() + ", but its total is "
                        + comparison.engineTotal());
            }
            return lines;
        }
    }

    /**
     * The engine's count below the last move of the path, in the divide before, differs from the total of its divide
     * after that move, which agrees with Kestrel's: its answers depend on what it was asked before.
     *
     * @param step     the divide that agreed
     * @param followed the move walked into, with the counts of the divide before
     */
    record Inconsistent(WalkStep step, MoveDifference followed) implements WalkOutcome {
        @Override
        public boolean agrees() {
            return false;
        }

        @Override
        public List<String> lines() {
            return List.of("inconsistent: the engine counted " + followed.engineCount() + " below "
                    + followed.move() + " at depth " + (step.depth() + 1) + ", but " + step.comparison().engineTotal()
                    + " after " + String.join(" ", step.path()) + " at depth " + step.depth()
                    + ", as Kestrel does; its counts depend on what it was asked before (a hash table or state kept"
                    + " between positions?)");
        }
    }
}
