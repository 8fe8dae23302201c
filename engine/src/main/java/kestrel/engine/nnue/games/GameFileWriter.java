package kestrel.engine.nnue.games;

import java.io.IOException;
import java.io.OutputStream;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Writes {@link GameFile} frames to a stream, each frame in one write, so that a file written a game at a time and
 * flushed holds whole frames. The caller owns the stream; not thread-safe.
 */
public final class GameFileWriter {
    private final OutputStream out;
    private final GameEncoder encoder = new GameEncoder();
    private final FrameBuffer body = new FrameBuffer();
    private final FrameBuffer frame = new FrameBuffer();
    private long records;
    private long games;
    private long rawRecords;
    private long bytes;

    private GameFileWriter(OutputStream out) {
        this.out = out;
    }

    /** A writer for a new file: the header is written first. */
    public static GameFileWriter startingFile(OutputStream out) throws IOException {
        GameFileWriter writer = new GameFileWriter(out);
        byte[] header = GameFile.header();
        out.write(header);
        writer.bytes = header.length;
        return writer;
    }

    /** A writer that appends frames to a file whose header and whole frames are already there. */
    public static GameFileWriter appending(OutputStream out) {
        return new GameFileWriter(out);
    }

    /** Writes a game (see {@link GameEncoder#encode} for what it refuses). */
    public void write(Game game) throws IOException {
        body.clear();
        encoder.encode(game, body);
        writeFrame();
        records += game.records();
        games++;
    }

    /** Writes {@code count} records from {@code source[offset ..]} verbatim, in frames of at most 4,096. */
    public void writeRaw(byte[] source, int offset, int count) throws IOException {
        for (int done = 0; done < count; done += GameFile.MAX_RAW_RECORDS) {
            int now = Math.min(GameFile.MAX_RAW_RECORDS, count - done);
            body.clear();
            encoder.encodeRaw(source, offset + done * TrainingRecord.BYTES, now, body);
            writeFrame();
        }
        records += count;
        rawRecords += count;
    }

    private void writeFrame() throws IOException {
        frame.clear();
        frame.writeVarint(body.length());
        frame.write(body.bytes(), 0, body.length());
        out.write(frame.bytes(), 0, frame.length());
        bytes += frame.length();
    }

    /** Records written, in games and raw. */
    public long records() {
        return records;
    }

    public long games() {
        return games;
    }

    /** Records written raw, outside games. */
    public long rawRecords() {
        return rawRecords;
    }

    /** Bytes written, the header's included when this writer wrote it. */
    public long bytes() {
        return bytes;
    }
}
