package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.syzygy.Tablebases;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The search with Syzygy tables (the engine's test tables: KQvK, KRvK, KPvK, KBvK, KNvK, KRvKR, KPvKP, KBNvK). */
class SearchTablebaseTest {
    private static Tablebases tables;

    @BeforeAll
    static void openTables() throws URISyntaxException {
        Path folder = Path.of(Objects.requireNonNull(SearchTablebaseTest.class.getResource("/syzygy/KQvK.rtbw"))
                .toURI()).getParent();
        tables = Tablebases.open(folder.toString());
        assertEquals(4, tables.maxPieces());
    }

    private static TablebaseUse use() {
        return new TablebaseUse(tables, 1, true, 7);
    }

    @Test
    void aDrawnRootPlaysOnlyMovesThatHoldTheDraw() {
        // Black to move holds with Kd7, Ke7 or Kf7; Kd8 and Kf8 lose. Too shallow a search to know it by itself.
        String fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        SearchResult result = new Search(new TranspositionTable(4), recorder)
                .run(Fen.parse(fen), new SearchLimits().depth(2).tablebases(use()), HANDCRAFTED);
        String move = Move.toUci(result.bestMove());
        assertTrue(Set.of("e8d7", "e8e7", "e8f7").contains(move), move);
        assertTrue(recorder.infos.get(recorder.infos.size() - 1).tablebaseHits() > 0);
    }

    @Test
    void aWonRootNeverPlaysTheMovesThatStalemate() {
        // Qf4, Qf5 and Qf6 draw; the search, told nothing else, would see no difference at depth 1.
        String fen = "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1";
        for (int depth = 1; depth <= 4; depth++) {
            SearchResult result = search(fen, new SearchLimits().depth(depth).tablebases(use()));
            String move = Move.toUci(result.bestMove());
            assertTrue(!Set.of("f1f4", "f1f5", "f1f6").contains(move), move);
        }
    }

    @Test
    void aCaptureIntoTheTablesIsScoredByThem() {
        // Five pieces, beyond the test tables; Qxf5+ leaves KQvKR, which the tables call won (fathom agrees).
        String fen = "7r/8/8/3k1n2/8/8/8/KQ6 w - - 0 1";
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        SearchResult result = new Search(new TranspositionTable(4), recorder)
                .run(Fen.parse(fen), new SearchLimits().depth(3).tablebases(use()), HANDCRAFTED);
        assertTrue(result.score() >= Score.TABLEBASE_WIN_BOUND && !Score.isMate(result.score()),
                Move.toUci(result.bestMove()) + " score " + result.score());
        assertTrue(recorder.infos.get(recorder.infos.size() - 1).tablebaseHits() > 0);
    }

    @Test
    void withoutTablesNothingIsProbed() {
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        new Search(new TranspositionTable(4), recorder)
                .run(Fen.parse("8/8/8/3k4/8/8/8/KQR4r w - - 0 1"), new SearchLimits().depth(3), HANDCRAFTED);
        assertEquals(0, recorder.infos.get(recorder.infos.size() - 1).tablebaseHits());
    }

    @Test
    void kingAndRookMateWithinTheFiftyMoveRuleAgainstAnyDefence() {
        // Both sides search shallowly with the tables; the stronger side must mate before the fifty-move rule.
        Position position = Fen.parse("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        Search white = new Search(new TranspositionTable(4), SearchListener.SILENT);
        Search black = new Search(new TranspositionTable(4), SearchListener.SILENT);
        for (int ply = 0; ply < 120; ply++) {
            if (MoveGenerator.legalMoves(position, moves, 0) == 0) {
                assertTrue(position.inCheck(), "stalemate after " + ply + " plies");
                return;
            }
            assertTrue(position.halfmoveClock() < 100, "fifty moves without mate");
            Search side = position.sideToMove() == 0 ? white : black;
            // The root's tables would leave nothing to choose: the test is that the filter alone converts.
            SearchResult result = side.run(position, new SearchLimits().nodes(3_000).tablebases(use()),
                    HANDCRAFTED);
            position.makeMove(result.bestMove());
        }
        throw new AssertionError("no mate in 120 plies");
    }

    private static SearchResult search(String fen, SearchLimits limits) {
        return new Search(new TranspositionTable(4), SearchListener.SILENT).run(Fen.parse(fen), limits, HANDCRAFTED);
    }

    @Test
    void aWinIsOverWithinItsDistanceToZeroingWhateverTheDefence() {
        // The winning side plays only moves nearest to mate, so a win of DTZ d is mated within d plies.
        for (String fen : new String[] {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/3k4/8/8/8/8/1Q2K3 w - - 0 1",
            "k7/8/8/8/8/8/8/4K2R b - - 0 1"}) {
            Position position = Fen.parse(fen);
            int dtz = Math.abs(tables.probeDtz(position));
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            Search white = new Search(new TranspositionTable(4), SearchListener.SILENT);
            Search black = new Search(new TranspositionTable(4), SearchListener.SILENT);
            int plies = 0;
            while (MoveGenerator.legalMoves(position, moves, 0) > 0) {
                assertTrue(plies < dtz + 1, fen + ": not mated within its DTZ of " + dtz);
                Search side = position.sideToMove() == 0 ? white : black;
                position.makeMove(side.run(position, new SearchLimits().nodes(2_000).tablebases(use()), HANDCRAFTED)
                        .bestMove());
                plies++;
            }
            assertTrue(position.inCheck(), fen + ": stalemate");
        }
    }

    @Test
    void analysisWithSeveralLinesShowsEveryMove() {
        // With MultiPV, the won KQvK root lists every legal move, the queen moves that lose her to the king included.
        String fen = "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1";
        int legal = MoveGenerator.legalMoves(Fen.parse(fen), new int[MoveGenerator.MAX_MOVES], 0);
        SearchTesting.Recorder recorder = new SearchTesting.Recorder();
        new Search(new TranspositionTable(4), recorder)
                .run(Fen.parse(fen), new SearchLimits().depth(3).multiPv(64).tablebases(use()), HANDCRAFTED);
        assertEquals(legal, recorder.exactAtDepth(3).size());
    }
}
