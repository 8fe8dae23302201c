package kestrel.engine.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;

class PawnStructureTest {
    private static long squares(String... names) {
        long set = 0;
        for (String name : names) {
            set |= 1L << Square.parse(name);
        }
        return set;
    }

    private static long white(Position position) {
        return position.pieces(Piece.WHITE, Piece.PAWN);
    }

    private static long black(Position position) {
        return position.pieces(Piece.BLACK, Piece.PAWN);
    }

    @Test
    void aPawnWithNoEnemyPawnAheadOnItsOrTheNeighbouringFilesIsPassed() {
        // White: d5 is free, b4 faces a6, g2 faces g7. Black: c3 is free, h6 faces g2 on the next file.
        Position position = Fen.parse("4k3/6p1/p6p/3P4/1P6/2p5/6P1/4K3 w - - 0 1");
        assertEquals(squares("d5"), PawnStructure.passed(Piece.WHITE, white(position), black(position)));
        assertEquals(squares("c3"), PawnStructure.passed(Piece.BLACK, black(position), white(position)));
    }

    @Test
    void anEnemyPawnBehindOnANeighbouringFileDoesNotStopAPassedPawn() {
        Position position = Fen.parse("4k3/8/8/3P4/2p5/8/8/4K3 w - - 0 1");
        assertEquals(squares("d5"), PawnStructure.passed(Piece.WHITE, white(position), black(position)));
    }

    @Test
    void ofDoubledPassedPawnsOnlyTheFrontOneCounts() {
        Position position = Fen.parse("4k3/8/8/3P4/3P4/8/8/4K3 w - - 0 1");
        assertEquals(squares("d5"), PawnStructure.passed(Piece.WHITE, white(position), black(position)));
    }

    @Test
    void aPawnBehindAnotherOfItsColourOnTheFileIsDoubled() {
        Position position = Fen.parse("4k3/2p5/2p5/2p5/8/6P1/PP4P1/4K3 w - - 0 1");
        assertEquals(squares("g2"), PawnStructure.doubled(Piece.WHITE, white(position)));
        assertEquals(squares("c7", "c6"), PawnStructure.doubled(Piece.BLACK, black(position)));
    }

    @Test
    void aPawnWithNoPawnOfItsColourOnTheNeighbouringFilesIsIsolated() {
        Position position = Fen.parse("4k3/p1p5/8/8/8/8/PP2P2P/4K3 w - - 0 1");
        assertEquals(squares("e2", "h2"), PawnStructure.isolated(white(position)));
        assertEquals(squares("a7", "c7"), PawnStructure.isolated(black(position)));
    }

    @Test
    void aPawnLeftBehindItsNeighboursWithAGuardedStopSquareIsBackward() {
        // d3's neighbours c4 and e4 have advanced; the black pawn on e5 guards d4.
        Position position = Fen.parse("4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1");
        assertEquals(squares("d3"), PawnStructure.backward(Piece.WHITE, white(position), black(position)));
    }

    @Test
    void aPawnThatANeighbourCanStillGuardIsNotBackward() {
        Position position = Fen.parse("4k3/8/8/4p3/2P5/3PP3/8/4K3 w - - 0 1");
        assertEquals(0, PawnStructure.backward(Piece.WHITE, white(position), black(position)));
    }

    @Test
    void pawnsGuardedByOrBesideAPawnOfTheirColourAreConnected() {
        Position position = Fen.parse("4k3/8/8/8/3PP3/2P5/7P/4K3 w - - 0 1");
        assertEquals(squares("d4", "e4"), PawnStructure.connected(Piece.WHITE, white(position)));
    }

    @Test
    void pawnAttacksStayOnTheBoard() {
        assertEquals(squares("b3"), PawnStructure.attacks(Piece.WHITE, squares("a2")));
        assertEquals(squares("g6"), PawnStructure.attacks(Piece.BLACK, squares("h7")));
        assertEquals(squares("c3", "e3"), PawnStructure.attacks(Piece.WHITE, squares("d2")));
    }

    @Test
    void theStructureScoreAddsTheWeightsOfEachFeature() {
        // White: a2 and a3 doubled and both isolated; nothing connected, nothing backward.
        Position position = Fen.parse("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
        int expected = EvalWeights.DOUBLED_PAWN + 2 * EvalWeights.ISOLATED_PAWN;
        assertEquals(expected, PawnStructure.score(Piece.WHITE, white(position), black(position)));
    }

    @Test
    void relativeRankCountsFromTheOwnersSide() {
        assertEquals(1, PawnStructure.relativeRank(Piece.WHITE, Square.E2));
        assertEquals(1, PawnStructure.relativeRank(Piece.BLACK, Square.E7));
        assertEquals(6, PawnStructure.relativeRank(Piece.BLACK, Square.E2));
    }
}
