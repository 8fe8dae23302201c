package kestrel.engine.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class EvaluationTest {
    private final Evaluation evaluation = new Evaluation();

    static Stream<String> positions() {
        return TestPositions.FENS.stream();
    }

    private int evaluate(String fen) {
        return evaluation.evaluate(Fen.parse(fen));
    }

    @ParameterizedTest
    @MethodSource("positions")
    void mirroredPositionScoresTheSameForTheSideToMove(String fen) {
        String mirrored = TestPositions.mirror(fen);
        assertEquals(fen, TestPositions.mirror(mirrored), "mirroring twice gives the position back");
        assertEquals(evaluate(fen), evaluate(mirrored), mirrored);
    }

    @Test
    void startPositionIsLevelButForTheTempoBonus() {
        int tempo = TaperedScore.midgame(EvalWeights.TEMPO);
        assertEquals(tempo, evaluate("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assertEquals(tempo, evaluate("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
    }

    @Test
    void sideAQueenUpScoresClearlyAhead() {
        assertTrue(evaluate("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
        assertTrue(evaluate("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    }

    @ParameterizedTest
    @ValueSource(strings = {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",
        "8/4b3/4k3/8/8/3KB3/8/8 w - - 0 1"})
    void insufficientMaterialEvaluatesToZero(String fen) {
        assertEquals(0, evaluate(fen));
    }

    @Test
    void twoKnightsAgainstABareKingEvaluateAsADraw() {
        assertEquals(0, evaluate("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"));
    }

    @Test
    void rookAgainstBishopIsScaledFarBelowTheMaterialDifference() {
        int score = evaluate("8/8/4k3/4b3/8/3K4/3R4/8 w - - 0 1");
        assertTrue(score > 0 && score < 50, "score " + score);
    }

    @Test
    void queenAgainstRookKeepsItsEdge() {
        assertTrue(evaluate("8/8/4k3/4r3/8/3K4/3Q4/8 w - - 0 1") > 300);
    }

    @Test
    void aPawnThatOutrunsTheKingScoresFarMoreThanOneTheKingCatches() {
        int runs = evaluate("8/8/8/P7/8/8/6k1/K7 w - - 0 1");
        int caught = evaluate("8/1k6/8/P7/8/8/8/K7 w - - 0 1");
        assertTrue(runs > caught + 300, runs + " vs " + caught);
    }

    @Test
    void theRuleOfTheSquareCountsWhoIsToMove() {
        // The black king on e6 catches the a5 pawn only if it moves first.
        int whiteToMove = evaluate("8/8/4k3/P7/8/8/8/K7 w - - 0 1");
        int blackToMove = -evaluate("8/8/4k3/P7/8/8/8/K7 b - - 0 1");
        assertTrue(whiteToMove > blackToMove + 300, whiteToMove + " vs " + blackToMove);
    }

    @Test
    void onlyAnUnopposedPawnEarnsThePassedPawnTerm() {
        evaluate("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        assertTrue(TaperedScore.endgame(evaluation.lastTerm(Evaluation.PASSED_PAWNS, Piece.WHITE)) > 0);
        evaluate("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1");
        assertEquals(0, evaluation.lastTerm(Evaluation.PASSED_PAWNS, Piece.WHITE));
    }

    @Test
    void aKingStrippedOfItsPawnShieldLosesKingSafety() {
        evaluate("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1");
        int sheltered = evaluation.lastTerm(Evaluation.KING_SAFETY, Piece.WHITE);
        evaluate("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P1P1/2N2N1P/PPPP1P2/R1BQ1RK1 w - - 0 1");
        int exposed = evaluation.lastTerm(Evaluation.KING_SAFETY, Piece.WHITE);
        assertTrue(TaperedScore.midgame(sheltered) > TaperedScore.midgame(exposed), sheltered + " vs " + exposed);
    }

    @Test
    void piecesAttackingTheKingZoneCostTheDefenderKingSafety() {
        evaluate("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
        int quiet = evaluation.lastTerm(Evaluation.KING_SAFETY, Piece.BLACK);
        evaluate("6k1/5ppp/8/6N1/7Q/8/5PPP/6K1 w - - 0 1");
        int attacked = evaluation.lastTerm(Evaluation.KING_SAFETY, Piece.BLACK);
        assertTrue(TaperedScore.midgame(attacked) < TaperedScore.midgame(quiet), attacked + " vs " + quiet);
    }

    @Test
    void aRookOnAnOpenFileBeatsOneBehindItsOwnPawn() {
        evaluate("4k3/pp4pp/8/8/8/8/PP4PP/3RK3 w - - 0 1");
        int open = evaluation.lastTerm(Evaluation.ROOKS, Piece.WHITE);
        evaluate("4k3/pp4pp/8/8/8/8/PP4PP/R3K3 w - - 0 1");
        int closed = evaluation.lastTerm(Evaluation.ROOKS, Piece.WHITE);
        assertEquals(EvalWeights.ROOK_OPEN_FILE, open);
        assertEquals(0, closed);
    }

    @Test
    void twoBishopsOnBothColoursEarnTheBishopPair() {
        evaluate("4k3/7p/8/8/8/8/7P/2B1KB2 w - - 0 1");
        assertEquals(EvalWeights.BISHOP_PAIR, evaluation.lastTerm(Evaluation.BISHOP_PAIR, Piece.WHITE));
        evaluate("4k3/7p/8/8/8/8/7P/2B1K1B1 w - - 0 1");
        assertEquals(0, evaluation.lastTerm(Evaluation.BISHOP_PAIR, Piece.WHITE));
    }

    @Test
    void aCentralKnightIsMoreMobileThanACornerKnight() {
        evaluate("4k3/7p/8/8/3N4/8/7P/4K3 w - - 0 1");
        int centre = evaluation.lastTerm(Evaluation.MOBILITY, Piece.WHITE);
        evaluate("4k3/7p/8/8/8/8/7P/N3K3 w - - 0 1");
        int corner = evaluation.lastTerm(Evaluation.MOBILITY, Piece.WHITE);
        assertEquals(EvalWeights.MOBILITY[Piece.KNIGHT][8], centre);
        assertEquals(EvalWeights.MOBILITY[Piece.KNIGHT][2], corner);
    }

    @Test
    void aPieceAttackedByAPawnIsAThreatForThePawnsSide() {
        evaluate("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        assertEquals(EvalWeights.THREAT_BY_PAWN, evaluation.lastTerm(Evaluation.THREATS, Piece.WHITE));
        assertEquals(0, evaluation.lastTerm(Evaluation.THREATS, Piece.BLACK));
    }

    @Test
    void evaluatingLeavesThePositionUntouched() {
        String fen = TestPositions.FENS.get(1);
        Position position = Fen.parse(fen);
        long key = position.key();
        evaluation.evaluate(position);
        evaluation.explain(position);
        assertEquals(fen, Fen.toFen(position));
        assertEquals(key, position.key());
    }

    @ParameterizedTest
    @MethodSource("positions")
    void cachedPawnStructureGivesTheSameScoresAsAFreshEvaluator(String fen) {
        Evaluation tinyCache = new Evaluation(2);
        // Warm both caches with every position first, so this one is likely a hit or has been replaced.
        for (String other : TestPositions.FENS) {
            evaluation.evaluate(Fen.parse(other));
            tinyCache.evaluate(Fen.parse(other));
        }
        Position position = Fen.parse(fen);
        int uncached = new Evaluation().evaluate(position);
        assertEquals(uncached, evaluation.evaluate(position));
        assertEquals(uncached, tinyCache.evaluate(position));
    }
}
