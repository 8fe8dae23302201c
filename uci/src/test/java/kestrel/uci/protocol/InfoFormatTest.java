package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import kestrel.engine.Move;
import kestrel.engine.Square;
import kestrel.engine.search.Bound;
import kestrel.engine.search.Score;
import kestrel.engine.search.SearchInfo;
import kestrel.engine.search.SearchResult;
import org.junit.jupiter.api.Test;

class InfoFormatTest {
    private static final int E2E4 = Move.of(Square.E2, Square.E4);
    private static final int E7E5 = Move.of(Square.E7, Square.E5);
    private static final int WHITE_CASTLES_SHORT = Move.of(Square.E1, Square.H1, Move.CASTLING);

    @Test
    void iterationLineCarriesEveryField() {
        SearchInfo info = new SearchInfo(7, 11, 1, 35, Bound.EXACT, 20000, 100, 12, new int[] {E2E4, E7E5});
        assertEquals("info depth 7 seldepth 11 multipv 1 score cp 35 nodes 20000 nps 200000 hashfull 12 tbhits 0"
                + " time 100 pv e2e4 e7e5", InfoFormat.iteration(info, false));
    }

    @Test
    void failedAspirationIsMarkedAsABound() {
        SearchInfo low = new SearchInfo(9, 14, 1, -40, Bound.UPPER, 5000, 10, 0, new int[] {E2E4});
        SearchInfo high = new SearchInfo(9, 14, 2, 80, Bound.LOWER, 5000, 10, 0, new int[] {E2E4});
        assertEquals("info depth 9 seldepth 14 multipv 1 score cp -40 upperbound nodes 5000 nps 500000 hashfull 0"
                + " tbhits 0 time 10 pv e2e4", InfoFormat.iteration(low, false));
        assertEquals("info depth 9 seldepth 14 multipv 2 score cp 80 lowerbound nodes 5000 nps 500000 hashfull 0"
                + " tbhits 0 time 10 pv e2e4", InfoFormat.iteration(high, false));
    }

    @Test
    void noRateIsGivenBeforeTheFirstMillisecond() {
        SearchInfo info = new SearchInfo(1, 1, 1, 20, Bound.EXACT, 21, 0, 0, new int[] {E2E4});
        assertEquals("info depth 1 seldepth 1 multipv 1 score cp 20 nodes 21 hashfull 0 tbhits 0 time 0 pv e2e4",
                InfoFormat.iteration(info, false));
    }

    @Test
    void searchEndCarriesTheFinalTotalsAndTheLineOfTheMovePlayed() {
        SearchInfo last = new SearchInfo(7, 11, 1, 35, Bound.EXACT, 20000, 100, 12, new int[] {E2E4, E7E5});
        SearchResult result = new SearchResult(E2E4, E7E5, 35, 7, 30000);
        assertEquals("info depth 7 seldepth 11 multipv 1 score cp 35 nodes 30000 nps 200000 hashfull 40 tbhits 0"
                + " time 150 pv e2e4 e7e5", InfoFormat.searchEnd(last, result, 150_000_000L, 40, false));
    }

    @Test
    void searchEndUnderAMillisecondStillHasARate() {
        SearchInfo last = new SearchInfo(1, 1, 1, 20, Bound.EXACT, 21, 0, 0, new int[] {E2E4});
        SearchResult result = new SearchResult(E2E4, Move.NONE, 20, 1, 21);
        assertEquals("info depth 1 seldepth 1 multipv 1 score cp 20 nodes 21 nps 84000 hashfull 0 tbhits 0 time 0"
                + " pv e2e4", InfoFormat.searchEnd(last, result, 250_000L, 0, false));
    }

    @Test
    void searchEndWithoutAReportOnTheMovePlayedHasNoScore() {
        SearchInfo last = new SearchInfo(9, 14, 1, 80, Bound.LOWER, 5000, 10, 3, new int[] {E2E4});
        SearchResult result = new SearchResult(WHITE_CASTLES_SHORT, E7E5, 80, 8, 6000);
        assertEquals("info depth 9 seldepth 14 nodes 6000 nps 500000 hashfull 3 tbhits 0 time 12 pv e1h1 e7e5",
                InfoFormat.searchEnd(last, result, 12_000_000L, 3, true));
    }

    @Test
    void searchEndWithoutALegalMoveHasNoLine() {
        SearchInfo last = new SearchInfo(0, 0, 1, Score.matedIn(0), Bound.EXACT, 0, 0, 0, new int[0]);
        SearchResult result = new SearchResult(Move.NONE, Move.NONE, Score.matedIn(0), 0, 0);
        assertEquals("info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 nps 0 hashfull 0 tbhits 0 time 0",
                InfoFormat.searchEnd(last, result, 100_000L, 0, false));
    }

    @Test
    void mateScoresAreGivenInMoves() {
        SearchInfo info = new SearchInfo(5, 5, 1, Score.mateIn(3), Bound.EXACT, 10, 1, 0, new int[] {E2E4});
        assertEquals("info depth 5 seldepth 5 multipv 1 score mate 2 nodes 10 nps 10000 hashfull 0 tbhits 0"
                + " time 1 pv e2e4", InfoFormat.iteration(info, false));
    }

    @Test
    void pvCastlingFollowsTheChess960Mode() {
        SearchInfo info = new SearchInfo(1, 1, 1, 0, Bound.EXACT, 1, 1, 0, new int[] {WHITE_CASTLES_SHORT});
        assertEquals(" pv e1g1", InfoFormat.iteration(info, false).substring(InfoFormat.iteration(info, false)
                .indexOf(" pv")));
        assertEquals(" pv e1h1", InfoFormat.iteration(info, true).substring(InfoFormat.iteration(info, true)
                .indexOf(" pv")));
    }

    @Test
    void currentMoveLine() {
        assertEquals("info depth 12 currmove e2e4 currmovenumber 3", InfoFormat.currentMove(12, E2E4, 3, false));
    }

    @Test
    void bestMoveWithPonderMove() {
        assertEquals("bestmove e2e4 ponder e7e5", InfoFormat.bestMove(new SearchResult(E2E4, E7E5, 0, 1, 1), false));
    }

    @Test
    void bestMoveWithoutPonderMove() {
        assertEquals("bestmove e2e4", InfoFormat.bestMove(new SearchResult(E2E4, Move.NONE, 0, 1, 1), false));
    }

    @Test
    void noLegalMoveIsWrittenAsNullMove() {
        assertEquals("bestmove 0000", InfoFormat.bestMove(new SearchResult(Move.NONE, Move.NONE, 0, 0, 0), false));
    }

    @Test
    void castlingBestMoveFollowsTheChess960Mode() {
        SearchResult result = new SearchResult(WHITE_CASTLES_SHORT, Move.NONE, 0, 1, 1);
        assertEquals("bestmove e1g1", InfoFormat.bestMove(result, false));
        assertEquals("bestmove e1h1", InfoFormat.bestMove(result, true));
    }
}
