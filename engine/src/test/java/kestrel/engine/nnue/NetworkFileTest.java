package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.Square;
import org.junit.jupiter.api.Test;

class NetworkFileTest {
    private static final Network NETWORK = TestNetworks.random(24, 5);
    private static final Network MIRRORED_BUCKETED = TestNetworks.random(24, true, 8, 5);
    private static final Network KING_BUCKETED = TestNetworks.random(24, true, KingBuckets.FOUR, 8, 11);
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @Test
    void writtenNetworkReadsBackTheSame() throws Exception {
        byte[] bytes = NetworkFile.toBytes(NETWORK);
        assertEquals(NetworkFile.size(24), bytes.length);
        Network read = NetworkFile.read(new ByteArrayInputStream(bytes));
        assertArrayEquals(bytes, NetworkFile.toBytes(read));
        Position position = Fen.parse(KIWIPETE);
        assertEquals(NETWORK.evaluate(position), read.evaluate(position));
    }

    @Test
    void headerSaysWhatTheDocumentationSays() {
        ByteBuffer header = ByteBuffer.wrap(NetworkFile.toBytes(NETWORK)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("KNNU", new String(Arrays.copyOf(header.array(), 4), java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(1, header.getShort(4));
        assertEquals(1, header.getShort(6));
        assertEquals(768, header.getShort(8));
        assertEquals(24, header.getShort(10));
        assertEquals(255, header.getShort(12));
        assertEquals(64, header.getShort(14));
        assertEquals(400, header.getShort(16));
    }

    /** A network of the first shape (no king mirroring, one output) is still written as version 1. */
    @Test
    void theFirstShapeIsWrittenAsVersionOne() throws Exception {
        byte[] bytes = NetworkFile.toBytes(TestNetworks.random(24, false, 1, 5));
        assertEquals(1, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getShort(4));
        assertEquals(NetworkFile.size(24), bytes.length);
        Network read = NetworkFile.parse(bytes);
        assertFalse(read.kingMirror());
        assertEquals(1, read.outputBuckets());
    }

    /** Version 2: king mirroring and output buckets in the header, and every bucket's weights and bias. */
    @Test
    void versionTwoReadsBackTheSame() throws Exception {
        for (Network network : new Network[] {MIRRORED_BUCKETED, TestNetworks.random(24, true, 1, 7),
            TestNetworks.random(24, false, 8, 8), TestNetworks.random(8, true, Network.MAX_OUTPUT_BUCKETS, 9)}) {
            byte[] bytes = NetworkFile.toBytes(network);
            assertEquals(NetworkFile.size(network.hidden(), network.outputBuckets()), bytes.length);
            Network read = NetworkFile.read(new ByteArrayInputStream(bytes));
            assertEquals(network.kingMirror(), read.kingMirror());
            assertEquals(network.outputBuckets(), read.outputBuckets());
            assertArrayEquals(bytes, NetworkFile.toBytes(read));
            for (Position position : RandomPositions.of(200, 6)) {
                assertEquals(network.evaluate(position), read.evaluate(position), network::describe);
            }
        }
    }

    @Test
    void versionTwoHeaderSaysWhatTheDocumentationSays() {
        byte[] bytes = NetworkFile.toBytes(MIRRORED_BUCKETED);
        ByteBuffer file = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("KNNU", new String(Arrays.copyOf(bytes, 4), java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(2, file.getShort(4));
        assertEquals(1, file.getShort(6));
        assertEquals(768, file.getShort(8));
        assertEquals(24, file.getShort(10));
        assertEquals(255, file.getShort(12));
        assertEquals(64, file.getShort(14));
        assertEquals(400, file.getShort(16));
        assertEquals(1, file.getShort(18));
        assertEquals(8, file.getShort(20));
        assertEquals(0, file.getShort(22));
        // 24 + 2 * (768 * 24 + 24 + 8 * 48 + 8) + 4 bytes; bucket 3's first output weight and bucket 5's bias.
        assertEquals(24 + 2 * (768 * 24 + 24 + 8 * 48 + 8) + 4, bytes.length);
        int outputWeights = 24 + 2 * (768 * 24 + 24);
        assertEquals(MIRRORED_BUCKETED.outputWeight(3, 0), file.getShort(outputWeights + 2 * 3 * 48));
        assertEquals(MIRRORED_BUCKETED.outputWeight(3, 47), file.getShort(outputWeights + 2 * (3 * 48 + 47)));
        assertEquals(MIRRORED_BUCKETED.outputBias(5), file.getShort(outputWeights + 2 * (8 * 48 + 5)));
    }

    @Test
    void versionTwoHeadersBeyondWhatTheEngineKnowsAreRefused() {
        int[][] edits = {{18, 2}, {18, 3}, {20, 0}, {20, Network.MAX_OUTPUT_BUCKETS + 1}, {20, 9}, {20, 7}};
        String[] messages = {"unknown feature flags 2", "unknown feature flags 3", "output buckets: 0",
            "output buckets: 33", "truncated", "too long"};
        for (int i = 0; i < edits.length; i++) {
            byte[] bytes = NetworkFile.toBytes(MIRRORED_BUCKETED);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(edits[i][0], (short) edits[i][1]);
            resign(bytes);
            String message = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(bytes)).getMessage();
            assertTrue(message.contains(messages[i]), message);
        }
        byte[] bytes = NetworkFile.toBytes(MIRRORED_BUCKETED);
        String message = assertThrows(NetworkFormatException.class,
                () -> NetworkFile.parse(Arrays.copyOf(bytes, bytes.length - 2))).getMessage();
        assertTrue(message.startsWith("truncated") && message.contains("8 output buckets"), message);
        byte[] corrupt = bytes.clone();
        corrupt[bytes.length - 10] ^= 1;
        assertTrue(assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(corrupt)).getMessage()
                .contains("checksum"));
    }

    /**
     * Version 3: king buckets and their layout in the header, every bucket's feature weights; with king mirroring or
     * without, one output bucket or several, the named layout or one of a file's own.
     */
    @Test
    void versionThreeReadsBackTheSame() throws Exception {
        int[] ranks = new int[64];
        for (int square = 0; square < 64; square++) {
            // Three buckets by rank, not symmetric in files: rank 1, a2 to h2, the rest.
            ranks[square] = square < 8 ? 0 : square < 16 ? 1 : 2;
        }
        ranks[Square.H1] = 1;
        KingBuckets custom = KingBuckets.of(ranks);
        for (Network network : new Network[] {KING_BUCKETED, TestNetworks.random(16, false, KingBuckets.FOUR, 1, 12),
            TestNetworks.random(8, true, custom, 3, 13), TestNetworks.random(8, false, custom, 1, 14)}) {
            byte[] bytes = NetworkFile.toBytes(network);
            assertEquals(3, bytes[4], network::describe);
            int kingBuckets = network.kingBuckets().count();
            assertEquals(NetworkFile.size(network.hidden(), kingBuckets, network.outputBuckets()), bytes.length);
            assertEquals(NetworkFile.size(network), bytes.length);
            Network read = NetworkFile.read(new ByteArrayInputStream(bytes));
            assertEquals(network.kingMirror(), read.kingMirror());
            assertEquals(network.outputBuckets(), read.outputBuckets());
            assertEquals(network.kingBuckets(), read.kingBuckets());
            assertArrayEquals(network.kingBuckets().toArray(), read.kingBuckets().toArray());
            assertArrayEquals(bytes, NetworkFile.toBytes(read));
            for (Position position : RandomPositions.of(200, 6)) {
                assertEquals(network.evaluate(position), read.evaluate(position), network::describe);
            }
            for (String fen : new String[] {KIWIPETE, "8/8/3k4/8/8/2N5/8/4K2B w - - 0 1",
                "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "1k6/1pp5/8/2b5/8/8/5PPP/6K1 b - - 0 1"}) {
                Position position = Fen.parse(fen);
                assertEquals(network.evaluate(position), read.evaluate(position), fen);
            }
        }
        // The named layout reads back as itself, the file's own as an equal one.
        assertSame(KingBuckets.FOUR, NetworkFile.parse(NetworkFile.toBytes(KING_BUCKETED)).kingBuckets());
        assertEquals("custom", NetworkFile.parse(NetworkFile.toBytes(TestNetworks.random(8, true, custom, 3, 13)))
                .kingBuckets().name());
    }

    @Test
    void versionThreeHeaderSaysWhatTheDocumentationSays() {
        byte[] bytes = NetworkFile.toBytes(KING_BUCKETED);
        ByteBuffer file = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("KNNU", new String(Arrays.copyOf(bytes, 4), java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(3, file.getShort(4));
        assertEquals(1, file.getShort(6));
        assertEquals(768, file.getShort(8));
        assertEquals(24, file.getShort(10));
        assertEquals(1, file.getShort(18));
        assertEquals(8, file.getShort(20));
        assertEquals(4, file.getShort(22));
        // Bytes 24-87: the bucket of each square, a1 first.
        for (int square = 0; square < 64; square++) {
            assertEquals(KingBuckets.FOUR.bucket(square), bytes[24 + square], "square " + square);
        }
        assertEquals(0, bytes[24 + Square.G1]);
        assertEquals(1, bytes[24 + Square.E1]);
        assertEquals(3, bytes[24 + Square.E4]);
        // 88 + 2 * (4 * 768 * 24 + 24 + 8 * 48 + 8) + 4 bytes; bucket 0's first weight follows the header, bucket
        // 2's rows follow 2 * 768 rows, and the output weights all four buckets' rows.
        assertEquals(88 + 2 * (4 * 768 * 24 + 24 + 8 * 48 + 8) + 4, bytes.length);
        assertEquals(KING_BUCKETED.featureWeight(0, 0), file.getShort(88));
        assertEquals(KING_BUCKETED.featureWeight(2 * 768 + 5, 7), file.getShort(88 + 2 * ((2 * 768 + 5) * 24 + 7)));
        assertEquals(KING_BUCKETED.featureWeight(4 * 768 - 1, 23), file.getShort(88 + 2 * (4 * 768 * 24 - 1)));
        int outputWeights = 88 + 2 * (4 * 768 * 24 + 24);
        assertEquals(KING_BUCKETED.featureBias(0), file.getShort(outputWeights - 2 * 24));
        assertEquals(KING_BUCKETED.outputWeight(3, 47), file.getShort(outputWeights + 2 * (3 * 48 + 47)));
        assertEquals(KING_BUCKETED.outputBias(5), file.getShort(outputWeights + 2 * (8 * 48 + 5)));
        assertTrue(KING_BUCKETED.describe().contains(", 4 king buckets"), KING_BUCKETED::describe);
    }

    /** A layout that no network could have, or a header that disagrees with its layout, is refused by name. */
    @Test
    void versionThreeLayoutsAndCountsThatDoNotAgreeAreRefused() {
        // The header's count: 1 (a version 3 file is for more than one), beyond the most, and not the layout's.
        int[] counts = {1, 0, KingBuckets.MAX + 1, 3, 5};
        String[] countMessages = {"unsupported number of king buckets: 1 (2 .. 32)",
            "unsupported number of king buckets: 0", "unsupported number of king buckets: 33",
            "the king bucket layout has 4 buckets, the header says 3",
            "the king bucket layout has 4 buckets, the header says 5"};
        for (int i = 0; i < counts.length; i++) {
            byte[] bytes = NetworkFile.toBytes(KING_BUCKETED);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(22, (short) counts[i]);
            resign(bytes);
            String message = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(bytes)).getMessage();
            assertTrue(message.contains(countMessages[i]), message);
        }
        // The layout: bucket 1 (c1 to f1) moved to bucket 0 leaves a gap below bucket 3.
        byte[] gap = NetworkFile.toBytes(KING_BUCKETED);
        for (int square = Square.C1; square <= Square.F1; square++) {
            gap[24 + square] = 0;
        }
        resign(gap);
        String gapMessage = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(gap)).getMessage();
        assertTrue(gapMessage.contains("bad king bucket layout: king bucket 1 is used by no square"), gapMessage);
        // A bucket beyond the most a layout may have.
        byte[] beyond = NetworkFile.toBytes(KING_BUCKETED);
        beyond[24 + Square.H8] = 40;
        resign(beyond);
        String beyondMessage = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(beyond))
                .getMessage();
        assertTrue(beyondMessage.contains("bad king bucket layout: king bucket 40 is outside 0 .. 31"), beyondMessage);
        // Bucket 3 (ranks 4 to 8) moved to bucket 2: a layout of three buckets, the header says four.
        byte[] fewer = NetworkFile.toBytes(KING_BUCKETED);
        for (int square = Square.A4; square <= Square.H8; square++) {
            fewer[24 + square] = 2;
        }
        resign(fewer);
        String fewerMessage = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(fewer)).getMessage();
        assertTrue(fewerMessage.contains("the king bucket layout has 3 buckets, the header says 4"), fewerMessage);
        // Both agreeing on three buckets, the file is a bucket's weights too long.
        ByteBuffer.wrap(fewer).order(ByteOrder.LITTLE_ENDIAN).putShort(22, (short) 3);
        resign(fewer);
        String longer = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(fewer)).getMessage();
        assertTrue(longer.startsWith("too long") && longer.contains("3 king buckets and 8 output buckets"), longer);
        // Cut short: in the layout, and in the weights.
        byte[] bytes = NetworkFile.toBytes(KING_BUCKETED);
        String inLayout = assertThrows(NetworkFormatException.class,
                () -> NetworkFile.parse(Arrays.copyOf(bytes, 60))).getMessage();
        assertTrue(inLayout.startsWith("truncated"), inLayout);
        String inWeights = assertThrows(NetworkFormatException.class,
                () -> NetworkFile.parse(Arrays.copyOf(bytes, bytes.length - 2))).getMessage();
        assertTrue(inWeights.startsWith("truncated") && inWeights.contains("4 king buckets and 8 output buckets"),
                inWeights);
        byte[] corrupt = bytes.clone();
        corrupt[24 + Square.E1] = 0;
        assertTrue(assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(corrupt)).getMessage()
                .contains("checksum"));
    }

    /**
     * Without king buckets nothing changes: a network made with {@link KingBuckets#NONE} is written as version 1 or
     * 2, as before, byte for byte what the constructor without king buckets gives, and reads back without them.
     */
    @Test
    void withoutKingBucketsVersionsOneAndTwoAreWrittenAsBefore() throws Exception {
        for (Network network : new Network[] {TestNetworks.random(16, false, 1, 21),
            TestNetworks.random(16, true, 1, 22), TestNetworks.random(16, false, 4, 23),
            TestNetworks.random(16, true, 8, 24)}) {
            short[] featureWeights = new short[768 * 16];
            for (int feature = 0; feature < 768; feature++) {
                for (int i = 0; i < 16; i++) {
                    featureWeights[feature * 16 + i] = network.featureWeight(feature, i);
                }
            }
            short[] featureBiases = new short[16];
            for (int i = 0; i < 16; i++) {
                featureBiases[i] = network.featureBias(i);
            }
            short[] outputWeights = new short[network.outputBuckets() * 32];
            int[] outputBiases = new int[network.outputBuckets()];
            for (int bucket = 0; bucket < network.outputBuckets(); bucket++) {
                for (int i = 0; i < 32; i++) {
                    outputWeights[bucket * 32 + i] = network.outputWeight(bucket, i);
                }
                outputBiases[bucket] = network.outputBias(bucket);
            }
            Network none = new Network(16, network.kingMirror(), KingBuckets.NONE, network.outputBuckets(),
                    featureWeights, featureBiases, outputWeights, outputBiases);
            byte[] bytes = NetworkFile.toBytes(none);
            int version = !network.kingMirror() && network.outputBuckets() == 1 ? 1 : 2;
            assertEquals(version, bytes[4], network::describe);
            assertEquals(version == 1 ? NetworkFile.size(16) : NetworkFile.size(16, network.outputBuckets()),
                    bytes.length);
            assertArrayEquals(NetworkFile.toBytes(network), bytes);
            assertFalse(none.describe().contains("king buckets"), none::describe);
            assertSame(KingBuckets.NONE, NetworkFile.parse(bytes).kingBuckets());
        }
    }

    @Test
    void truncatedFileIsRefused() {
        byte[] bytes = NetworkFile.toBytes(NETWORK);
        NetworkFormatException e = assertThrows(NetworkFormatException.class,
                () -> NetworkFile.parse(Arrays.copyOf(bytes, bytes.length - 100)));
        assertTrue(e.getMessage().startsWith("truncated"), e.getMessage());
        assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(Arrays.copyOf(bytes, 10)));
    }

    @Test
    void corruptedByteIsCaughtByTheChecksum() {
        byte[] bytes = NetworkFile.toBytes(NETWORK);
        bytes[bytes.length / 2] ^= 0x10;
        NetworkFormatException e = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(bytes));
        assertTrue(e.getMessage().contains("checksum"), e.getMessage());
    }

    @Test
    void otherFilesAndVersionsAreRefused() {
        byte[] bytes = NetworkFile.toBytes(NETWORK);
        byte[] wrongMagic = bytes.clone();
        wrongMagic[0] = 'X';
        assertTrue(assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(wrongMagic)).getMessage()
                .contains("not a network file"));
        byte[] wrongVersion = bytes.clone();
        wrongVersion[4] = 4;
        resign(wrongVersion);
        assertTrue(assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(wrongVersion)).getMessage()
                .contains("version 4, this engine reads 1 to 3"));
        byte[] wrongScale = bytes.clone();
        wrongScale[16] = 1;
        resign(wrongScale);
        assertTrue(assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(wrongScale)).getMessage()
                .contains("quantization"));
    }

    @Test
    void weightsBeyondWhatTrainingKeepsAreRefused() {
        // The int16 accumulators and output products rely on these limits (docs/nnue.md, "Inference arithmetic").
        int hidden = NETWORK.hidden();
        int featureWeight = 20 + 2 * (5 * hidden + 3);
        int outputWeight = 20 + 2 * (Features.COUNT * hidden + hidden + 7);
        for (int[] edit : new int[][] {{featureWeight, Network.MAX_FEATURE_WEIGHT + 1},
                {featureWeight, -Network.MAX_FEATURE_WEIGHT - 1}, {outputWeight, Network.MAX_OUTPUT_WEIGHT + 1}}) {
            byte[] bytes = NetworkFile.toBytes(NETWORK);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(edit[0], (short) edit[1]);
            resign(bytes);
            String message = assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(bytes)).getMessage();
            assertTrue(message.contains("beyond") && message.contains(Integer.toString(edit[1])), message);
        }
    }

    @Test
    void noBuiltInNetworkShipsYet() throws IOException, NetworkFormatException {
        // When a trained network is put at the resource path, it must load: then this test flips to check that.
        Network builtIn = BuiltInNetwork.load();
        if (builtIn == null) {
            assertNull(BuiltInNetwork.get());
        } else {
            assertEquals(builtIn.hidden(), BuiltInNetwork.get().hidden());
        }
    }

    /** Recomputes the checksum after an edit, so that the edit itself is what gets refused. */
    private static void resign(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - 4);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length - 4, (int) crc.getValue());
    }
}
