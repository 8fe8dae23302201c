package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static kestrel.engine.search.SearchTesting.isLegal;
import static kestrel.engine.search.SearchTesting.move;
import static kestrel.engine.search.SearchTesting.search;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SearchTest {
    private static final String MATE_IN_1 = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    private static final String MATE_IN_2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    private static final String MATE_IN_3 = "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1";
    private static final String MIDDLEGAME = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    @Test
    void findsMateInOne() {
        SearchResult result = search(MATE_IN_1, new SearchLimits().depth(4));
        assertEquals(move(MATE_IN_1, "d1d8"), result.bestMove());
        assertEquals(Score.mateIn(1), result.score());
    }

    @Test
    void findsMateInTwo() {
        SearchResult result = search(MATE_IN_2, new SearchLimits().depth(6));
        assertEquals(move(MATE_IN_2, "d5f6"), result.bestMove());
        assertEquals(Score.mateIn(3), result.score());
        assertEquals("mate 2", Score.toUci(result.score()));
    }

    @Test
    void findsMateInThree() {
        SearchResult result = search(MATE_IN_3, new SearchLimits().depth(8));
        assertEquals(move(MATE_IN_3, "f6a6"), result.bestMove());
        assertEquals(Score.mateIn(5), result.score());
    }

    @Test
    void checkmatedSideHasNoMoveAndAMatedScore() {
        SearchResult result = search("6k1/5ppp/8/8/8/8/5PPP/3r2K1 w - - 0 1", new SearchLimits().depth(5));
        assertEquals(Move.NONE, result.bestMove());
        assertEquals(Score.matedIn(0), result.score());
    }

    @Test
    void stalematedSideHasNoMoveAndADrawScore() {
        SearchResult result = search("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", new SearchLimits().depth(5));
        assertEquals(Move.NONE, result.bestMove());
        assertEquals(Score.DRAW, result.score());
    }

    @Test
    void winningSideDoesNotTakeIntoStalemate() {
        // Qxc7 wins a rook and stalemates; Kxc7 wins it and mates next move.
        String fen = "k7/2r5/1K6/8/8/8/8/2Q5 w - - 0 1";
        SearchResult result = search(fen, new SearchLimits().depth(6));
        assertNotEquals(move(fen, "c1c7"), result.bestMove());
        assertEquals(Score.mateIn(3), result.score());
    }

    @Test
    void perpetualCheckIsScoredAsADraw() {
        // White is a queen and two rooks down but checks forever: repeating is the best either side gets.
        String fen = "6k1/rr3p1p/8/8/8/8/q2Q1PPP/6K1 w - - 0 1";
        SearchResult result = search(fen, new SearchLimits().depth(10));
        assertEquals(Score.DRAW, result.score());
        Position position = Fen.parse(fen);
        position.makeMove(result.bestMove());
        assertTrue(position.inCheck(), "the drawing move is a check");
    }

    /** At depth 1 b1c3 leads straight into quiescence, which must see the repetition too. */
    @ParameterizedTest
    @ValueSource(ints = {1, 6})
    void repeatingAPositionForTheThirdTimeIsADraw(int depth) {
        Position position = shuffledRookAgainstKnight();
        SearchResult result = new Search(new TranspositionTable(4), SearchListener.SILENT)
                .run(position, new SearchLimits().depth(depth), HANDCRAFTED);
        assertEquals(MoveNotation.parseUci(position, "b1c3", false), result.bestMove());
        assertEquals(Score.DRAW, result.score());
    }

    @Test
    void fiftyMoveRuleDrawsAWinningEndgame() {
        // King and queen against king, but the 100th reversible half-move ends the game before any mate.
        SearchResult result = search("8/8/8/4k3/8/8/3QK3/8 w - - 99 120", new SearchLimits().depth(6));
        assertEquals(Score.DRAW, result.score());
    }

    @Test
    void mateOnTheHundredthHalfMoveStillWins() {
        SearchResult result = search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 120", new SearchLimits().depth(4));
        assertEquals(Score.mateIn(1), result.score());
    }

    @Test
    void anAdvantageShrinksAsTheFiftyMoveCountGrows() {
        // A rook up with no capture or pawn move to play: at depth 1 every reply is scored by quiescence's stand pat,
        // whose evaluation after the move shrinks by a two-hundredth a ply of the count (1 ply, then 61).
        int fresh = search("4k3/8/8/8/8/8/8/R3K3 w - - 0 40", new SearchLimits().depth(1)).score();
        int late = search("4k3/8/8/8/8/8/8/R3K3 w - - 60 70", new SearchLimits().depth(1)).score();
        assertTrue(fresh > 300, "a rook up scores " + fresh);
        assertEquals(fresh * (200 - 61) / (200 - 1), late, 2, "late " + late + " against fresh " + fresh);
    }

    @Test
    void theHundredthHalfMoveAtTheHorizonIsADraw() {
        // A queen up, but every move is the hundredth reversible half-move: at depth 1 each leads straight into
        // quiescence, which must score the draw rather than the queen.
        SearchResult result = search("7k/8/8/8/8/8/8/KQ6 w - - 99 80", new SearchLimits().depth(1));
        assertEquals(Score.DRAW, result.score());
    }

    @Test
    void noPrincipalVariationGoesOnPastADraw() {
        // Each line ends where a repetition or the fifty-move rule ends the game, also at the horizon, where a
        // capture in quiescence could once follow. The pinned knight falls whatever White does, but at 99 half-moves
        // each king move ends the game first. After the shuffle, White's only move h1g1 repeats a position for the
        // third time, and Bxc6 would follow.
        assertNoLinePastADraw(Fen.parse("k3r3/8/8/3p4/4N3/8/8/4K3 w - - 99 80"), 6);
        assertNoLinePastADraw(shuffled(Fen.parse("k7/2p5/2P5/1b6/8/8/r7/6K1 b - - 0 60"),
                "a8b8", "g1h1", "b8a8", "h1g1", "a8b8", "g1h1", "b8a8"), 6);
        assertNoLinePastADraw(shuffledRookAgainstKnight(), 6);
        assertNoLinePastADraw(Fen.parse("8/8/8/4k3/8/8/3QK3/8 w - - 93 120"), 8);
    }

    @Test
    void insufficientMaterialIsADraw() {
        SearchResult result = search("8/8/8/4k3/8/8/2N1K3/8 w - - 0 1", new SearchLimits().depth(6));
        assertEquals(Score.DRAW, result.score());
    }

    @Test
    void depthLimitStopsAtThatDepth() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        SearchResult result = new Search(new TranspositionTable(4), recorder)
                .run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(5), HANDCRAFTED);
        assertEquals(5, result.depth());
        assertEquals(5, recorder.infos.get(recorder.size() - 1).depth());
        assertTrue(recorder.infos.stream().allMatch(info -> info.depth() <= 5));
    }

    @Test
    void nodeLimitStopsWithinAFewThousandNodes() {
        long limit = 30_000;
        SearchResult result = search(MIDDLEGAME, new SearchLimits().nodes(limit));
        assertTrue(result.nodes() >= limit - 5_000 && result.nodes() <= limit + 2_000, "nodes " + result.nodes());
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result.bestMove()));
    }

    @Test
    void mateLimitStopsOnceTheMateIsFound() {
        SearchResult result = search(MATE_IN_2, new SearchLimits().mate(2).nodes(5_000_000));
        assertEquals(Score.mateIn(3), result.score());
        assertTrue(result.nodes() < 5_000_000, "stopped by the mate limit, not the node limit");
    }

    @Test
    void searchMovesRestrictTheRoot() {
        int onlyMove = move(MATE_IN_1, "h2h3");
        SearchResult result = search(MATE_IN_1, new SearchLimits().depth(4).searchMoves(new int[] {onlyMove}));
        assertEquals(onlyMove, result.bestMove());
    }

    @Test
    void multiPvReportsDistinctLinesSortedByScore() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        new Search(new TranspositionTable(4), recorder)
                .run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(5).multiPv(3), HANDCRAFTED);
        List<SearchInfo> lines = recorder.exactAtDepth(5);
        assertEquals(3, lines.size());
        Set<Integer> firstMoves = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            assertEquals(i + 1, lines.get(i).multiPv());
            firstMoves.add(lines.get(i).pv()[0]);
            if (i > 0) {
                assertTrue(lines.get(i).score() <= lines.get(i - 1).score());
            }
        }
        assertEquals(3, firstMoves.size());
    }

    @Test
    void everyIterationReportsItsPrincipalVariationAsLegalMoves() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        new Search(new TranspositionTable(4), recorder).run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(6), HANDCRAFTED);
        for (SearchInfo info : recorder.infos) {
            Position position = Fen.parse(MIDDLEGAME);
            for (int move : info.pv()) {
                assertTrue(isLegal(position, move), "pv move " + Move.toUci(move) + " at depth " + info.depth());
                position.makeMove(move);
            }
        }
    }

    @Test
    void ponderMoveIsALegalReply() {
        SearchResult result = search(MIDDLEGAME, new SearchLimits().depth(6));
        Position position = Fen.parse(MIDDLEGAME);
        position.makeMove(result.bestMove());
        assertTrue(isLegal(position, result.ponderMove()));
    }

    @Test
    void noPonderMoveAfterAMoveThatEndsTheGameDrawn() {
        // Every White move is the hundredth reversible half-move (the pinned knight cannot move): the game ends
        // drawn with it, so there is no reply to ponder on, although Black's pawn would take the knight.
        SearchResult result = search("k3r3/8/8/3p4/4N3/8/8/4K3 w - - 99 80", new SearchLimits().depth(4));
        assertNotEquals(Move.NONE, result.bestMove());
        assertEquals(Move.NONE, result.ponderMove());
    }

    @Test
    void stopFromAnotherThreadEndsAnInfiniteSearchWithALegalMove() throws InterruptedException {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        Search search = new Search(new TranspositionTable(4), recorder);
        SearchControl control = new SearchControl();
        SearchResult[] result = new SearchResult[1];
        Thread thread = new Thread(() -> result[0] = search.run(Fen.parse(MIDDLEGAME),
                new SearchLimits().infinite(true), control, HANDCRAFTED));
        thread.start();
        while (recorder.size() < 3) {
            Thread.sleep(5);
        }
        control.stop();
        thread.join(10_000);
        assertFalse(thread.isAlive());
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result[0].bestMove()));
    }

    @Test
    void aStopBeforeTheSearchStartsStillGivesTheFirstIteration() {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        SearchControl control = new SearchControl();
        control.stop();
        SearchResult result = search.run(Fen.parse(MIDDLEGAME), new SearchLimits().infinite(true), control, HANDCRAFTED);
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result.bestMove()));
        assertEquals(1, result.depth());
    }

    @Test
    void aStoppedControlDoesNotReachTheNextSearch() {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        SearchControl first = new SearchControl();
        first.stop();
        search.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(3), first, HANDCRAFTED);
        SearchResult next = search.run(Fen.parse(MIDDLEGAME), new SearchLimits().depth(4), new SearchControl(), HANDCRAFTED);
        assertEquals(4, next.depth());
    }

    @Test
    void ponderingKeepsSearchingUntilThePonderHitThenKeepsToTheClock() throws InterruptedException {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        SearchControl control = new SearchControl();
        SearchResult[] result = new SearchResult[1];
        // 30 ms on the clock: without pondering the search would end almost at once.
        Thread thread = new Thread(() -> result[0] = search.run(Fen.parse(MIDDLEGAME),
                new SearchLimits().ponder(true).whiteTime(30).blackTime(30).moveOverhead(0), control, HANDCRAFTED));
        thread.start();
        thread.join(300);
        assertTrue(thread.isAlive(), "still pondering");
        control.ponderHit();
        thread.join(10_000);
        assertFalse(thread.isAlive());
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result[0].bestMove()));
    }

    @Test
    void aPonderHitBeforeTheSearchStartsCountsTheClockFromTheHit() {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        SearchControl control = new SearchControl();
        control.ponderHit();
        // Returns on its clock, without waiting for anything more.
        SearchResult result = search.run(Fen.parse(MIDDLEGAME),
                new SearchLimits().ponder(true).whiteTime(30).blackTime(30).moveOverhead(0), control, HANDCRAFTED);
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result.bestMove()));
    }

    @Test
    void moveTimeIsUsedWhole() {
        // The soft limit's scaling must not cut a movetime short: the search ends at the hard limit, 300 ms.
        long start = System.nanoTime();
        SearchResult result = search(MIDDLEGAME, new SearchLimits().moveTime(300).moveOverhead(0));
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000L;
        assertTrue(elapsedMillis >= 300, elapsedMillis + " ms");
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result.bestMove()));
    }

    @Test
    void aSearchOnAClockStopsOnItsOwnWithinTheHardLimit() {
        // 2 s on the clock, no movestogo, the first move: soft limit 31 ms scaled (at most x3.36), hard limit 124 ms.
        TimeManager time = new TimeManager(new SearchLimits().whiteTime(2_000).moveOverhead(0), 0, 0, 0);
        assertEquals(124, time.hardLimitMillis());
        SearchResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> search(MIDDLEGAME,
                new SearchLimits().whiteTime(2_000).blackTime(2_000).moveOverhead(0)));
        assertTrue(isLegal(Fen.parse(MIDDLEGAME), result.bestMove()));
        assertTrue(result.depth() >= 1);
    }

    @Test
    void searchLeavesTheCallersPositionUntouched() {
        Position position = Fen.parse(MIDDLEGAME);
        String before = Fen.toFen(position, false);
        new Search(new TranspositionTable(4), SearchListener.SILENT).run(position, new SearchLimits().depth(5), HANDCRAFTED);
        assertEquals(before, Fen.toFen(position, false));
    }

    @Test
    void onlyMoveIsPlayedAtOnceOnAClock() {
        // Black's king has a single legal move, Kh7.
        String fen = "7k/8/8/8/8/8/8/K5R1 b - - 0 1";
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        assertEquals(1, MoveGenerator.legalMoves(Fen.parse(fen), moves, 0));
        SearchResult result = search(fen, new SearchLimits().blackTime(60_000).whiteTime(60_000));
        assertEquals(moves[0], result.bestMove());
        assertEquals(1, result.depth());
    }

    @Test
    void aSearchStoppedMidIterationReturnsAndReportsOnlyProvenScores() {
        // Node limits end these searches inside an iteration, often during an aspiration re-search after a fail-high
        // (a tactical middlegame swings between iterations); the score returned must be the last completed
        // iteration's, and no line of the unfinished iteration may be reported as exact.
        String[] fens = {MIDDLEGAME, "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 1 7",
                "2r3k1/pp3ppp/1qn1p3/3pP3/3P4/P1Q2N2/1P3PPP/2R3K1 b - - 2 21"};
        int checked = 0;
        for (String fen : fens) {
            for (long nodes = 3_000; nodes <= 60_000; nodes += 3_700) {
                SearchTesting.Recorder recorder = new SearchTesting.Recorder();
                SearchResult result = new Search(new TranspositionTable(4), recorder)
                        .run(Fen.parse(fen), new SearchLimits().nodes(nodes), HANDCRAFTED);
                List<SearchInfo> completed = recorder.exactAtDepth(result.depth());
                assertFalse(completed.isEmpty(), fen + " at " + nodes + " nodes");
                assertEquals(completed.get(completed.size() - 1).score(), result.score(), fen + " at " + nodes);
                assertTrue(recorder.exactAtDepth(result.depth() + 1).isEmpty(), fen + " at " + nodes);
                checked++;
            }
        }
        assertEquals(48, checked);
    }

    /** White, a rook for a knight down, has shuffled twice: b1c3 now makes a position seen twice before. */
    private static Position shuffledRookAgainstKnight() {
        return shuffled(Fen.parse("6k1/8/8/8/8/2N5/r7/6K1 b - - 0 1"),
                "a2b2", "c3b1", "b2a2", "b1c3", "a2b2", "c3b1", "b2a2");
    }

    private static Position shuffled(Position position, String... moves) {
        for (String uci : moves) {
            position.makeMove(MoveNotation.parseUci(position, uci, false));
        }
        return position;
    }

    /** Searches {@code start} to {@code depth} and walks every line reported: none may go on past a draw. */
    private static void assertNoLinePastADraw(Position start, int depth) {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        new Search(new TranspositionTable(4), recorder).run(start, new SearchLimits().depth(depth), HANDCRAFTED);
        int rootPly = start.ply();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (SearchInfo info : recorder.infos) {
            Position position = new Position(start);
            int[] pv = info.pv();
            for (int i = 0; i < pv.length; i++) {
                assertTrue(isLegal(position, pv[i]), "pv move " + Move.toUci(pv[i]) + " at depth " + info.depth());
                position.makeMove(pv[i]);
                boolean repetition = position.isRepetition(rootPly);
                boolean fiftyMoves = position.halfmoveClock() >= 100
                        && !(position.inCheck() && MoveGenerator.legalMoves(position, moves, 0) == 0);
                assertFalse(i < pv.length - 1 && (repetition || fiftyMoves), "the line at depth " + info.depth()
                        + " goes on after " + (repetition ? "a repetition" : "the fifty-move rule") + " at move "
                        + (i + 1) + ": " + toUci(pv));
            }
        }
    }

    private static String toUci(int[] pv) {
        StringBuilder line = new StringBuilder();
        for (int move : pv) {
            line.append(line.length() == 0 ? "" : " ").append(Move.toUci(move));
        }
        return line.toString();
    }
}
