package kestrel.engine.nnue.training;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * Where a run stands after a period, so that a run cut off (a session's end, a machine taken back) goes on from
 * there and ends with the very network an uncut run writes: the float parameters with the factor rows, Adam's
 * moments and step count, where the position stream is, and the lowest validation loss so far. The shuffles are not
 * stored (a pass's order is as large as the data): the stream replays them from the seed.
 *
 * <p>The file names the run it belongs to (its settings and a hash of its data, {@link #fingerprint}); a checkpoint
 * of another run is refused rather than continued. Written beside its final name and moved over it, and ending in a
 * CRC32, so a file cut short by a crash is refused too.
 *
 * <pre>
 *  "KTCP", version (int), fingerprint (UTF), period (int), Adam steps (long),
 *  stream passes (long), stream next (int), positions taken (long), best validation loss (double), its period (int),
 *  array count (int), then the parameters', the first moments' and the second moments' arrays, each its length (int)
 *  and its floats; last, the CRC32 of everything before it (long). Big-endian (DataOutputStream).
 * </pre>
 */
final class TrainingCheckpoint {
    private static final int MAGIC = 0x4B544350; // "KTCP"
    private static final int VERSION = 1;

    /** What a checkpoint holds besides the arrays. */
    record Standing(int period, long adamSteps, long passes, int next, long taken, double bestLoss, int bestPeriod) {
    }

    private TrainingCheckpoint() {
    }

    /** The run a checkpoint belongs to: every setting, and the data by its size and a hash of its bytes. */
    static String fingerprint(TrainingSettings settings, TrainingData data) {
        // The layout itself, since a layout without a name prints as "custom" whatever its squares.
        return settings + " layout=" + Arrays.toString(settings.kingBuckets().toArray()) + " positions=" + data.size()
                + " data=" + Long.toHexString(data.contentHash());
    }

    static void write(Path file, String fingerprint, Standing position, Parameters parameters, Adam adam)
            throws IOException {
        Path absolute = file.toAbsolutePath();
        Path temporary = absolute.resolveSibling(absolute.getFileName() + ".part");
        try {
            writeTo(temporary, fingerprint, position, parameters, adam);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
        Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void writeTo(Path temporary, String fingerprint, Standing position, Parameters parameters,
                                Adam adam) throws IOException {
        CRC32 crc = new CRC32();
        try (OutputStream raw = Files.newOutputStream(temporary);
             DataOutputStream out = new DataOutputStream(new CheckedOutputStream(
                     new BufferedOutputStream(raw, 1 << 16), crc))) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(fingerprint);
            out.writeInt(position.period());
            out.writeLong(position.adamSteps());
            out.writeLong(position.passes());
            out.writeInt(position.next());
            out.writeLong(position.taken());
            out.writeDouble(position.bestLoss());
            out.writeInt(position.bestPeriod());
            out.writeInt(parameters.arrayCount());
            for (Parameters arrays : new Parameters[] {parameters, adam.firstMoments(), adam.secondMoments()}) {
                for (float[] array : arrays.arrays()) {
                    out.writeInt(array.length);
                    for (float value : array) {
                        out.writeFloat(value);
                    }
                }
            }
            out.flush();
            // The checksum itself goes past the checked stream.
            new DataOutputStream(raw).writeLong(crc.getValue());
        }
    }

    /**
     * Reads {@code file} into {@code parameters} and {@code adam}'s moments and returns where the run stood.
     *
     * @throws IOException with a message that says why, if the file is not a checkpoint of this run or is damaged;
     *                     then the arrays may be partly overwritten
     */
    static Standing read(Path file, String fingerprint, Parameters parameters, Adam adam) throws IOException {
        CRC32 crc = new CRC32();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             DataInputStream in = new DataInputStream(new CheckedInputStream(raw, crc))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                throw new IOException(file + " is not a training checkpoint of this version");
            }
            String stored = in.readUTF();
            if (!stored.equals(fingerprint)) {
                throw new IOException(file + " belongs to another run (other settings, thread count or data): it was "
                        + stored + "; this run is " + fingerprint);
            }
            Standing position = new Standing(in.readInt(), in.readLong(), in.readLong(), in.readInt(),
                    in.readLong(), in.readDouble(), in.readInt());
            if (in.readInt() != parameters.arrayCount()) {
                throw new IOException(file + " holds another network's shape");
            }
            for (Parameters arrays : new Parameters[] {parameters, adam.firstMoments(), adam.secondMoments()}) {
                for (float[] array : arrays.arrays()) {
                    if (in.readInt() != array.length) {
                        throw new IOException(file + " holds another network's shape");
                    }
                    for (int i = 0; i < array.length; i++) {
                        array[i] = in.readFloat();
                    }
                }
            }
            long expected = crc.getValue();
            if (new DataInputStream(raw).readLong() != expected) {
                throw new IOException(file + " is damaged: checksum mismatch");
            }
            adam.restoreSteps(position.adamSteps());
            return position;
        } catch (EOFException e) {
            throw new IOException(file + " is cut short", e);
        }
    }
}
