package kestrel.engine.datagen;

import java.io.IOException;

/** Where datagen's games go: a record file ({@link TrainingDataFile}) or a game file ({@link GameDataFile}). */
public interface SelfPlayOutput extends AutoCloseable {
    /** Appends the last game {@code game} played, whole, and flushes it to the file. Safe to call from any thread. */
    void write(SelfPlayGame game) throws IOException;

    /** Records in the file, those that were there before it was opened included. */
    long records();

    @Override
    void close() throws IOException;
}
