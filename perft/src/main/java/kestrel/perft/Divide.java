package kestrel.perft;

import java.util.ArrayList;
import java.util.List;

/**
 * A perft count split by root move ("divide"): comparing it with another program's divide finds the move whose
 * subtree differs.
 *
 * @param counts one count per legal root move, sorted by the move's UCI text
 * @param total  the sum of the counts, the perft of the root
 */
public record Divide(List<MoveCount> counts, long total) {
    public Divide {
        counts = List.copyOf(counts);
    }

    /**
     * The text both {@code kestrel perft --divide} and UCI's {@code go perft} print, as Stockfish does: one line
     * {@code e2e4: 20} per root move, a blank line, then {@code Nodes searched: N}.
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>(counts.size() + 2);
        for (MoveCount count : counts) {
            lines.add(count.move() + ": " + count.nodes());
        }
        lines.add("");
        lines.add("Nodes searched: " + total);
        return lines;
    }

    /** The leaves below one root move, the move written in UCI notation. */
    public record MoveCount(String move, long nodes) {
    }
}
