package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;

/**
 * The king bucket layouts: which bucket a king's square gives each perspective, what a layout may be, and that the
 * network reads each perspective's inputs from its own king's bucket.
 */
class KingBucketsTest {
    /** The bucket of {@code perspective}'s king on {@code square}, with king mirroring or without. */
    private static int bucket(KingBuckets layout, int perspective, String square, boolean kingMirror) {
        int kingSquare = Square.parse(square);
        return layout.bucket(perspective, kingSquare, kingMirror ? Features.mirror(kingSquare) : 0);
    }

    @Test
    void fourBucketsAsTheDocumentationDrawsThem() {
        for (boolean kingMirror : new boolean[] {true, false}) {
            // Castled short: g1 is b1 mirrored, and FOUR is symmetric, so mirroring changes nothing.
            assertEquals(0, bucket(KingBuckets.FOUR, Piece.WHITE, "g1", kingMirror));
            assertEquals(0, bucket(KingBuckets.FOUR, Piece.WHITE, "a1", kingMirror));
            assertEquals(0, bucket(KingBuckets.FOUR, Piece.WHITE, "h1", kingMirror));
            // At home: e1 mirrored is d1; castled long is c1.
            assertEquals(1, bucket(KingBuckets.FOUR, Piece.WHITE, "e1", kingMirror));
            assertEquals(1, bucket(KingBuckets.FOUR, Piece.WHITE, "c1", kingMirror));
            assertEquals(2, bucket(KingBuckets.FOUR, Piece.WHITE, "d3", kingMirror));
            assertEquals(2, bucket(KingBuckets.FOUR, Piece.WHITE, "h2", kingMirror));
            assertEquals(3, bucket(KingBuckets.FOUR, Piece.WHITE, "e4", kingMirror));
            assertEquals(3, bucket(KingBuckets.FOUR, Piece.WHITE, "a8", kingMirror));
            // Black sees its board flipped vertically: its back rank is its rank 1.
            assertEquals(1, bucket(KingBuckets.FOUR, Piece.BLACK, "e8", kingMirror));
            assertEquals(0, bucket(KingBuckets.FOUR, Piece.BLACK, "g8", kingMirror));
            assertEquals(1, bucket(KingBuckets.FOUR, Piece.BLACK, "c8", kingMirror));
            assertEquals(2, bucket(KingBuckets.FOUR, Piece.BLACK, "d6", kingMirror));
            assertEquals(2, bucket(KingBuckets.FOUR, Piece.BLACK, "f7", kingMirror));
            assertEquals(3, bucket(KingBuckets.FOUR, Piece.BLACK, "e4", kingMirror));
            assertEquals(3, bucket(KingBuckets.FOUR, Piece.BLACK, "a1", kingMirror));
        }
        assertEquals(4, KingBuckets.FOUR.count());
        assertEquals("four", KingBuckets.FOUR.name());
    }

    @Test
    void noneHasOneBucketForEveryKingSquare() {
        assertEquals(1, KingBuckets.NONE.count());
        for (int perspective : new int[] {Piece.WHITE, Piece.BLACK}) {
            for (int square = 0; square < 64; square++) {
                assertEquals(0, KingBuckets.NONE.bucket(perspective, square, Features.mirror(square)));
            }
        }
    }

    /** A layout that is not symmetric shows that the mirror is applied to the king's square before the lookup. */
    @Test
    void theMirrorIsAppliedToTheKingsSquareBeforeTheLookup() {
        int[] layout = new int[64];
        // Bucket 1: files a to d of White's first rank; every other square bucket 0.
        for (int square = Square.A1; square <= Square.D1; square++) {
            layout[square] = 1;
        }
        KingBuckets left = KingBuckets.of(layout);
        assertEquals(2, left.count());
        assertEquals("custom", left.name());
        // g1 is g1 without mirroring (bucket 0) and b1 with it (bucket 1).
        assertEquals(0, bucket(left, Piece.WHITE, "g1", false));
        assertEquals(1, bucket(left, Piece.WHITE, "g1", true));
        assertEquals(1, bucket(left, Piece.WHITE, "c1", false));
        assertEquals(1, bucket(left, Piece.BLACK, "b8", false));
        assertEquals(0, bucket(left, Piece.BLACK, "b1", false));
        assertEquals(1, bucket(left, Piece.BLACK, "h8", true));
        assertEquals(0, bucket(left, Piece.BLACK, "h8", false));
    }

    @Test
    void aNamedLayoutsArrayReadsBackAsTheSameInstance() {
        assertSame(KingBuckets.FOUR, KingBuckets.of(KingBuckets.FOUR.toArray()));
        assertSame(KingBuckets.NONE, KingBuckets.of(KingBuckets.NONE.toArray()));
        assertSame(KingBuckets.NONE, KingBuckets.of(new int[64]));
        // The array is a copy: changing it changes neither the layout nor what the next copy holds.
        int[] copy = KingBuckets.FOUR.toArray();
        copy[Square.E4] = 0;
        assertEquals(3, KingBuckets.FOUR.bucket(Square.E4));
        assertEquals(3, KingBuckets.FOUR.toArray()[Square.E4]);
        // A custom layout keeps its own copy as well.
        int[] layout = new int[64];
        layout[Square.H8] = 1;
        KingBuckets custom = KingBuckets.of(layout);
        layout[Square.H8] = 0;
        assertEquals(1, custom.bucket(Square.H8));
        assertNotSame(custom, KingBuckets.of(custom.toArray()));
        assertEquals(custom, KingBuckets.of(custom.toArray()));
    }

    @Test
    void ofRefusesWhatNoFileMayHold() {
        String length = assertThrows(IllegalArgumentException.class, () -> KingBuckets.of(new int[63])).getMessage();
        assertTrue(length.contains("64 squares, not 63"), length);
        int[] negative = new int[64];
        negative[5] = -1;
        String below = assertThrows(IllegalArgumentException.class, () -> KingBuckets.of(negative)).getMessage();
        assertTrue(below.contains("king bucket -1 is outside 0 .. 31"), below);
        int[] tooLarge = new int[64];
        Arrays.fill(tooLarge, 0, 32, 1);
        tooLarge[40] = KingBuckets.MAX;
        String above = assertThrows(IllegalArgumentException.class, () -> KingBuckets.of(tooLarge)).getMessage();
        assertTrue(above.contains("king bucket 32 is outside 0 .. 31"), above);
        // Buckets 0 and 2, none of 1: a gap would be a set of inputs no king ever reads.
        int[] gap = new int[64];
        Arrays.fill(gap, 32, 64, 2);
        String missing = assertThrows(IllegalArgumentException.class, () -> KingBuckets.of(gap)).getMessage();
        assertTrue(missing.contains("king bucket 1 is used by no square"), missing);
        // Bucket 0 must be used too: buckets 1 and 2 alone are refused.
        int[] noZero = new int[64];
        Arrays.fill(noZero, 0, 32, 1);
        Arrays.fill(noZero, 32, 64, 2);
        String zero = assertThrows(IllegalArgumentException.class, () -> KingBuckets.of(noZero)).getMessage();
        assertTrue(zero.contains("king bucket 0 is used by no square"), zero);
    }

    @Test
    void theLargestLayoutIsAccepted() {
        int[] layout = new int[64];
        for (int square = 0; square < 64; square++) {
            layout[square] = square / 2;
        }
        assertEquals(KingBuckets.MAX, KingBuckets.of(layout).count());
    }

    @Test
    void namedKnowsTheLayoutsTheCommandLineOffers() {
        assertSame(KingBuckets.NONE, KingBuckets.named("none"));
        assertSame(KingBuckets.FOUR, KingBuckets.named("four"));
        assertSame(KingBuckets.FOUR, KingBuckets.named("FOUR"));
        for (String name : new String[] {"bogus", "4", "", "custom"}) {
            String message = assertThrows(IllegalArgumentException.class, () -> KingBuckets.named(name))
                    .getMessage();
            assertTrue(message.contains("unknown king bucket layout '" + name + "'")
                    && message.contains("none") && message.contains("four"), message);
        }
    }

    /**
     * FOUR written out from its description, for a king on {@code square} of {@code perspective}: its rank and file
     * as that side sees them, files e to h counted as their mirror images.
     */
    private static int fourByHand(int perspective, int square) {
        int rank = perspective == Piece.WHITE ? square / 8 : 7 - square / 8;
        int file = square % 8 < 4 ? square % 8 : 7 - square % 8;
        return rank == 0 ? (file < 2 ? 0 : 1) : rank <= 2 ? 2 : 3;
    }

    /**
     * The engine's network sums each perspective's pieces from the rows of its own king's bucket: its accumulator
     * equals that of a network without king buckets whose 768 rows are that bucket's, over positions of random games
     * and positions chosen for kings in each bucket, the two kings in different buckets included.
     */
    @Test
    void eachPerspectiveReadsTheRowsOfItsOwnKingsBucket() {
        List<Position> positions = new ArrayList<>(RandomPositions.of(600, 17));
        for (String fen : new String[] {"6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "8/5k2/8/8/8/2K5/8/8 w - - 0 1",
            "8/8/8/4K3/2k5/8/8/8 b - - 0 1", "1k6/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/3K4/8/8 b - - 0 1",
            "8/8/8/8/8/8/1k6/5K2 w - - 0 1"}) {
            positions.add(Fen.parse(fen));
        }
        for (boolean kingMirror : new boolean[] {true, false}) {
            Network bucketed = TestNetworks.random(16, kingMirror, KingBuckets.FOUR, 2, 19);
            Network[] alone = new Network[4];
            for (int bucket = 0; bucket < 4; bucket++) {
                alone[bucket] = bucketAlone(bucketed, bucket);
            }
            int[][] seen = new int[2][4];
            int differentBuckets = 0;
            short[] accumulator = new short[16];
            short[] expected = new short[16];
            for (Position position : positions) {
                int white = fourByHand(Piece.WHITE, position.kingSquare(Piece.WHITE));
                int black = fourByHand(Piece.BLACK, position.kingSquare(Piece.BLACK));
                seen[Piece.WHITE][white]++;
                seen[Piece.BLACK][black]++;
                differentBuckets += white != black ? 1 : 0;
                for (int perspective : new int[] {Piece.WHITE, Piece.BLACK}) {
                    int bucket = perspective == Piece.WHITE ? white : black;
                    bucketed.refresh(position, perspective, accumulator);
                    alone[bucket].refresh(position, perspective, expected);
                    assertArrayEquals(expected, accumulator, () -> Fen.toFen(position, false));
                    // The bucket's rows, and no other's: the next bucket's give another sum.
                    alone[(bucket + 1) % 4].refresh(position, perspective, expected);
                    assertFalse(Arrays.equals(expected, accumulator), () -> Fen.toFen(position, false));
                }
            }
            for (int[] perSide : seen) {
                for (int count : perSide) {
                    assertTrue(count > 0, () -> "every bucket met by each side: " + Arrays.deepToString(seen));
                }
            }
            assertTrue(differentBuckets > 50, differentBuckets + " positions with the kings in different buckets");
        }
    }

    /** A network without king buckets, of {@code network}'s shape, whose 768 rows are bucket {@code bucket}'s. */
    private static Network bucketAlone(Network network, int bucket) {
        int hidden = network.hidden();
        int outputs = network.outputBuckets();
        short[] featureWeights = new short[Features.COUNT * hidden];
        for (int feature = 0; feature < Features.COUNT; feature++) {
            for (int i = 0; i < hidden; i++) {
                featureWeights[feature * hidden + i] = network.featureWeight(bucket * Features.COUNT + feature, i);
            }
        }
        short[] featureBiases = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            featureBiases[i] = network.featureBias(i);
        }
        short[] outputWeights = new short[outputs * 2 * hidden];
        int[] outputBiases = new int[outputs];
        for (int output = 0; output < outputs; output++) {
            for (int i = 0; i < 2 * hidden; i++) {
                outputWeights[output * 2 * hidden + i] = network.outputWeight(output, i);
            }
            outputBiases[output] = network.outputBias(output);
        }
        return new Network(hidden, network.kingMirror(), outputs, featureWeights, featureBiases, outputWeights,
                outputBiases);
    }
}
