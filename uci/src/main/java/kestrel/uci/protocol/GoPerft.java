package kestrel.uci.protocol;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import kestrel.engine.Position;
import kestrel.perft.Perft;

/**
 * The output of {@code go perft N}: the perft module's divide ({@code e2e4: 20} per root move, sorted, a blank line,
 * {@code Nodes searched: 8902}), counted by a {@link Perft} that UCI's {@code stop} can end at once, since a deep
 * perft runs for minutes.
 */
final class GoPerft {
    private GoPerft() {
    }

    /**
     * The output lines, or an empty list when {@code stopped} turned true. Works on a copy, so {@code position} is
     * not touched, not even by a count stopped halfway.
     */
    static List<String> lines(Position position, int depth, boolean chess960, BooleanSupplier stopped) {
        if (depth < 1) {
            throw new IllegalArgumentException("go perft needs depth 1 or more, not " + depth);
        }
        try {
            return new Perft(null, stopped).divide(new Position(position), depth, chess960).lines();
        } catch (CancellationException stoppedHalfway) {
            return List.of();
        }
    }
}
