package kestrel.perft;

import java.util.List;

/**
 * One divide of a perft walk: both programs' counts of the position reached by {@code path} at {@code depth}.
 *
 * @param path       the moves from the walk's position, as Kestrel writes them
 * @param depth      the depth divided
 * @param comparison the two divides side by side
 */
public record WalkStep(List<String> path, int depth, DivideComparison comparison) {
    public WalkStep {
        path = List.copyOf(path);
    }

    /** The progress line: "after e2e4 e7e5, depth 3: Kestrel 600, engine 602; 1 move differs". */
    public String describe() {
        String where = path.isEmpty() ? "depth " + depth : "after " + String.join(" ", path) + ", depth " + depth;
        int differing = comparison.differences().size();
        String moves = differing == 0 ? "all " + comparison.kestrelMoves() + " moves agree"
                : differing + (differing == 1 ? " move differs" : " moves differ");
        return where + ": Kestrel " + comparison.kestrelTotal() + ", engine " + comparison.engineTotal() + "; "
                + moves;
    }
}
