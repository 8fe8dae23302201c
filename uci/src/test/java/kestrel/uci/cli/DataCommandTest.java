package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.GameFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kestrel data convert} and {@code kestrel data info} through the real command line. */
class DataCommandTest {
    @TempDir
    Path directory;

    private Path records;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** A record file of seeded random games, every position after the first written, as datagen orders them. */
    @BeforeEach
    void writeRecords() throws IOException {
        SplittableRandom random = new SplittableRandom(8);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        byte[] record = new byte[TrainingRecord.BYTES];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int game = 0; game < 20; game++) {
            Position position = Position.startPosition();
            for (int ply = 0; ply < 60; ply++) {
                int count = MoveGenerator.legalMoves(position, moves, 0);
                if (count == 0) {
                    break;
                }
                position.makeMove(moves[random.nextInt(count)]);
                TrainingRecord.encode(position, random.nextInt(-500, 500), game % 3, record, 0);
                bytes.write(record, 0, record.length);
            }
        }
        records = Files.write(directory.resolve("data.bin"), bytes.toByteArray());
    }

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] withSubcommand = new String[args.length + 1];
        withSubcommand[0] = "data";
        System.arraycopy(args, 0, withSubcommand, 1, args.length);
        return commandLine.execute(withSubcommand);
    }

    @Test
    void convertsARecordFileToGamesAndBackByteForByte() throws IOException {
        Path games = directory.resolve("data.games");
        Path back = directory.resolve("back.bin");
        assertEquals(0, run("convert", records.toString(), games.toString()), err::toString);
        assertTrue(GameFile.isGameFile(games));
        assertTrue(Files.size(games) * 8 < Files.size(records), "a few bytes a position");
        long positions = Files.size(records) / TrainingRecord.BYTES;
        assertTrue(out.toString().contains(": " + positions + " positions, 20 games, "), out::toString);
        assertEquals(0, run("convert", games.toString(), back.toString()), err::toString);
        assertArrayEquals(Files.readAllBytes(records), Files.readAllBytes(back));

        out.getBuffer().setLength(0);
        assertEquals(0, run("info", records.toString(), games.toString()), err::toString);
        String[] lines = out.toString().strip().split("\n");
        assertEquals(2, lines.length, out::toString);
        assertTrue(lines[0].contains(": records, " + positions + " positions, "), lines[0]);
        assertTrue(lines[1].contains(": games, " + positions + " positions in 20 games, "), lines[1]);
        String sha = lines[0].substring(lines[0].lastIndexOf(' ') + 1);
        assertEquals(64, sha.length());
        assertTrue(lines[1].endsWith("records SHA-256 " + sha), lines[1]);
    }

    @Test
    void refusesAnOutputThatExistsUnlessForcedAndAMissingInput() throws IOException {
        Path games = Files.writeString(directory.resolve("data.games"), "keep me");
        assertEquals(ExitCodes.BAD_INPUT, run("convert", records.toString(), games.toString()));
        assertTrue(err.toString().contains("exists (use --force to overwrite it)"), err::toString);
        assertEquals("keep me", Files.readString(games));
        assertEquals(0, run("convert", records.toString(), games.toString(), "--force"), err::toString);
        assertTrue(GameFile.isGameFile(games));
        assertEquals(ExitCodes.BAD_INPUT, run("convert", directory.resolve("none.bin").toString(),
                directory.resolve("none.games").toString()));
        assertEquals(ExitCodes.BAD_INPUT, run("info", directory.resolve("none.bin").toString()));
        assertEquals(ExitCodes.BAD_INPUT, run());
    }

    @Test
    void refusesAnOutputFolderThatDoesNotExistBeforeReadingAnything() {
        Path out = directory.resolve("no-such-folder").resolve("data.games");
        assertEquals(ExitCodes.BAD_INPUT, run("convert", records.toString(), out.toString()));
        assertTrue(err.toString().contains("no-such-folder does not exist"), err::toString);
    }
}
