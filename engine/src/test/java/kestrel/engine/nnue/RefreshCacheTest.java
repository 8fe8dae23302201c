package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

/** The refresh cache gives the accumulator a refresh from scratch gives, whatever it refreshed before. */
class RefreshCacheTest {
    @Test
    void positionsAlongRandomGamesGiveTheFromScratchAccumulators() {
        // Each side's king is on the e-h files a good part of the time, so both views of both perspectives are
        // used and refreshed from each other's leftovers many times.
        List<Position> positions = RandomPositions.of(4_800, 21);
        int[] kingSides = new int[4];
        for (Position position : positions) {
            for (int colour : new int[] {Piece.WHITE, Piece.BLACK}) {
                kingSides[colour * 2 + (Features.mirror(position.kingSquare(colour)) != 0 ? 1 : 0)]++;
            }
        }
        for (int count : kingSides) {
            assertTrue(count > 100, () -> "each king on each side of the board: " + Arrays.toString(kingSides));
        }
        for (Network network : new Network[] {TestNetworks.random(16, true, 8, 3), TestNetworks.random(136, true, 1, 4),
            TestNetworks.random(32, false, 1, 5)}) {
            assertSameAsFromScratch(network, positions);
        }
    }

    /**
     * King buckets: a view is a bucket and a side of the board, so each perspective's cache has eight entries for
     * FOUR, and each is refreshed from its own leftovers, never another bucket's.
     */
    @Test
    void kingBucketedNetworksGiveTheFromScratchAccumulators() {
        List<Position> positions = RandomPositions.of(4_800, 22);
        int[][] buckets = new int[2][KingBuckets.FOUR.count()];
        for (Position position : positions) {
            for (int colour : new int[] {Piece.WHITE, Piece.BLACK}) {
                buckets[colour][KingBuckets.FOUR.bucket(colour, position.kingSquare(colour), 0)]++;
            }
        }
        for (int[] perColour : buckets) {
            for (int count : perColour) {
                assertTrue(count > 50, () -> "each king in each bucket: " + Arrays.deepToString(buckets));
            }
        }
        for (Network network : new Network[] {TestNetworks.random(16, true, KingBuckets.FOUR, 8, 3),
            TestNetworks.random(32, false, KingBuckets.FOUR, 1, 5)}) {
            assertSameAsFromScratch(network, positions);
        }
    }

    @Test
    void jumpsBetweenUnrelatedPositionsGiveTheFromScratchAccumulators() {
        List<Position> positions = new ArrayList<>();
        List<Position> alongGames = RandomPositions.of(20_000, 11);
        for (int index = 0; index < alongGames.size(); index += 50) {
            positions.add(alongGames.get(index));
            if (index % 1_000 == 0) {
                // Bare kings, then the full start: every piece leaves the cache, then every piece comes back.
                positions.add(Fen.parse("8/8/8/8/8/8/8/K6k w - - 0 1"));
                positions.add(Position.startPosition());
                positions.add(Fen.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
            }
        }
        assertSameAsFromScratch(TestNetworks.random(64, true, 8, 7), positions);
    }

    private static void assertSameAsFromScratch(Network network, List<Position> positions) {
        RefreshCache cache = new RefreshCache(network);
        short[] cached = new short[network.hidden()];
        short[] fresh = new short[network.hidden()];
        for (Position position : positions) {
            for (int perspective : new int[] {Piece.WHITE, Piece.BLACK}) {
                cache.refresh(position, perspective, cached);
                network.refresh(position, perspective, fresh);
                String where = network.describe() + ", perspective " + perspective + ": " + Fen.toFen(position, false);
                assertArrayEquals(fresh, cached, where);
            }
        }
    }
}
