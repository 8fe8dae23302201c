package kestrel.perft;

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

    /** The leaves below one root move, the move written in UCI notation. */
    public record MoveCount(String move, long nodes) {
    }
}
