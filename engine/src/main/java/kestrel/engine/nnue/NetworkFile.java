package kestrel.engine.nnue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The network file: a header, the int16 parameters, a CRC32. All numbers little-endian. Three versions: 1, the
 * first shape (no king mirroring, one output); 2, which says in its header whether the network mirrors the king and
 * how many output buckets it has; and 3, which adds king buckets ({@link KingBuckets}) and their layout. A network is
 * written in the oldest version that holds it, so files stay what they were; all three are read.
 *
 * <pre>
 *  bytes 0-3    magic "KNNU"
 *  bytes 4-5    format version, 1 or 2
 *  bytes 6-7    activation: 1 SCReLU (the only one known)
 *  bytes 8-9    inputs per perspective, 768
 *  bytes 10-11  hidden size H
 *  bytes 12-13  QA, 255     bytes 14-15  QB, 64     bytes 16-17  SCALE, 400
 *  version 1:   bytes 18-19 zero; header 20 bytes
 *  version 2:   bytes 18-19 flags: bit 0 king mirroring, the others zero; bytes 20-21 output buckets N (1 .. 32);
 *               bytes 22-23 zero; header 24 bytes
 *  version 3:   as version 2, but bytes 22-23 king buckets K (2 .. 32), then bytes 24-87 the king bucket of each
 *               square as its own perspective sees its king (a1, b1, ..., h8; one byte each); header 88 bytes
 *  then int16:  feature weights [K][768][H] (bucket after bucket, feature-major; K = 1 before version 3),
 *               feature biases [H],
 *               output weights [N][2H] (bucket after bucket, each the side to move's neurons first),
 *               output biases [N] (version 1: N = 1)
 *  last 4 bytes CRC32 of every byte before it
 * </pre>
 *
 * A file that differs in any of this is refused with a message that says how, before any of it is used.
 */
public final class NetworkFile {
    /** The version that knows king mirroring and output buckets. */
    public static final int VERSION = 2;
    /** The newest version: king buckets too. */
    public static final int VERSION_3 = 3;
    /** The first version: no king mirroring, one output. */
    public static final int VERSION_1 = 1;
    public static final int ACTIVATION_SCRELU = 1;
    /** Version 2's flag for king mirroring. */
    public static final int FLAG_KING_MIRROR = 1;
    static final byte[] MAGIC = {'K', 'N', 'N', 'U'};
    static final int HEADER_BYTES = 20;
    static final int HEADER_BYTES_2 = 24;
    static final int HEADER_BYTES_3 = HEADER_BYTES_2 + 64;
    private static final int CRC_BYTES = 4;

    private NetworkFile() {
    }

    /** The size in bytes of a version 1 file for hidden size {@code hidden}. */
    public static long size(int hidden) {
        return HEADER_BYTES + 2L * parameterCount(hidden, 1) + CRC_BYTES;
    }

    /** The size in bytes of a version 2 file for hidden size {@code hidden} and {@code buckets} output buckets. */
    public static long size(int hidden, int buckets) {
        return HEADER_BYTES_2 + 2L * parameterCount(hidden, buckets) + CRC_BYTES;
    }

    /**
     * The size in bytes of a version 3 file for hidden size {@code hidden}, {@code kingBuckets} king buckets and
     * {@code buckets} output buckets.
     */
    public static long size(int hidden, int kingBuckets, int buckets) {
        return HEADER_BYTES_3 + 2L * parameterCount(hidden, kingBuckets, buckets) + CRC_BYTES;
    }

    /** The size of the file {@link #toBytes} writes for {@code network}. */
    public static long size(Network network) {
        int kingBuckets = network.kingBuckets().count();
        return firstShape(network) ? size(network.hidden())
                : kingBuckets == 1 ? size(network.hidden(), network.outputBuckets())
                : size(network.hidden(), kingBuckets, network.outputBuckets());
    }

    private static long parameterCount(int hidden, int buckets) {
        return parameterCount(hidden, 1, buckets);
    }

    private static long parameterCount(int hidden, int kingBuckets, int buckets) {
        return (long) Features.COUNT * kingBuckets * hidden + hidden + (long) buckets * 2 * hidden + buckets;
    }

    /** The size of the largest network file: the largest hidden layer with the most buckets of both kinds. */
    private static long maxSize() {
        return size(Network.MAX_HIDDEN, KingBuckets.MAX, Network.MAX_OUTPUT_BUCKETS);
    }

    /** Whether {@code network} has the first shape, the one version 1 holds. */
    private static boolean firstShape(Network network) {
        return !network.kingMirror() && network.outputBuckets() == 1 && network.kingBuckets().count() == 1;
    }

    public static Network read(Path file) throws IOException, NetworkFormatException {
        long length = Files.size(file);
        if (length > maxSize()) {
            throw new NetworkFormatException("not a network file: " + length + " bytes is more than any network");
        }
        return parse(Files.readAllBytes(file));
    }

    public static Network read(InputStream in) throws IOException, NetworkFormatException {
        byte[] bytes = in.readNBytes((int) maxSize() + 1);
        return parse(bytes);
    }

    /** Checks and decodes a whole file's bytes. */
    public static Network parse(byte[] bytes) throws NetworkFormatException {
        if (bytes.length < HEADER_BYTES + CRC_BYTES) {
            throw new NetworkFormatException("not a network file: only " + bytes.length + " bytes");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < MAGIC.length; i++) {
            if (in.get() != MAGIC[i]) {
                throw new NetworkFormatException("not a network file: it does not start with \"KNNU\"");
            }
        }
        int version = in.getShort() & 0xFFFF;
        if (version != VERSION_1 && version != VERSION && version != VERSION_3) {
            throw new NetworkFormatException("network format version " + version + ", this engine reads "
                    + VERSION_1 + " to " + VERSION_3);
        }
        int activation = in.getShort() & 0xFFFF;
        if (activation != ACTIVATION_SCRELU) {
            throw new NetworkFormatException("unknown activation " + activation);
        }
        int inputs = in.getShort() & 0xFFFF;
        int hidden = in.getShort() & 0xFFFF;
        if (inputs != Features.COUNT || hidden < 1 || hidden > Network.MAX_HIDDEN) {
            throw new NetworkFormatException("unsupported sizes: " + inputs + " inputs, " + hidden + " hidden");
        }
        int qa = in.getShort();
        int qb = in.getShort();
        int scale = in.getShort();
        if (qa != Network.QA || qb != Network.QB || scale != Network.SCALE) {
            throw new NetworkFormatException("unsupported quantization QA " + qa + ", QB " + qb + ", SCALE " + scale);
        }
        boolean kingMirror = false;
        int buckets = 1;
        KingBuckets kingBuckets = KingBuckets.NONE;
        long expected;
        if (version == VERSION_1) {
            in.getShort();
            expected = size(hidden);
        } else {
            if (bytes.length < HEADER_BYTES_2 + CRC_BYTES) {
                throw new NetworkFormatException("truncated: " + bytes.length + " bytes, less than a header");
            }
            int flags = in.getShort() & 0xFFFF;
            if ((flags & ~FLAG_KING_MIRROR) != 0) {
                throw new NetworkFormatException("unknown feature flags " + flags);
            }
            kingMirror = (flags & FLAG_KING_MIRROR) != 0;
            buckets = in.getShort() & 0xFFFF;
            if (buckets < 1 || buckets > Network.MAX_OUTPUT_BUCKETS) {
                throw new NetworkFormatException("unsupported number of output buckets: " + buckets + " (1 .. "
                        + Network.MAX_OUTPUT_BUCKETS + ")");
            }
            int kingBucketCount = in.getShort() & 0xFFFF;
            if (version == VERSION) {
                if (kingBucketCount != 0) {
                    throw new NetworkFormatException("reserved bytes 22-23 are not zero in version 2");
                }
                expected = size(hidden, buckets);
            } else {
                if (kingBucketCount < 2 || kingBucketCount > KingBuckets.MAX) {
                    throw new NetworkFormatException("unsupported number of king buckets: " + kingBucketCount
                            + " (2 .. " + KingBuckets.MAX + ")");
                }
                if (bytes.length < HEADER_BYTES_3 + CRC_BYTES) {
                    throw new NetworkFormatException("truncated: " + bytes.length + " bytes, less than a header");
                }
                int[] layout = new int[64];
                for (int square = 0; square < 64; square++) {
                    layout[square] = in.get() & 0xFF;
                }
                try {
                    kingBuckets = KingBuckets.of(layout);
                } catch (IllegalArgumentException e) {
                    throw new NetworkFormatException("bad king bucket layout: " + e.getMessage());
                }
                if (kingBuckets.count() != kingBucketCount) {
                    throw new NetworkFormatException("the king bucket layout has " + kingBuckets.count()
                            + " buckets, the header says " + kingBucketCount);
                }
                expected = size(hidden, kingBucketCount, buckets);
            }
        }
        if (bytes.length != expected) {
            throw new NetworkFormatException((bytes.length < expected ? "truncated" : "too long") + ": "
                    + bytes.length + " bytes, a network of hidden size " + hidden
                    + (version == VERSION_1 ? "" : ", " + kingBuckets.count() + " king buckets and " + buckets
                    + " output buckets") + " has " + expected);
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - CRC_BYTES);
        long stored = ByteBuffer.wrap(bytes, bytes.length - CRC_BYTES, CRC_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .getInt() & 0xFFFF_FFFFL;
        if (stored != crc.getValue()) {
            throw new NetworkFormatException("corrupt: checksum mismatch");
        }
        short[] featureWeights = new short[Features.COUNT * kingBuckets.count() * hidden];
        short[] featureBiases = new short[hidden];
        short[] outputWeights = new short[buckets * 2 * hidden];
        int[] outputBiases = new int[buckets];
        in.asShortBuffer().get(featureWeights);
        in.position(in.position() + 2 * featureWeights.length);
        in.asShortBuffer().get(featureBiases);
        in.position(in.position() + 2 * hidden);
        in.asShortBuffer().get(outputWeights);
        in.position(in.position() + 2 * outputWeights.length);
        for (int bucket = 0; bucket < buckets; bucket++) {
            outputBiases[bucket] = in.getShort();
        }
        try {
            return new Network(hidden, kingMirror, kingBuckets, buckets, featureWeights, featureBiases,
                    outputWeights, outputBiases);
        } catch (IllegalArgumentException e) {
            throw new NetworkFormatException("not a network training makes: " + e.getMessage());
        }
    }

    /**
     * The file's bytes for {@code network}: version 1 for the first shape, version 3 with king buckets, version 2 for
     * any other.
     */
    public static byte[] toBytes(Network network) {
        int hidden = network.hidden();
        boolean first = firstShape(network);
        int buckets = network.outputBuckets();
        KingBuckets kingBuckets = network.kingBuckets();
        int version = first ? VERSION_1 : kingBuckets.count() > 1 ? VERSION_3 : VERSION;
        ByteBuffer out = ByteBuffer.allocate((int) size(network)).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC);
        out.putShort((short) version);
        out.putShort((short) ACTIVATION_SCRELU);
        out.putShort((short) Features.COUNT);
        out.putShort((short) hidden);
        out.putShort((short) Network.QA);
        out.putShort((short) Network.QB);
        out.putShort((short) Network.SCALE);
        if (first) {
            out.putShort((short) 0);
        } else {
            out.putShort((short) (network.kingMirror() ? FLAG_KING_MIRROR : 0));
            out.putShort((short) buckets);
            out.putShort((short) (version == VERSION_3 ? kingBuckets.count() : 0));
        }
        if (version == VERSION_3) {
            for (int square = 0; square < 64; square++) {
                out.put((byte) kingBuckets.bucket(square));
            }
        }
        for (int feature = 0; feature < Features.COUNT * kingBuckets.count(); feature++) {
            for (int neuron = 0; neuron < hidden; neuron++) {
                out.putShort(network.featureWeight(feature, neuron));
            }
        }
        for (int neuron = 0; neuron < hidden; neuron++) {
            out.putShort(network.featureBias(neuron));
        }
        for (int bucket = 0; bucket < buckets; bucket++) {
            for (int i = 0; i < 2 * hidden; i++) {
                out.putShort(network.outputWeight(bucket, i));
            }
        }
        for (int bucket = 0; bucket < buckets; bucket++) {
            out.putShort((short) network.outputBias(bucket));
        }
        CRC32 crc = new CRC32();
        crc.update(out.array(), 0, out.position());
        out.putInt((int) crc.getValue());
        return out.array();
    }

    public static void write(Network network, OutputStream out) throws IOException {
        out.write(toBytes(network));
    }
}
