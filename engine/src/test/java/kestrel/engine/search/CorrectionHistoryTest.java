package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** The correction history of the static evaluation: how it learns, what keeps entries apart, its bound. */
class CorrectionHistoryTest {
    private static final long PAWNS = 0x1234_5678_9ABC_DEF0L;
    /** Another pawn key with other low bits, so another entry. */
    private static final long OTHER_PAWNS = 0x0FED_CBA9_8765_4321L;

    @Test
    void startsAtZero() {
        CorrectionHistory history = new CorrectionHistory();
        assertEquals(0, history.correction(Piece.WHITE, PAWNS));
        assertEquals(0, history.correction(Piece.BLACK, OTHER_PAWNS));
    }

    @Test
    void repeatedPositiveErrorsRiseTowardsTheErrorWithoutPassingIt() {
        CorrectionHistory history = new CorrectionHistory();
        int previous = 0;
        for (int i = 0; i < 200; i++) {
            history.update(Piece.WHITE, PAWNS, 20, 10);
            int now = history.correction(Piece.WHITE, PAWNS);
            assertTrue(now >= previous, "never falls on a positive error: " + previous + " then " + now);
            assertTrue(now <= 20, "never passes the error: " + now);
            previous = now;
        }
        // 200 updates of weight 11/256: within a centipawn or two of the error (the fixed point truncates).
        assertTrue(previous >= 18, "reached " + previous);
    }

    @Test
    void oneUpdateMovesByItsWeightAndDeeperResultsWeighMore() {
        CorrectionHistory shallow = new CorrectionHistory();
        shallow.update(Piece.WHITE, PAWNS, 256, 1); // weight 2 of 256
        assertEquals(2, shallow.correction(Piece.WHITE, PAWNS));
        CorrectionHistory deep = new CorrectionHistory();
        deep.update(Piece.WHITE, PAWNS, 256, 7); // weight 8 of 256
        assertEquals(8, deep.correction(Piece.WHITE, PAWNS));
        CorrectionHistory deeper = new CorrectionHistory();
        deeper.update(Piece.WHITE, PAWNS, 256, 40); // weight capped at 16
        assertEquals(16, deeper.correction(Piece.WHITE, PAWNS));
    }

    @Test
    void neverPassesTheBoundEitherWay() {
        CorrectionHistory history = new CorrectionHistory();
        for (int i = 0; i < 100; i++) {
            history.update(Piece.WHITE, PAWNS, 5_000, 20);
            history.update(Piece.BLACK, PAWNS, -30_000, 20);
            assertTrue(history.correction(Piece.WHITE, PAWNS) <= CorrectionHistory.LIMIT_CP);
            assertTrue(history.correction(Piece.BLACK, PAWNS) >= -CorrectionHistory.LIMIT_CP);
        }
        assertEquals(CorrectionHistory.LIMIT_CP, history.correction(Piece.WHITE, PAWNS));
        assertEquals(-CorrectionHistory.LIMIT_CP, history.correction(Piece.BLACK, PAWNS));
        // From the bound, errors the other way bring it back down.
        for (int i = 0; i < 100; i++) {
            history.update(Piece.WHITE, PAWNS, -10, 20);
        }
        assertTrue(history.correction(Piece.WHITE, PAWNS) <= -8, "" + history.correction(Piece.WHITE, PAWNS));
    }

    @Test
    void pawnKeysAndSidesToMoveAreKeptApart() {
        CorrectionHistory history = new CorrectionHistory();
        for (int i = 0; i < 50; i++) {
            history.update(Piece.WHITE, PAWNS, 30, 15);
        }
        assertTrue(history.correction(Piece.WHITE, PAWNS) > 20);
        assertEquals(0, history.correction(Piece.BLACK, PAWNS), "the other side to move");
        assertEquals(0, history.correction(Piece.WHITE, OTHER_PAWNS), "other pawns");
        // Only the low bits index the table: a key differing above them shares the entry.
        assertEquals(history.correction(Piece.WHITE, PAWNS),
                history.correction(Piece.WHITE, PAWNS ^ (long) CorrectionHistory.PAWN_ENTRIES << 8));
    }

    /**
     * A position's correction is (2 pawn + white non-pawn + black non-pawn) / 4: learnt on one position, it counts in
     * full there, half where only the pawns are the same, a quarter where only one colour's pieces stand the same.
     */
    @Test
    void aPositionsCorrectionBlendsThePawnAndBothNonPawnTables() {
        Position learnt = Fen.parse("r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R w KQkq - 0 1");
        Position samePawns = Fen.parse("1r2k2r/ppp2ppp/8/3q4/3n4/8/PPP2PPP/R2Q1RK1 w k - 0 1");
        Position sameWhitePieces = Fen.parse("4k3/p5p1/8/3q4/8/2N5/P4PPP/R2QK2R w KQ - 0 1");
        CorrectionHistory history = new CorrectionHistory();
        for (int i = 0; i < 300; i++) {
            history.update(learnt, 24, 20);
        }
        assertEquals(24, history.correction(learnt), 1);
        assertEquals(12, history.correction(samePawns), 1);
        assertEquals(6, history.correction(sameWhitePieces), 1);
        assertEquals(0, history.correction(Fen.parse("r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R b KQkq - 0 1")),
                "the other side to move");
        history.clear();
        assertEquals(0, history.correction(learnt));
    }

    @Test
    void clearForgetsEverything() {
        CorrectionHistory history = new CorrectionHistory();
        history.update(Piece.WHITE, PAWNS, 100, 20);
        history.update(Piece.BLACK, OTHER_PAWNS, -100, 20);
        history.clear();
        assertEquals(0, history.correction(Piece.WHITE, PAWNS));
        assertEquals(0, history.correction(Piece.BLACK, OTHER_PAWNS));
    }

    @Test
    void aSearchLearnsFromItsNodesAndANewGameForgetsIt() {
        // After a piece move from the root, Black is to move with the root's pawns: hundreds of nodes update that
        // entry, and no search comes out exactly at the evaluation every time.
        Position position = Fen.parse("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        search.run(position, new SearchLimits().depth(8), HANDCRAFTED);
        CorrectionHistory learnt = search.correctionHistory();
        assertTrue(learnt.correction(Piece.BLACK, position.pawnKey()) != 0);
        search.clearHistory();
        assertEquals(0, learnt.correction(Piece.BLACK, position.pawnKey()));
    }
}
