package kestrel.perft;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import kestrel.engine.CastlingRights;
import kestrel.engine.Fen;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * Walks a wrong perft count down to the move that causes it: Kestrel and the engine under test each divide the
 * position; where they differ only in counts, the walk plays a move whose counts differ and divides again one ply
 * shallower, until the move lists themselves differ (a move missing or extra: the generator's fault is right there)
 * or depth 1 is reached. Of the moves whose counts differ it follows the one with the smallest subtree, so each divide
 * costs as little as it can.
 *
 * <p>The engine is always sent the walk's position as a FEN and the path from it as moves, as perftree does, so it
 * makes the moves itself.
 */
public final class PerftWalk {
    private final Perft perft;
    private final EngineUnderTest engine;
    private final boolean chess960;

    /**
     * A walk counting with {@code perft} against {@code engine}; with {@code chess960}, FENs are written in
     * Shredder-FEN and castling as king takes rook, both in what the engine is sent and in the report.
     */
    public PerftWalk(Perft perft, EngineUnderTest engine, boolean chess960) {
        this.perft = perft;
        this.engine = engine;
        this.chess960 = chess960;
    }

    /**
     * Walks from {@code root} at {@code depth} (at least 1), handing each divide to {@code onStep} as soon as both
     * counts are in. {@code root} is left as it was.
     */
    public WalkOutcome walk(Position root, int depth, Consumer<WalkStep> onStep) throws EngineFailure {
        if (depth < 1) {
            throw new IllegalArgumentException("a walk needs depth 1 or more, not " + depth);
        }
        Position position = new Position(root);
        String rootFen = Fen.toFen(root, chess960);
        List<String> path = new ArrayList<>();
        MoveDifference followed = null;
        for (int remaining = depth; ; remaining--) {
            Divide ours = perft.divide(position, remaining, chess960);
            Divide theirs = engine.divide(rootFen, path, remaining);
            WalkStep step = new WalkStep(path, remaining, DivideComparison.of(position, ours, theirs, chess960));
            onStep.accept(step);
            DivideComparison comparison = step.comparison();
            if (comparison.agrees()) {
                return followed == null ? new WalkOutcome.Agreement(step)
                        : new WalkOutcome.Inconsistent(step, followed);
            }
            List<MoveDifference> counts = comparison.countDifferences();
            if (comparison.listsDiffer() || remaining == 1 || counts.isEmpty()) {
                return new WalkOutcome.Mismatch(step, Fen.toFen(position, chess960));
            }
            followed = counts.stream()
                    .min(Comparator.comparingLong(MoveDifference::kestrelCount).thenComparing(MoveDifference::move))
                    .orElseThrow();
            path.add(followed.move());
            position.makeMove(MoveNotation.parseUci(position, followed.move(), chess960));
        }
    }

    /**
     * True when {@code position} has a castling right that standard chess cannot have (king off the e-file, or the
     * rook off the a- or h-file): its castling must then be written and sent as Chess960's.
     */
    public static boolean needsChess960(Position position) {
        for (int right = 0; right < 4; right++) {
            if ((position.castlingRights() & (1 << right)) == 0) {
                continue;
            }
            int rook = position.castlingRookSquare(right);
            int king = position.kingSquare(CastlingRights.color(right));
            boolean kingSide = rook > king;
            int rookFile = Square.file(kingSide ? Square.H1 : Square.A1);
            if (Square.file(king) != Square.file(Square.E1) || Square.file(rook) != rookFile) {
                return true;
            }
        }
        return false;
    }
}
