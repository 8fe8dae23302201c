package kestrel.engine.datagen;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.GameFile;
import kestrel.engine.nnue.games.TrainingFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GameDataFileTest {
    private static final SelfPlaySettings SMALL = new SelfPlaySettings(200, 6, 8, 1_000, 4, 10, 8, 40, 120, 600, 1);

    @TempDir
    Path directory;

    /** Plays {@code games} games into {@code file}, adding their records to {@code expected}. */
    private static void play(SelfPlayGame player, SelfPlayOutput file, int games, ByteArrayOutputStream expected)
            throws IOException {
        for (int played = 0; played < games; ) {
            int count = player.play();
            if (count > 0) {
                file.write(player);
                expected.write(player.records(), 0, count * TrainingRecord.BYTES);
                played++;
            }
        }
    }

    private static byte[] records(Path path) throws IOException {
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        TrainingFileReader.read(path, (bytes, count) -> records.write(bytes, 0, count * TrainingRecord.BYTES));
        return records.toByteArray();
    }

    @Test
    void holdsTheRecordsOfItsGamesAndAppendingCutsOffAPartialGame() throws IOException {
        Path path = directory.resolve("data.games");
        SelfPlayGame player = new SelfPlayGame(SMALL, 3, HANDCRAFTED);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        try (GameDataFile file = GameDataFile.open(path, false, false)) {
            play(player, file, 3, expected);
            assertEquals(expected.size() / TrainingRecord.BYTES, file.records());
        }
        assertTrue(GameFile.isGameFile(path));
        assertArrayEquals(expected.toByteArray(), records(path));

        // A run killed mid-write: half a game at the end.
        byte[] whole = Files.readAllBytes(path);
        byte[] withHalf = Arrays.copyOf(whole, whole.length + 7);
        System.arraycopy(whole, GameFile.HEADER_BYTES, withHalf, whole.length, 7);
        Files.write(path, withHalf);
        try (GameDataFile file = GameDataFile.open(path, true, false)) {
            assertEquals(expected.size() / TrainingRecord.BYTES, file.records());
            play(player, file, 2, expected);
        }
        assertArrayEquals(expected.toByteArray(), records(path));
    }

    @Test
    void refusesAnExistingFileUnlessToldAndARecordFileToAppendTo() throws IOException {
        Path path = Files.write(directory.resolve("data.bin"), new byte[TrainingRecord.BYTES]);
        assertThrows(IOException.class, () -> GameDataFile.open(path, false, false));
        IOException e = assertThrows(IOException.class, () -> GameDataFile.open(path, true, false));
        assertTrue(e.getMessage().contains("not a game file"), e.getMessage());
        assertEquals(TrainingRecord.BYTES, Files.size(path), "a refused file is left alone");
        try (GameDataFile file = GameDataFile.open(path, false, true)) {
            assertEquals(0, file.records());
        }
        assertEquals(GameFile.HEADER_BYTES, Files.size(path));
    }
}
