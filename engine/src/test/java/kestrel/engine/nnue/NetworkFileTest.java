package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import org.junit.jupiter.api.Test;

class NetworkFileTest {
    private static final Network NETWORK = TestNetworks.random(24, 5);
    private static final Network MIRRORED_BUCKETED = TestNetworks.random(24, true, 8, 5);
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
        wrongVersion[4] = 3;
        resign(wrongVersion);
        assertTrue(assertThrows(NetworkFormatException.class, () -> NetworkFile.parse(wrongVersion)).getMessage()
                .contains("version 3, this engine reads 1 and 2"));
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
