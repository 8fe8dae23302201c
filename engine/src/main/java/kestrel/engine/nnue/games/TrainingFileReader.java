package kestrel.engine.nnue.games;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Reads a training-data file of either format as 32-byte records, in file order: a record file (a plain sequence
 * of records) or a {@link GameFile}, told apart by the game file's magic. A partial record or frame at the end, left
 * by a run that was cut off, is skipped and counted.
 */
public final class TrainingFileReader {
    /** The two formats of training data. */
    public enum Format { RECORDS, GAMES }

    /** Receives records as they are read: {@code count} records from the start of {@code records}. */
    @FunctionalInterface
    public interface RecordSink {
        void accept(byte[] records, int count) throws IOException;
    }

    /**
     * What a file held.
     *
     * @param records      records read (in games and raw)
     * @param games        games (0 for a record file)
     * @param rawRecords   records a game file holds raw, outside games
     * @param moves        moves of its games
     * @param partialBytes bytes at the end that did not make a whole record or frame
     */
    public record Summary(Format format, long records, long games, long rawRecords, long moves, long partialBytes) {
    }

    private static final int CHUNK_RECORDS = 4096;

    private TrainingFileReader() {
    }

    public static Summary read(Path path, RecordSink sink) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, sink);
        }
    }

    /** Reads every record of the stream into {@code sink}; IOException also for a damaged game file. */
    public static Summary read(InputStream stream, RecordSink sink) throws IOException {
        InputStream in = new BufferedInputStream(stream, 1 << 16);
        byte[] head = in.readNBytes(GameFile.HEADER_BYTES);
        if (!GameFile.hasMagic(head, head.length)) {
            return readRecords(in, head, sink);
        }
        if (head.length < GameFile.HEADER_BYTES) {
            return new Summary(Format.GAMES, 0, 0, 0, 0, head.length);
        }
        if (head[GameFile.MAGIC.length] != GameFile.VERSION) {
            throw new IOException("a game file of version " + head[GameFile.MAGIC.length] + "; this build reads "
                    + "version " + GameFile.VERSION);
        }
        return readGames(in, sink);
    }

    private static Summary readRecords(InputStream in, byte[] head, RecordSink sink) throws IOException {
        byte[] buffer = new byte[CHUNK_RECORDS * TrainingRecord.BYTES];
        System.arraycopy(head, 0, buffer, 0, head.length);
        int filled = head.length;
        long records = 0;
        while (true) {
            int read = in.read(buffer, filled, buffer.length - filled);
            if (read < 0) {
                break;
            }
            filled += read;
            int whole = filled / TrainingRecord.BYTES;
            if (whole > 0) {
                sink.accept(buffer, whole);
                records += whole;
                System.arraycopy(buffer, whole * TrainingRecord.BYTES, buffer, 0, filled - whole * TrainingRecord.BYTES);
                filled -= whole * TrainingRecord.BYTES;
            }
        }
        return new Summary(Format.RECORDS, records, 0, 0, 0, filled);
    }

    private static Summary readGames(InputStream in, RecordSink sink) throws IOException {
        GameDecoder decoder = new GameDecoder();
        byte[] body = new byte[1 << 16];
        long records = 0;
        long games = 0;
        long raw = 0;
        long moves = 0;
        long offset = GameFile.HEADER_BYTES;
        while (true) {
            long length = 0;
            int lengthBytes = 0;
            int b;
            do {
                b = in.read();
                if (b < 0) {
                    return new Summary(Format.GAMES, records, games, raw, moves, lengthBytes);
                }
                length |= (long) (b & 0x7F) << (7 * lengthBytes);
                lengthBytes++;
                if (lengthBytes > 4) {
                    throw new IOException("game file: the frame at byte " + offset + " has no sane length");
                }
            } while ((b & 0x80) != 0);
            if (length > body.length) {
                if (length > 64L << 20) {
                    throw new IOException("game file: the frame at byte " + offset + " claims " + length + " bytes");
                }
                body = new byte[(int) length];
            }
            int got = in.readNBytes(body, 0, (int) length);
            if (got < length) {
                return new Summary(Format.GAMES, records, games, raw, moves, lengthBytes + got);
            }
            int count;
            try {
                count = decoder.decode(body, 0, (int) length, null);
            } catch (GameFormatException e) {
                throw new IOException("game file: the frame at byte " + offset + ": " + e.getMessage(), e);
            }
            sink.accept(decoder.records(), count);
            records += count;
            if (decoder.wasRaw()) {
                raw += count;
            } else {
                games++;
                moves += decoder.plies();
            }
            offset += lengthBytes + length;
        }
    }
}
