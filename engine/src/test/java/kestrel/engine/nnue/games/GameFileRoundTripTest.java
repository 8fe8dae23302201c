package kestrel.engine.nnue.games;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.datagen.SelfPlayGame;
import kestrel.engine.datagen.SelfPlaySettings;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records into a game file and back: the same records, byte for byte. */
class GameFileRoundTripTest {
    /** The first 3,000 records of net18a-5000-s443.bin, an archived datagen file (docs/data.md). */
    private static final String SAMPLE = "/selfplay/net18a-5000-s443-first3000.bin";

    @TempDir
    Path directory;

    private static byte[] sample() throws IOException {
        try (InputStream in = GameFileRoundTripTest.class.getResourceAsStream(SAMPLE)) {
            return in.readAllBytes();
        }
    }

    /** The game file the reconstructor makes of {@code records}. */
    private static byte[] toGames(byte[] records, GameReconstructor[] used) throws IOException {
        ByteArrayOutputStream games = new ByteArrayOutputStream();
        GameReconstructor reconstructor = new GameReconstructor(GameFileWriter.startingFile(games));
        for (int offset = 0; offset + TrainingRecord.BYTES <= records.length; offset += TrainingRecord.BYTES) {
            reconstructor.accept(records, offset);
        }
        reconstructor.finish();
        if (used != null) {
            used[0] = reconstructor;
        }
        return games.toByteArray();
    }

    private static byte[] toRecords(byte[] games) throws IOException {
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        TrainingFileReader.Summary summary = TrainingFileReader.read(new ByteArrayInputStream(games),
                (bytes, count) -> records.write(bytes, 0, count * TrainingRecord.BYTES));
        assertEquals(TrainingFileReader.Format.GAMES, summary.format());
        return records.toByteArray();
    }

    @Test
    void aRealDatagenSampleComesBackByteForByteFromAFileAnEighthItsSize() throws IOException {
        byte[] records = sample();
        assertEquals(3_000 * TrainingRecord.BYTES, records.length);
        GameReconstructor[] reconstructor = new GameReconstructor[1];
        byte[] games = toGames(records, reconstructor);
        assertArrayEquals(records, toRecords(games));
        // Every record but the first of each of its games is joined to the one before: no raw records, and the
        // games take well under 4 bytes a position before any compression.
        assertTrue(reconstructor[0].links() > 2_900, "links: " + reconstructor[0].links());
        assertTrue(games.length < records.length / 8, "game file bytes: " + games.length);
    }

    /**
     * The same sample as a game file written when the format was made: it must keep decoding to the same records,
     * whatever changes in the code (a change of layout is a new format version, docs/data.md).
     */
    @Test
    void aGameFileOfVersionOneStillDecodesToItsRecords() throws IOException {
        byte[] games;
        try (InputStream in = getClass().getResourceAsStream("/selfplay/net18a-5000-s443-first3000.games")) {
            games = in.readAllBytes();
        }
        assertEquals(GameFile.VERSION, games[GameFile.MAGIC.length]);
        assertArrayEquals(sample(), toRecords(games));
    }

    @Test
    void theConversionToolGoesBothWaysAndChecksItself() throws IOException {
        Path records = Files.write(directory.resolve("sample.bin"), sample());
        Path games = directory.resolve("sample.games");
        Path back = directory.resolve("back.bin");
        TrainingFileConversion.Summary there = TrainingFileConversion.convert(records, games);
        assertEquals(TrainingFileReader.Format.RECORDS, there.from());
        assertEquals(3_000, there.records());
        assertEquals(0, there.rawRecords());
        assertTrue(GameFile.isGameFile(games));
        TrainingFileConversion.Summary backAgain = TrainingFileConversion.convert(games, back);
        assertEquals(TrainingFileReader.Format.GAMES, backAgain.from());
        assertEquals(there.games(), backAgain.games());
        assertArrayEquals(Files.readAllBytes(records), Files.readAllBytes(back));
        assertEquals(there.sha256(), backAgain.sha256());
        assertEquals(there.sha256(), TrainingFileConversion.inspect(records).sha256());
        assertTrue(Files.notExists(directory.resolve("back.bin.part")), "no part file is left behind");
    }

    @Test
    void datagenGamesDecodeToTheRecordsDatagenWroteAndToTheSameMoves() throws IOException {
        SelfPlaySettings small = new SelfPlaySettings(300, 6, 8, 1_000, 4, 10, 8, 40, 160, 600, 1);
        SelfPlayGame play = new SelfPlayGame(small, 5, HANDCRAFTED);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        GameFileWriter writer = GameFileWriter.startingFile(file);
        GameDecoder decoder = new GameDecoder();
        FrameBuffer body = new FrameBuffer();
        GameEncoder encoder = new GameEncoder();
        Game decoded = new Game();
        int games = 0;
        while (games < 8) {
            int count = play.play();
            if (count == 0) {
                continue;
            }
            games++;
            expected.write(play.records(), 0, count * TrainingRecord.BYTES);
            writer.write(play.game());
            body.clear();
            encoder.encode(play.game(), body);
            assertEquals(count, decoder.decode(body.bytes(), 0, body.length(), decoded));
            assertEquals(play.game().plies(), decoded.plies());
            for (int ply = 0; ply < decoded.plies(); ply++) {
                assertEquals(play.game().move(ply), decoded.move(ply), "move " + ply);
            }
            assertEquals(play.game().start().key(), decoded.start().key());
        }
        byte[] records = expected.toByteArray();
        assertArrayEquals(records, toRecords(file.toByteArray()));
        assertArrayEquals(records, toRecords(toGames(records, null)));
    }

    /**
     * Random games that play castling, en passant and promotions whenever offered, half the time, with a random
     * third of their positions left out, as datagen's filters leave positions out: the reconstructor finds the
     * moves across the gaps, and the records come back exactly.
     */
    @Test
    void randomGamesWithPositionsLeftOutComeBackExactly() throws IOException {
        SplittableRandom random = new SplittableRandom(17);
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        byte[] record = new byte[TrainingRecord.BYTES];
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] special = new int[MoveGenerator.MAX_MOVES];
        int[] kinds = new int[4];
        for (int game = 0; game < 60; game++) {
            Position position = Position.startPosition();
            int result = random.nextInt(3);
            for (int ply = 0; ply < 160; ply++) {
                if (ply > 0 && random.nextInt(3) > 0) {
                    TrainingRecord.encode(position, random.nextInt(-2_000, 2_000), result, record, 0);
                    records.write(record, 0, record.length);
                }
                int count = MoveGenerator.legalMoves(position, moves, 0);
                if (count == 0) {
                    break;
                }
                int specials = 0;
                for (int i = 0; i < count; i++) {
                    if (Move.kind(moves[i]) != Move.NORMAL) {
                        special[specials++] = moves[i];
                    }
                }
                int move = specials > 0 && random.nextBoolean() ? special[random.nextInt(specials)]
                        : moves[random.nextInt(count)];
                kinds[Move.kind(move)]++;
                position.makeMove(move);
            }
        }
        assertTrue(kinds[Move.PROMOTION] > 10 && kinds[Move.EN_PASSANT] > 10 && kinds[Move.CASTLING] > 10,
                "promotions, en passant, castling: " + Arrays.toString(kinds));
        byte[] original = records.toByteArray();
        GameReconstructor[] reconstructor = new GameReconstructor[1];
        byte[] games = toGames(original, reconstructor);
        assertArrayEquals(original, toRecords(games));
        long count = original.length / TrainingRecord.BYTES;
        assertTrue(reconstructor[0].links() > count * 9 / 10, reconstructor[0].links() + " of " + count);
    }

    /** A game whose gaps hold castling on both wings, an en-passant capture and an under-promotion. */
    @Test
    void gapsOverSpecialMovesAreBridged() throws IOException {
        String[] line = ("e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 g1f3 c8f5 f1e2 d8d7 e1g1 b8c6 d2d4 e8c8 c2c4 d5c4 b2b4 c4c3 "
                + "a2a3 c3c2 a3a4 c2b1n").split(" ");
        Position position = Position.startPosition();
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        byte[] record = new byte[TrainingRecord.BYTES];
        for (int ply = 0; ply < line.length; ply++) {
            // Only every third position is written: each gap holds two moves.
            if (ply % 3 == 0) {
                TrainingRecord.encode(position, 10 * ply, TrainingRecord.BLACK_WIN, record, 0);
                records.write(record, 0, record.length);
            }
            int move = MoveNotation.parseUci(position, line[ply], false);
            assertTrue(move != Move.NONE, line[ply]);
            position.makeMove(move);
        }
        TrainingRecord.encode(position, -40, TrainingRecord.BLACK_WIN, record, 0);
        records.write(record, 0, record.length);
        byte[] original = records.toByteArray();
        GameReconstructor[] reconstructor = new GameReconstructor[1];
        byte[] games = toGames(original, reconstructor);
        assertArrayEquals(original, toRecords(games));
        assertEquals(original.length / TrainingRecord.BYTES - 1, reconstructor[0].links(), "one game");
    }

    @Test
    void recordsThatAreNoPositionGoOutRawAndComeBackAsTheyWere() throws IOException {
        byte[] records = Arrays.copyOf(sample(), 40 * TrainingRecord.BYTES);
        // Record 10: a piece code no piece has; record 20: a result out of range; record 30: a non-zero last byte.
        records[10 * TrainingRecord.BYTES + 8] = (byte) 0xEE;
        records[20 * TrainingRecord.BYTES + 25] = 7;
        records[31 * TrainingRecord.BYTES - 1] = 1;
        ByteArrayOutputStream games = new ByteArrayOutputStream();
        GameFileWriter writer = GameFileWriter.startingFile(games);
        GameReconstructor reconstructor = new GameReconstructor(writer);
        for (int offset = 0; offset < records.length; offset += TrainingRecord.BYTES) {
            reconstructor.accept(records, offset);
        }
        reconstructor.finish();
        assertEquals(3, writer.rawRecords());
        assertArrayEquals(records, toRecords(games.toByteArray()));
    }

    @Test
    void aStartWithCastlingRightsAndAnEnPassantSquareIsKept() {
        Position start = Fen.parse("r3k2r/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/R3K2R b Kq d3 0 9");
        assertEquals(Fen.parse("r3k2r/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/R3K2R b Kq d3 0 9").key(), start.key());
        Game game = new Game();
        game.reset(start);
        game.keep(12);
        game.play(MoveNotation.parseUci(start, "e4d3", false));
        game.setResult(TrainingRecord.WHITE_WIN);
        FrameBuffer body = new FrameBuffer();
        new GameEncoder().encode(game, body);
        Game decoded = new Game();
        assertEquals(1, new GameDecoder().decode(body.bytes(), 0, body.length(), decoded));
        assertEquals(start.key(), decoded.start().key(), "same board, side, castling rights and en passant");
        assertTrue(Move.isEnPassant(decoded.move(0)));
    }

    @Test
    void aPartialGameAtTheEndIsSkippedAndADamagedOneIsAnError() throws IOException {
        byte[] records = sample();
        byte[] games = toGames(records, null);
        TrainingFileReader.Summary cut = TrainingFileReader.read(
                new ByteArrayInputStream(Arrays.copyOf(games, games.length - 3)), (bytes, count) -> { });
        assertTrue(cut.records() < 3_000 && cut.records() > 2_800, "records of the whole games: " + cut.records());
        assertTrue(cut.partialBytes() > 3, "the last game's bytes: " + cut.partialBytes());

        // The first game's first move index made one no position has.
        byte[] damaged = games.clone();
        int body = GameFile.HEADER_BYTES + FrameBuffer.varintLength(readVarint(games, GameFile.HEADER_BYTES));
        int plies = (int) readVarint(games, body + 1);
        int start = body + 1 + FrameBuffer.varintLength(plies) + (plies + 8) / 8;
        damaged[start + StartPosition.length(games, start)] = (byte) 250;
        IOException e = assertThrows(IOException.class,
                () -> TrainingFileReader.read(new ByteArrayInputStream(damaged), (bytes, count) -> { }));
        assertTrue(e.getMessage().contains("frame at byte " + GameFile.HEADER_BYTES), e.getMessage());
    }

    @Test
    void aGameFileOfAnotherVersionIsRefused() {
        byte[] header = GameFile.header();
        header[GameFile.MAGIC.length] = 2;
        IOException e = assertThrows(IOException.class,
                () -> TrainingFileReader.read(new ByteArrayInputStream(header), (bytes, count) -> { }));
        assertTrue(e.getMessage().contains("version 2"), e.getMessage());
    }

    private static long readVarint(byte[] bytes, int offset) {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            int b = bytes[offset++] & 0xFF;
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
    }
}
