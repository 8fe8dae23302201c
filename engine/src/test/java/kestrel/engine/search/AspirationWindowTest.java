package kestrel.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AspirationWindowTest {
    private final AspirationWindow window = new AspirationWindow();

    @Test
    void shallowIterationsSearchTheFullWindow() {
        window.start(AspirationWindow.MIN_DEPTH - 1, 50);
        assertEquals(-Score.INFINITE, window.alpha());
        assertEquals(Score.INFINITE, window.beta());
        assertFalse(window.failsLow(-Score.INFINITE));
        assertFalse(window.failsHigh(Score.INFINITE));
    }

    @Test
    void aMateScoreGetsNoWindowAroundIt() {
        window.start(10, Score.matedIn(7));
        assertEquals(-Score.INFINITE, window.alpha());
        assertEquals(Score.INFINITE, window.beta());
    }

    @Test
    void theFirstWindowIsCentredOnThePreviousScore() {
        window.start(10, 50);
        assertEquals(50 - SearchParameters.ASPIRATION_DELTA.value(), window.alpha());
        assertEquals(50 + SearchParameters.ASPIRATION_DELTA.value(), window.beta());
        assertEquals(10, window.depth());
        assertTrue(window.failsLow(50 - SearchParameters.ASPIRATION_DELTA.value()));
        assertFalse(window.failsLow(51 - SearchParameters.ASPIRATION_DELTA.value()));
        assertTrue(window.failsHigh(50 + SearchParameters.ASPIRATION_DELTA.value()));
        assertFalse(window.failsHigh(49 + SearchParameters.ASPIRATION_DELTA.value()));
    }

    @Test
    void aFailHighIsSearchedAgainAPlyShallowerEachTimeButNeverBelowOne() {
        window.start(4, 0);
        window.onFailHigh(20);
        assertEquals(3, window.depth());
        assertEquals(-12, window.alpha(), "a fail high keeps the lower edge");
        assertEquals(20 + 12, window.beta(), "the upper edge reaches past the score by the delta before it grew");
        window.onFailHigh(40);
        assertEquals(2, window.depth());
        assertEquals(40 + 18, window.beta(), "the delta grew by half: 12, then 18");
        window.onFailHigh(80);
        window.onFailHigh(160);
        assertEquals(1, window.depth());
    }

    @Test
    void aMateFoundAboveTheWindowKeepsTheDepth() {
        window.start(12, 0);
        window.onFailHigh(Score.mateIn(3));
        assertEquals(12, window.depth());
        assertEquals(Score.INFINITE, window.beta(), "the window is clamped to the scale");
    }

    @Test
    void aFailLowSearchesAtTheFullDepthAgain() {
        window.start(9, 100);
        window.onFailHigh(120);
        assertEquals(8, window.depth());
        // The window is now [88, 132]; the search falls below it.
        window.onFailLow(60);
        assertEquals(9, window.depth());
        assertEquals(60 - 18, window.alpha());
        assertEquals((88 + 132) / 2, window.beta(), "the top comes halfway down");
    }

    @Test
    void startingAgainForgetsTheLastLine() {
        window.start(9, 100);
        window.onFailLow(0);
        window.onFailLow(-100);
        window.start(9, 30);
        assertEquals(30 - SearchParameters.ASPIRATION_DELTA.value(), window.alpha());
        assertEquals(30 + SearchParameters.ASPIRATION_DELTA.value(), window.beta());
        assertEquals(9, window.depth());
    }
}
