package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** The network switches to the Vector API kernels once they are compiled, and evaluates the same before and after. */
class VectorWarmUpTest {
    @Test
    void theVectorKernelsTakeOverOnceCompiled() throws InterruptedException {
        assumeTrue(Network.vectorized(), "the Vector API is not in this runtime");
        Network network = TestNetworks.random(16, 4);
        int before = network.evaluate(Position.startPosition()); // the first evaluation starts the warm-up
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Network.vectorKernelsInUse() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(Network.vectorKernelsInUse(), "still on the scalar kernels after a minute");
        assertEquals(before, network.evaluate(Position.startPosition()), "the same score on either kernels");
    }
}
