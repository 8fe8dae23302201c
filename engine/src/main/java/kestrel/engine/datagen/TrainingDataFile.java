package kestrel.engine.datagen;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import kestrel.engine.nnue.TrainingRecord;

/**
 * A training-data file being written: whole games are appended and flushed one at a time, so a run that is cut off
 * leaves every game before it readable. Safe to share between threads.
 */
public final class TrainingDataFile implements SelfPlayOutput {
    private final FileChannel channel;
    private final OutputStream out;
    private long records;

    private TrainingDataFile(FileChannel channel, long records) {
        this.channel = channel;
        this.out = java.nio.channels.Channels.newOutputStream(channel);
        this.records = records;
    }

    /**
     * Opens {@code path} for writing. An existing file is refused unless {@code append} (its records are kept and a
     * partial record at its end, left by a run that was killed mid-write, is cut off) or {@code overwrite}.
     */
    public static TrainingDataFile open(Path path, boolean append, boolean overwrite) throws IOException {
        if (Files.exists(path) && !append && !overwrite) {
            throw new IOException(path + " exists: append to it or overwrite it explicitly");
        }
        if (overwrite && !append) {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            return new TrainingDataFile(channel, 0);
        }
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        long whole = channel.size() / TrainingRecord.BYTES;
        channel.truncate(whole * TrainingRecord.BYTES);
        channel.position(whole * TrainingRecord.BYTES);
        return new TrainingDataFile(channel, whole);
    }

    @Override
    public void write(SelfPlayGame game) throws IOException {
        write(game.records(), game.recordCount());
    }

    /** Appends {@code count} records from {@code buffer} and flushes them to the file. */
    public synchronized void write(byte[] buffer, int count) throws IOException {
        out.write(buffer, 0, count * TrainingRecord.BYTES);
        out.flush();
        records += count;
    }

    @Override
    public synchronized long records() {
        return records;
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
