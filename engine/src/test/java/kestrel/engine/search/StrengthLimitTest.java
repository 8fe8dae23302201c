package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class StrengthLimitTest {
    /** Black threatens Re1 mate; some white moves parry it (luft, Nd2), most do not. */
    private static final String BACK_RANK_THREAT = "4r1k1/5ppp/8/8/8/8/P4PPP/1N4K1 w - - 0 1";
    private static final String WHITE_MATES_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";

    @Test
    void lowerRatingsSearchFewerNodesAndDrawWider() {
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        StrengthLimit middle = StrengthLimit.forElo(1800);
        StrengthLimit strong = StrengthLimit.forElo(StrengthLimit.MAX_ELO);
        assertTrue(weak.nodes() < middle.nodes() && middle.nodes() < strong.nodes());
        assertTrue(weak.spread() > middle.spread() && middle.spread() > strong.spread());
        assertTrue(strong.spread() >= 0);
    }

    @Test
    void theCalibratedScaleMapsRatingsToTheseSettings() {
        // The anchors of docs/uci.md's calibration table: a change of the scale must change the table too.
        assertSettings(StrengthLimit.MIN_ELO, 230, 230);
        assertSettings(1500, 710, 185);
        assertSettings(1800, 4_500, 100);
        assertSettings(2000, 22_000, 20);
        assertEquals(2500, StrengthLimit.MAX_ELO);
        assertSettings(StrengthLimit.MAX_ELO, Long.MAX_VALUE, 0);
        // Between anchors the budget grows geometrically and the bonus falls in a straight line.
        assertSettings(1900, Math.round(Math.sqrt(4_500.0 * 22_000)), 60);
        // Above the last limited anchor the budget keeps the growth of the segment below it.
        assertSettings(2200, Math.round(22_000 * Math.pow(22_000 / 4_500.0, 200 / 200.0)), 12);
        assertEquals(4, StrengthLimit.forElo(1999).candidates());
        assertEquals(1, StrengthLimit.forElo(StrengthLimit.MAX_ELO).candidates());
    }

    @Test
    void theBudgetGrowsAndTheBonusShrinksWithEveryRatingPoint() {
        StrengthLimit previous = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        for (int elo = StrengthLimit.MIN_ELO + 1; elo <= StrengthLimit.MAX_ELO; elo++) {
            StrengthLimit limit = StrengthLimit.forElo(elo);
            assertTrue(limit.nodes() >= previous.nodes() && limit.spread() <= previous.spread(), limit.toString());
            previous = limit;
        }
    }

    private static void assertSettings(int elo, long nodes, int spread) {
        StrengthLimit limit = StrengthLimit.forElo(elo);
        assertEquals(nodes, limit.nodes(), "nodes at " + elo);
        assertEquals(spread, limit.spread(), "spread at " + elo);
    }

    @Test
    void ratingsOutsideTheRangeAreClamped() {
        assertEquals(StrengthLimit.MIN_ELO, StrengthLimit.forElo(100).elo());
        assertEquals(StrengthLimit.MAX_ELO, StrengthLimit.forElo(4000).elo());
    }

    @Test
    void aMateFoundIsAlwaysPlayed() {
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        SplittableRandom random = new SplittableRandom(1);
        int[] scores = {40, 35, Score.mateIn(3), 30};
        for (int draw = 0; draw < 200; draw++) {
            assertEquals(2, weak.choose(scores, 4, random));
        }
    }

    @Test
    void aCandidateThatIsMatedIsNeverChosenWhileAnotherIsNot() {
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        SplittableRandom random = new SplittableRandom(2);
        int[] scores = {-250, Score.matedIn(2), Score.matedIn(4), -Score.INFINITE};
        for (int draw = 0; draw < 200; draw++) {
            assertEquals(0, weak.choose(scores, 4, random));
        }
    }

    @Test
    void whenEveryCandidateIsMatedTheLongestResistanceIsPlayed() {
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        int[] scores = {Score.matedIn(2), Score.matedIn(6), Score.matedIn(4)};
        assertEquals(1, weak.choose(scores, 3, new SplittableRandom(3)));
    }

    @Test
    void aWeakRatingSometimesPlaysASlightlyWorseMoveButNeverAFarWorseOne() {
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        SplittableRandom random = new SplittableRandom(4);
        int[] scores = {50, 30, 20, 50 - weak.spread() - 1};
        int[] chosen = new int[4];
        for (int draw = 0; draw < 1000; draw++) {
            chosen[weak.choose(scores, 4, random)]++;
        }
        assertTrue(chosen[0] > chosen[1] && chosen[1] > 0 && chosen[2] > 0, java.util.Arrays.toString(chosen));
        assertEquals(0, chosen[3], "a move worse by more than the spread is never chosen");
    }

    @Test
    void aLimitedSearchWithoutOtherLimitsEndsOnItsOwn() {
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        SearchResult result = SearchTesting.search(Fen.START, new SearchLimits().strength(weak));
        assertTrue(result.depth() >= 2, "depth " + result.depth());
        assertTrue(result.nodes() < 100 * weak.nodes(), "nodes " + result.nodes());
        assertTrue(SearchTesting.isLegal(Fen.parse(Fen.START), result.bestMove()));
    }

    @Test
    void theWeakestRatingVariesItsMoves() {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        StrengthLimit weak = StrengthLimit.forElo(StrengthLimit.MIN_ELO);
        Set<Integer> moves = new HashSet<>();
        for (int game = 0; game < 30; game++) {
            moves.add(search.run(Fen.parse(Fen.START), new SearchLimits().strength(weak), HANDCRAFTED).bestMove());
        }
        assertTrue(moves.size() >= 2, "always " + moves);
    }

    @Test
    void noRatingWalksIntoAMateInOne() {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        for (int elo : new int[] {StrengthLimit.MIN_ELO, 1800, StrengthLimit.MAX_ELO}) {
            for (int game = 0; game < 15; game++) {
                Position position = Fen.parse(BACK_RANK_THREAT);
                // The top rating has no budget: a depth keeps its search short.
                SearchLimits limits = new SearchLimits().strength(StrengthLimit.forElo(elo)).depth(8);
                int move = search.run(position, limits, HANDCRAFTED).bestMove();
                position.makeMove(move);
                assertFalse(hasMateInOne(position), "UCI_Elo " + elo + " played " + Move.toUci(move));
            }
        }
    }

    @Test
    void everyRatingPlaysAMateInOne() {
        Search search = new Search(new TranspositionTable(4), SearchListener.SILENT);
        int mate = SearchTesting.move(WHITE_MATES_IN_ONE, "a1a8");
        for (int elo : new int[] {StrengthLimit.MIN_ELO, 1800, StrengthLimit.MAX_ELO}) {
            for (int game = 0; game < 10; game++) {
                SearchLimits limits = new SearchLimits().strength(StrengthLimit.forElo(elo)).depth(8);
                assertEquals(mate, search.run(Fen.parse(WHITE_MATES_IN_ONE), limits, HANDCRAFTED).bestMove(), "UCI_Elo " + elo);
            }
        }
    }

    /** True when the side to move can mate at once. */
    private static boolean hasMateInOne(Position position) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] replies = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            position.makeMove(moves[i]);
            boolean mate = position.inCheck() && MoveGenerator.legalMoves(position, replies, 0) == 0;
            position.unmakeMove();
            if (mate) {
                return true;
            }
        }
        return false;
    }
}
