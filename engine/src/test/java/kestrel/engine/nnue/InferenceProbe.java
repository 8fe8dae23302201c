package kestrel.engine.nnue;

import kestrel.engine.Position;

/**
 * A program for {@link ScalarFallbackTest}'s child JVMs: prints whether inference is vectorized, then the evaluation
 * of each of {@link #POSITIONS} random positions by a random network of each hidden size in {@link #HIDDEN_SIZES}.
 */
final class InferenceProbe {
    static final int[] HIDDEN_SIZES = {16, 24, 136};
    static final int POSITIONS = 200;
    private static final long NETWORK_SEED = 41;
    private static final long POSITION_SEED = 42;

    private InferenceProbe() {
    }

    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        out.append("vectorized ").append(Network.vectorized()).append('\n');
        out.append(evaluations());
        System.out.print(out);
    }

    /** One line per network: its evaluations of the positions, each from scratch. */
    static String evaluations() {
        StringBuilder out = new StringBuilder();
        for (int hidden : HIDDEN_SIZES) {
            Network network = TestNetworks.random(hidden, NETWORK_SEED + hidden);
            for (Position position : RandomPositions.of(POSITIONS, POSITION_SEED)) {
                out.append(network.evaluate(position)).append(' ');
            }
            out.append('\n');
        }
        return out.toString();
    }
}
