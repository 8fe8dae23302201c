package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import org.junit.jupiter.api.Test;

class WdlModelTest {
    @Test
    void materialCountsBothSidesAtOneThreeThreeFiveNine() {
        assertEquals(78, WdlModel.material(Fen.parse(Fen.START)));
        assertEquals(5, WdlModel.material(Fen.parse("6k1/8/8/8/8/8/8/R5K1 w - - 0 1")));
    }

    @Test
    void sharesAreInPerMilleAndSumTo1000() {
        for (int material = 0; material <= 80; material += 5) {
            for (int score = -1500; score <= 1500; score += 25) {
                int[] wdl = WdlModel.perMille(score, material);
                assertEquals(1000, wdl[0] + wdl[1] + wdl[2], score + " at " + material);
                for (int share : wdl) {
                    assertTrue(share >= 0 && share <= 1000, score + " at " + material);
                }
            }
        }
    }

    @Test
    void aBetterScoreWinsMoreAndLosesLess() {
        for (int material : new int[] {12, 40, 78}) {
            int[] previous = WdlModel.perMille(-600, material);
            for (int score = -590; score <= 600; score += 10) {
                int[] wdl = WdlModel.perMille(score, material);
                assertTrue(wdl[0] >= previous[0] && wdl[2] <= previous[2], score + " at " + material);
                previous = wdl;
            }
        }
    }

    @Test
    void theModelIsSymmetricBetweenTheSides() {
        for (int score = 0; score <= 800; score += 20) {
            int[] ours = WdlModel.perMille(score, 50);
            int[] theirs = WdlModel.perMille(-score, 50);
            assertEquals(ours[0], theirs[2], "score " + score);
            assertEquals(ours[2], theirs[0], "score " + score);
        }
    }

    @Test
    void anEqualScoreIsAsLikelyToWinAsToLoseAndARookUpIsMostlyWon() {
        int[] equal = WdlModel.perMille(0, 78);
        assertEquals(equal[0], equal[2], java.util.Arrays.toString(equal));
        int[] rookUp = WdlModel.perMille(500, 30);
        assertTrue(rookUp[0] > 900, java.util.Arrays.toString(rookUp));
    }

    @Test
    void mateScoresAreCertain() {
        assertArrayEquals(new int[] {1000, 0, 0}, WdlModel.perMille(Score.mateIn(5), 40));
        assertArrayEquals(new int[] {0, 0, 1000}, WdlModel.perMille(Score.matedIn(2), 40));
    }
}
