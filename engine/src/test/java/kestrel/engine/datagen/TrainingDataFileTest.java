package kestrel.engine.datagen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingDataFileTest {
    @TempDir
    Path directory;

    private static byte[] records(int count) {
        byte[] buffer = new byte[count * TrainingRecord.BYTES];
        for (int index = 0; index < count; index++) {
            TrainingRecord.encode(Position.startPosition(), index, TrainingRecord.DRAW, buffer,
                    index * TrainingRecord.BYTES);
        }
        return buffer;
    }

    @Test
    void refusesAnExistingFileUnlessToldToAppendOrOverwrite() throws IOException {
        Path path = directory.resolve("data.bin");
        Files.write(path, new byte[] {1, 2, 3});
        assertThrows(IOException.class, () -> TrainingDataFile.open(path, false, false));
        assertEquals(3, Files.size(path), "a refused file is left alone");
    }

    @Test
    void appendingCutsOffAPartialRecordLeftByAnInterruptedRun() throws IOException {
        Path path = directory.resolve("data.bin");
        byte[] two = records(2);
        byte[] partial = new byte[2 * TrainingRecord.BYTES + 13];
        System.arraycopy(two, 0, partial, 0, two.length);
        Files.write(path, partial);

        try (TrainingDataFile file = TrainingDataFile.open(path, true, false)) {
            assertEquals(2, file.records());
            file.write(records(3), 3);
            assertEquals(5, file.records());
        }
        byte[] written = Files.readAllBytes(path);
        assertEquals(5 * TrainingRecord.BYTES, written.length);
        assertEquals(2, TrainingRecord.whiteScore(written, 4 * TrainingRecord.BYTES));
    }

    @Test
    void overwritingStartsEmpty() throws IOException {
        Path path = directory.resolve("data.bin");
        Files.write(path, records(4));
        try (TrainingDataFile file = TrainingDataFile.open(path, false, true)) {
            assertEquals(0, file.records());
            file.write(records(1), 1);
        }
        assertEquals(TrainingRecord.BYTES, Files.size(path));
    }
}
