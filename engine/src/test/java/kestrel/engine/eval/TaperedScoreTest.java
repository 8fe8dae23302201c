package kestrel.engine.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TaperedScoreTest {
    @ParameterizedTest
    @CsvSource({"0, 0", "12, -7", "-12, 7", "-300, -450", "15000, -15000", "-1, 0", "0, -1"})
    void bothHalvesReadBackAsPacked(int midgame, int endgame) {
        int packed = TaperedScore.of(midgame, endgame);
        assertEquals(midgame, TaperedScore.midgame(packed));
        assertEquals(endgame, TaperedScore.endgame(packed));
    }

    @Test
    void packedScoresAddAndScaleHalfByHalf() {
        int sum = TaperedScore.of(10, -20) + TaperedScore.of(-30, 5) * 3;
        assertEquals(-80, TaperedScore.midgame(sum));
        assertEquals(-5, TaperedScore.endgame(sum));
    }

    @Test
    void taperingBlendsFromMidgameToEndgameByPhase() {
        int packed = TaperedScore.of(100, 200);
        assertEquals(100, TaperedScore.taper(packed, 24, 24));
        assertEquals(200, TaperedScore.taper(packed, 0, 24));
        assertEquals(150, TaperedScore.taper(packed, 12, 24));
    }

    @Test
    void taperingIsSymmetricAroundZero() {
        for (int phase = 0; phase <= 24; phase++) {
            assertEquals(-TaperedScore.taper(TaperedScore.of(37, -11), phase, 24),
                    TaperedScore.taper(TaperedScore.of(-37, 11), phase, 24));
        }
    }
}
