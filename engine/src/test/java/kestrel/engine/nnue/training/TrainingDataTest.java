package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.TrainingFileConversion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingDataTest {
    @Test
    void partialRecordAtTheEndIsIgnored() throws IOException {
        byte[] records = GeneratedData.records(3, 20, 1);
        int whole = records.length / TrainingRecord.BYTES;
        TrainingData data = new TrainingData(10_000);
        data.read(new ByteArrayInputStream(Arrays.copyOf(records, records.length - 5)));
        assertEquals(whole - 1, data.size());
        assertEquals(TrainingRecord.BYTES - 5, data.partialBytes());
    }

    /** A game file of the same records loads as the same positions, in the same order. */
    @Test
    void aGameFileLoadsAsTheRecordsItHolds(@TempDir Path directory) throws IOException {
        byte[] records;
        // The first 3,000 records of an archived datagen file (docs/data.md).
        try (InputStream in = getClass().getResourceAsStream("/selfplay/net18a-5000-s443-first3000.bin")) {
            records = in.readAllBytes();
        }
        Path recordFile = Files.write(directory.resolve("data.bin"), records);
        Path gameFile = directory.resolve("data.games");
        TrainingFileConversion.toGames(recordFile, gameFile);
        assertTrue(Files.size(gameFile) * 4 < records.length, "the game file is the smaller");
        TrainingData fromRecords = TrainingData.load(List.of(recordFile), 10_000);
        TrainingData fromGames = TrainingData.load(List.of(gameFile), 10_000);
        assertEquals(records.length / TrainingRecord.BYTES, fromRecords.size());
        assertEquals(fromRecords.size(), fromGames.size());
        assertEquals(fromRecords.skipped(), fromGames.skipped());
        for (int i = 0; i < fromRecords.size(); i++) {
            assertEquals(fromRecords.fen(i), fromGames.fen(i));
            assertEquals(fromRecords.sideToMoveScore(i), fromGames.sideToMoveScore(i));
            assertEquals(fromRecords.result(i), fromGames.result(i));
        }
    }

    @Test
    void scoresAtOrBeyondTheBoundAreLeftOut() {
        byte[] bytes = new byte[3 * TrainingRecord.BYTES];
        Position position = Position.startPosition();
        TrainingRecord.encode(position, 50, TrainingRecord.DRAW, bytes, 0);
        TrainingRecord.encode(position, 10_000, TrainingRecord.WHITE_WIN, bytes, TrainingRecord.BYTES);
        TrainingRecord.encode(position, -32_000, TrainingRecord.BLACK_WIN, bytes, 2 * TrainingRecord.BYTES);
        TrainingData data = new TrainingData(10_000);
        data.add(bytes, bytes.length);
        assertEquals(1, data.size());
        assertEquals(2, data.skipped());
    }

    @Test
    void featuresAreTheSideToMovesViewFirst() {
        byte[] bytes = new byte[TrainingRecord.BYTES];
        Position position = Fen.parse("4k3/8/8/8/8/8/8/4K2R b - - 0 1");
        TrainingRecord.encode(position, -300, TrainingRecord.WHITE_WIN, bytes, 0);
        TrainingData data = new TrainingData(10_000);
        data.add(bytes, bytes.length);
        int[] own = new int[32];
        int[] other = new int[32];
        int count = data.features(0, false, own, other, new int[32], new int[32]);
        assertEquals(3, count);
        // Squares in increasing order: e1 (white king), h1 (white rook), e8 (black king). Black to move.
        assertEquals(Features.index(1, 10, 4), own[0]);
        assertEquals(384 + 5 * 64 + (4 ^ 56), own[0]);
        assertEquals(0 + 5 * 64 + (60 ^ 56), own[2]);
        assertEquals(0 + 5 * 64 + 4, other[0]);
        // Black to move with a score of -300 from White's view, +300 for the mover, yet White won.
        float target = data.target(0, 0.5);
        double expected = 0.5 * TrainingData.sigmoid(300 / 400.0) + 0.5 * 0;
        assertEquals(expected, target, 1e-6);
    }

    @Test
    void aMirroredReadIsTheRecordOfTheMirroredBoard() {
        // The second position is the first with files a and h swapped (a-file pieces on the h-file and so on).
        byte[] bytes = new byte[2 * TrainingRecord.BYTES];
        TrainingRecord.encode(Fen.parse("r3k2r/1pq2ppp/p1n5/3Bp3/4P1b1/2N5/PPP2PPP/R2QK2R w - - 0 12"), 35,
                TrainingRecord.DRAW, bytes, 0);
        TrainingRecord.encode(Fen.parse("r2k3r/ppp2qp1/5n1p/3pB3/1b1P4/5N2/PPP2PPP/R2KQ2R w - - 0 12"), 35,
                TrainingRecord.DRAW, bytes, TrainingRecord.BYTES);
        TrainingData data = new TrainingData(10_000);
        data.add(bytes, bytes.length);
        assertEquals(sortedFeatures(data, 1, false), sortedFeatures(data, 0, true));
        assertEquals(sortedFeatures(data, 0, false), sortedFeatures(data, 1, true));
        assertNotEquals(sortedFeatures(data, 0, false), sortedFeatures(data, 0, true));
    }

    /** Both views' features of one position, each sorted, as one list: own view first. */
    private static List<Integer> sortedFeatures(TrainingData data, int index, boolean mirrored) {
        int[] own = new int[32];
        int[] other = new int[32];
        int count = data.features(index, mirrored, own, other, new int[32], new int[32]);
        List<Integer> result = new ArrayList<>();
        Arrays.stream(own, 0, count).sorted().forEach(result::add);
        Arrays.stream(other, 0, count).sorted().forEach(result::add);
        return result;
    }
}
