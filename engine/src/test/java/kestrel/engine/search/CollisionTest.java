package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Move;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** Key collisions must never make the search play an illegal move or fail. */
class CollisionTest {

    @Test
    void tableThatVerifiesNothingStillGivesLegalMoves() {
        // With no verification bits every probe of an occupied bucket "hits", whatever position stored it.
        TranspositionTable table = new TranspositionTable(1, 0);
        for (Position position : positions()) {
            table.clear();
            SearchResult result = new Search(table, SearchListener.SILENT).run(position, new SearchLimits().depth(5), HANDCRAFTED);
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            boolean hasMoves = MoveGenerator.legalMoves(position, moves, 0) > 0;
            if (hasMoves) {
                assertTrue(SearchTesting.isLegal(position, result.bestMove()),
                        Move.toUci(result.bestMove()) + " in " + Fen.toFen(position, false));
            }
        }
    }

    @Test
    void tableWithTwoVerificationBitsSharedAcrossPositionsGivesLegalMoves() {
        TranspositionTable table = new TranspositionTable(1, 2);
        for (Position position : positions()) {
            // Garbage scores from other positions make every kind of re-search likely; a depth-limited search must
            // still end (an unbounded deeper re-search once let a line of checks keep its depth for ever). The
            // limit is many times what the whole test needs, a guard against a hang and not a speed bar.
            SearchResult result = assertTimeoutPreemptively(Duration.ofMinutes(3),
                    () -> new Search(table, SearchListener.SILENT)
                            .run(position, new SearchLimits().depth(6), HANDCRAFTED),
                    () -> "the depth-6 search did not end in " + Fen.toFen(position, false));
            assertTrue(SearchTesting.isLegal(position, result.bestMove()),
                    Move.toUci(result.bestMove()) + " in " + Fen.toFen(position, false));
            if (result.ponderMove() != Move.NONE) {
                Position after = new Position(position);
                after.makeMove(result.bestMove());
                assertTrue(SearchTesting.isLegal(after, result.ponderMove()));
            }
        }
    }

    /** The bench positions and, from each, the positions after its first three legal moves. */
    private static List<Position> positions() {
        List<Position> positions = new ArrayList<>();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (String fen : Bench.POSITIONS) {
            Position position = Fen.parse(fen);
            positions.add(position);
            int count = MoveGenerator.legalMoves(position, moves, 0);
            for (int i = 0; i < Math.min(3, count); i++) {
                Position child = new Position(position);
                child.makeMove(moves[i]);
                positions.add(child);
            }
        }
        return positions;
    }
}
