package kestrel.engine.datagen;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import kestrel.engine.nnue.games.GameFile;
import kestrel.engine.nnue.games.GameFileWriter;
import kestrel.engine.nnue.games.TrainingFileReader;

/**
 * A game file being written by datagen ({@link GameFile}): whole games are appended and flushed one at a time, so a
 * run that is cut off leaves every game before it readable. Safe to share between threads.
 */
public final class GameDataFile implements SelfPlayOutput {
    private final FileChannel channel;
    private final OutputStream out;
    private final GameFileWriter writer;
    private final long recordsBefore;

    private GameDataFile(FileChannel channel, boolean newFile, long recordsBefore) throws IOException {
        this.channel = channel;
        this.out = Channels.newOutputStream(channel);
        this.writer = newFile ? GameFileWriter.startingFile(out) : GameFileWriter.appending(out);
        this.recordsBefore = recordsBefore;
    }

    /**
     * Opens {@code path} for writing. An existing file is refused unless {@code append} (it must be a game file; its
     * games are kept and a partial game at its end, left by a run that was killed mid-write, is cut off) or
     * {@code overwrite}.
     */
    public static GameDataFile open(Path path, boolean append, boolean overwrite) throws IOException {
        boolean exists = Files.exists(path);
        if (exists && !append && !overwrite) {
            throw new IOException(path + " exists: append to it or overwrite it explicitly");
        }
        if (append && exists && Files.size(path) > 0) {
            if (!GameFile.isGameFile(path)) {
                throw new IOException(path + " is not a game file: games cannot be appended to it");
            }
            TrainingFileReader.Summary summary = TrainingFileReader.read(path, (records, count) -> { });
            long whole = Files.size(path) - summary.partialBytes();
            FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
            channel.truncate(whole);
            channel.position(whole);
            return new GameDataFile(channel, false, summary.records());
        }
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        return new GameDataFile(channel, true, 0);
    }

    @Override
    public synchronized void write(SelfPlayGame game) throws IOException {
        writer.write(game.game());
        out.flush();
    }

    @Override
    public synchronized long records() {
        return recordsBefore + writer.records();
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
