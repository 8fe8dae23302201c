package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kestrel.engine.Position;
import kestrel.engine.nnue.Network;

/**
 * The bound every quantization test holds a network to: the quantized network within 40 cp of the float one on every
 * position, and within 6 cp on average. A feature weight moves by up to 1/510 when rounded, and some 30 of them add
 * up in each accumulator; an output weight by up to 1/128, and one output unit is 400 cp.
 */
final class QuantizationBound {
    private QuantizationBound() {
    }

    static void assertEvaluatesLike(FloatNetwork network, Network engine, List<Position> positions) {
        double worst = 0;
        double sum = 0;
        for (Position position : positions) {
            double difference = Math.abs(network.evaluate(position) - engine.evaluate(position));
            worst = Math.max(worst, difference);
            sum += difference;
        }
        double mean = sum / positions.size();
        String summary = "worst " + worst + " cp, mean " + mean + " cp over " + positions.size() + " positions";
        assertTrue(worst <= 40 && mean <= 6, summary);
    }
}
