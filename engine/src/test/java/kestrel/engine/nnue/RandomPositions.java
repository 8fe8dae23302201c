package kestrel.engine.nnue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;

/** Seeded positions for tests of the network: the positions along random legal games from the start position. */
final class RandomPositions {
    private RandomPositions() {
    }

    /** {@code count} positions, copies, the same for the same seed. */
    static List<Position> of(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Position> positions = new ArrayList<>();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        Position position = Position.startPosition();
        while (positions.size() < count) {
            int legal = MoveGenerator.legalMoves(position, moves, 0);
            if (legal == 0 || position.ply() >= 200) {
                position = Position.startPosition();
                continue;
            }
            position.makeMove(moves[random.nextInt(legal)]);
            Position copy = Position.startPosition();
            copy.copyFrom(position);
            positions.add(copy);
        }
        return positions;
    }
}
