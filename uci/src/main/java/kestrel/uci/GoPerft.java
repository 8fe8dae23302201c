package kestrel.uci;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.perft.Perft;

/**
 * The output of {@code go perft N}: perft split by root move, one line {@code e2e4: 20} per legal move sorted by its
 * text, a blank line, then {@code Nodes searched: 8902}. Unlike a plain divide it can be stopped, also in the middle
 * of a root move's count, since a deep perft runs for minutes and UCI's {@code stop} must end it at once.
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
        Position board = new Position(position);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(board, moves, 0);
        Perft perft = new Perft(null, stopped);
        List<String[]> perMove = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < count; i++) {
            if (stopped.getAsBoolean()) {
                return List.of();
            }
            board.makeMove(moves[i]);
            long nodes;
            try {
                nodes = perft.count(board, depth - 1);
            } catch (CancellationException stoppedHalfway) {
                return List.of();
            }
            board.unmakeMove();
            total += nodes;
            perMove.add(new String[] {Move.toUci(moves[i], chess960), Long.toString(nodes)});
        }
        perMove.sort((a, b) -> a[0].compareTo(b[0]));
        List<String> lines = new ArrayList<>(perMove.size() + 2);
        for (String[] entry : perMove) {
            lines.add(entry[0] + ": " + entry[1]);
        }
        lines.add("");
        lines.add("Nodes searched: " + total);
        return lines;
    }
}
