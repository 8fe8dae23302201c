package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/**
 * The shipped network evaluates as it always has: its scores of fixed positions and a checksum of its scores of
 * 2,000 random positions, taken before the network format gained version 2 (king mirroring, output buckets). A new
 * network at the resource path changes these numbers on purpose: then they are to be taken again (last taken for
 * net 19h).
 */
class BuiltInNetworkTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @Test
    void theShippedNetworkGivesTheSameEvaluationsAsBefore() throws Exception {
        Network network = BuiltInNetwork.load();
        assumeTrue(network != null, "no network built in");
        assertEquals(512, network.hidden());
        assertTrue(network.kingMirror());
        assertEquals(24, network.evaluate(Position.startPosition()));
        assertEquals(-42, network.evaluate(Fen.parse(KIWIPETE)));
        List<Position> positions = RandomPositions.of(2000, 17);
        long checksum = 0;
        Accumulators accumulators = new Accumulators(network);
        for (Position position : positions) {
            int score = network.evaluate(position);
            accumulators.startSearch(position);
            assertEquals(score, accumulators.evaluate(position));
            checksum = checksum * 31 + score;
        }
        assertEquals(397_779_053_718_266_018L, checksum);
    }
}
