package kestrel.engine.search;

/**
 * The window and depth of one root line's searches within an iteration: first a window around the line's previous
 * score, then, after each failure, a wider one. After a fail high the line is searched again a ply shallower (at
 * least one ply), as Ethereal does: a score above the window is confirmed sooner at less depth, and the next
 * iteration goes deeper anyway. After a fail low it is searched at the iteration's full depth again, since a falling
 * score is what needs the full look. One per search thread, reused: {@link #start} begins a line afresh.
 */
final class AspirationWindow {
    /** Iterations from this depth search in a window around the previous score; shallower ones in the full one. */
    static final int MIN_DEPTH = 4;

    private int alpha;
    private int beta;
    private int delta;
    private int depth;
    private int iterationDepth;

    /** Begins the searches of a line at {@code iterationDepth}; {@code previous} is its score one iteration before. */
    void start(int iterationDepth, int previous) {
        this.iterationDepth = iterationDepth;
        depth = iterationDepth;
        delta = SearchParameters.ASPIRATION_DELTA.value;
        alpha = -Score.INFINITE;
        beta = Score.INFINITE;
        // A mate score is no estimate of the next one: a window around it would only fail.
        if (iterationDepth >= MIN_DEPTH && !Score.isMate(previous)) {
            alpha = onScale(previous - delta);
            beta = onScale(previous + delta);
        }
    }

    /** Whether {@code score} is at or below a lower edge that is not the end of the scale. */
    boolean failsLow(int score) {
        return score <= alpha && alpha > -Score.INFINITE;
    }

    /** Whether {@code score} is at or above an upper edge that is not the end of the scale. */
    boolean failsHigh(int score) {
        return score >= beta && beta < Score.INFINITE;
    }

    /** After a fail low at {@code score}: the window reaches below it, its top comes halfway down, full depth. */
    void onFailLow(int score) {
        beta = (alpha + beta) / 2;
        alpha = onScale(score - delta);
        depth = iterationDepth;
        delta += delta / 2;
    }

    /** After a fail high at {@code score}: the window reaches above it, a ply shallower unless the score is a mate. */
    void onFailHigh(int score) {
        beta = onScale(score + delta);
        if (!Score.isMate(score)) {
            depth = Math.max(1, depth - 1);
        }
        delta += delta / 2;
    }

    /** A window edge, kept within the scale of scores. */
    private static int onScale(int edge) {
        return Math.max(-Score.INFINITE, Math.min(Score.INFINITE, edge));
    }

    int alpha() {
        return alpha;
    }

    int beta() {
        return beta;
    }

    /** The depth of the next search of the line. */
    int depth() {
        return depth;
    }
}
