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
 * The network file: a 20-byte header, the int16 parameters, a CRC32. All numbers little-endian.
 *
 * <pre>
 *  bytes 0-3    magic "KNNU"
 *  bytes 4-5    format version, 1
 *  bytes 6-7    activation: 1 SCReLU (the only one this version knows)
 *  bytes 8-9    inputs per perspective, 768
 *  bytes 10-11  hidden size H
 *  bytes 12-13  QA, 255     bytes 14-15  QB, 64     bytes 16-17  SCALE, 400     bytes 18-19  zero
 *  then int16:  feature weights [768][H] (feature-major), feature biases [H],
 *               output weights [2H] (side to move's neurons first), output bias [1]
 *  last 4 bytes CRC32 of every byte before it
 * </pre>
 *
 * A file that differs in any of this is refused with a message that says how, before any of it is used.
 */
public final class NetworkFile {
    public static final int VERSION = 1;
    public static final int ACTIVATION_SCRELU = 1;
    static final byte[] MAGIC = {'K', 'N', 'N', 'U'};
    static final int HEADER_BYTES = 20;
    private static final int CRC_BYTES = 4;

    private NetworkFile() {
    }

    /** The size in bytes of a file for hidden size {@code hidden}. */
    public static long size(int hidden) {
        return HEADER_BYTES + 2L * ((long) Features.COUNT * hidden + 3L * hidden + 1) + CRC_BYTES;
    }

    public static Network read(Path file) throws IOException, NetworkFormatException {
        long length = Files.size(file);
        if (length > size(Network.MAX_HIDDEN)) {
            throw new NetworkFormatException("not a network file: " + length + " bytes is more than any network");
        }
        return parse(Files.readAllBytes(file));
    }

    public static Network read(InputStream in) throws IOException, NetworkFormatException {
        byte[] bytes = in.readNBytes((int) size(Network.MAX_HIDDEN) + 1);
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
        if (version != VERSION) {
            throw new NetworkFormatException("network format version " + version + ", this engine reads " + VERSION);
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
        in.getShort();
        long expected = size(hidden);
        if (bytes.length != expected) {
            throw new NetworkFormatException((bytes.length < expected ? "truncated" : "too long") + ": "
                    + bytes.length + " bytes, a network of hidden size " + hidden + " has " + expected);
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - CRC_BYTES);
        long stored = ByteBuffer.wrap(bytes, bytes.length - CRC_BYTES, CRC_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .getInt() & 0xFFFF_FFFFL;
        if (stored != crc.getValue()) {
            throw new NetworkFormatException("corrupt: checksum mismatch");
        }
        short[] featureWeights = new short[Features.COUNT * hidden];
        short[] featureBiases = new short[hidden];
        short[] outputWeights = new short[2 * hidden];
        in.asShortBuffer().get(featureWeights);
        in.position(in.position() + 2 * featureWeights.length);
        in.asShortBuffer().get(featureBiases);
        in.position(in.position() + 2 * hidden);
        in.asShortBuffer().get(outputWeights);
        in.position(in.position() + 4 * hidden);
        int outputBias = in.getShort();
        try {
            return new Network(hidden, featureWeights, featureBiases, outputWeights, outputBias);
        } catch (IllegalArgumentException e) {
            throw new NetworkFormatException("not a network training makes: " + e.getMessage());
        }
    }

    /** The file's bytes for {@code network}. */
    public static byte[] toBytes(Network network) {
        int hidden = network.hidden();
        ByteBuffer out = ByteBuffer.allocate((int) size(hidden)).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC);
        out.putShort((short) VERSION);
        out.putShort((short) ACTIVATION_SCRELU);
        out.putShort((short) Features.COUNT);
        out.putShort((short) hidden);
        out.putShort((short) Network.QA);
        out.putShort((short) Network.QB);
        out.putShort((short) Network.SCALE);
        out.putShort((short) 0);
        for (int feature = 0; feature < Features.COUNT; feature++) {
            for (int neuron = 0; neuron < hidden; neuron++) {
                out.putShort(network.featureWeight(feature, neuron));
            }
        }
        for (int neuron = 0; neuron < hidden; neuron++) {
            out.putShort(network.featureBias(neuron));
        }
        for (int i = 0; i < 2 * hidden; i++) {
            out.putShort(network.outputWeight(i));
        }
        out.putShort((short) network.outputBias());
        CRC32 crc = new CRC32();
        crc.update(out.array(), 0, out.position());
        out.putInt((int) crc.getValue());
        return out.array();
    }

    public static void write(Network network, OutputStream out) throws IOException {
        out.write(toBytes(network));
    }
}
