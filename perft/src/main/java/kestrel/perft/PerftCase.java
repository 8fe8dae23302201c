package kestrel.perft;

import java.util.Arrays;

/** One position of a perft suite with the leaf counts expected at the depths the suite lists. */
public final class PerftCase implements SuiteLine {
    /** Marks a depth the suite gives no count for. */
    public static final long UNKNOWN = -1;

    private final int lineNumber;
    private final String fen;
    /** Index = depth; {@link #UNKNOWN} where no count is listed. */
    private final long[] expected;

    /**
     * @param expectedByDepth index = depth, value = expected count or {@link #UNKNOWN}
     */
    public PerftCase(int lineNumber, String fen, long[] expectedByDepth) {
        this.lineNumber = lineNumber;
        this.fen = fen;
        this.expected = expectedByDepth.clone();
    }

    @Override
    public int lineNumber() {
        return lineNumber;
    }

    public String fen() {
        return fen;
    }

    /** The deepest depth with a count. */
    public int maxDepth() {
        for (int depth = expected.length - 1; depth >= 0; depth--) {
            if (expected[depth] != UNKNOWN) {
                return depth;
            }
        }
        return -1;
    }

    /** The count the suite expects at {@code depth}, or {@link #UNKNOWN}. */
    public long expected(int depth) {
        return depth >= 0 && depth < expected.length ? expected[depth] : UNKNOWN;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PerftCase that && lineNumber == that.lineNumber && fen.equals(that.fen)
                && Arrays.equals(expected, that.expected);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * lineNumber + fen.hashCode()) + Arrays.hashCode(expected);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(fen);
        for (int depth = 0; depth < expected.length; depth++) {
            if (expected[depth] != UNKNOWN) {
                text.append(" ;D").append(depth).append(' ').append(expected[depth]);
            }
        }
        return text.toString();
    }
}
