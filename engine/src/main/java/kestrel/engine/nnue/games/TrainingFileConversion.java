package kestrel.engine.nnue.games;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Converts a training-data file between the two formats: a record file into a game file ({@link
 * GameReconstructor}), checked by decoding the game file again and comparing its records' SHA-256 with the
 * input's, and a game file into a record file. The output is written beside its final name and moved there whole.
 */
public final class TrainingFileConversion {
    /**
     * What a conversion did.
     *
     * @param from         the input's format
     * @param records      records converted (a partial one at the end of the input is not)
     * @param games        games in the game file
     * @param rawRecords   records the game file holds raw
     * @param links        records joined to the record before them by moves found between the two
     * @param givenUp      searches between two records that gave up for their node budget
     * @param inputBytes   the input's size
     * @param outputBytes  the output's size (0 for {@link #inspect})
     * @param partialBytes bytes at the end of the input that made no whole record or frame, left out
     * @param sha256       SHA-256 of the records, as a record file holds them
     */
    public record Summary(TrainingFileReader.Format from, long records, long games, long rawRecords, long links,
            long givenUp, long inputBytes, long outputBytes, long partialBytes, String sha256) {
    }

    private TrainingFileConversion() {
    }

    /** What {@code file}, of either format, holds: its records counted and their SHA-256 taken. */
    public static Summary inspect(Path file) throws IOException {
        MessageDigest digest = sha256();
        TrainingFileReader.Summary read = TrainingFileReader.read(file,
                (records, count) -> digest.update(records, 0, count * TrainingRecord.BYTES));
        return new Summary(read.format(), read.records(), read.games(), read.rawRecords(), 0, 0, Files.size(file), 0,
                read.partialBytes(), hex(digest.digest()));
    }

    /** Converts {@code in}, of either format, into the other at {@code out}. */
    public static Summary convert(Path in, Path out) throws IOException {
        return GameFile.isGameFile(in) ? toRecords(in, out) : toGames(in, out);
    }

    /** Writes the records of a game file as a record file. */
    public static Summary toRecords(Path in, Path out) throws IOException {
        MessageDigest digest = sha256();
        Path part = partFile(out);
        TrainingFileReader.Summary read;
        try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(part), 1 << 16)) {
            read = TrainingFileReader.read(in, (records, count) -> {
                stream.write(records, 0, count * TrainingRecord.BYTES);
                digest.update(records, 0, count * TrainingRecord.BYTES);
            });
        }
        if (read.format() != TrainingFileReader.Format.GAMES) {
            Files.delete(part);
            throw new IOException(in + " is not a game file");
        }
        Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Summary(read.format(), read.records(), read.games(), read.rawRecords(), 0, 0, Files.size(in),
                Files.size(out), read.partialBytes(), hex(digest.digest()));
    }

    /** Writes a record file's records as a game file, and checks that it reads back as the same records. */
    public static Summary toGames(Path in, Path out) throws IOException {
        MessageDigest digest = sha256();
        Path part = partFile(out);
        TrainingFileReader.Summary read;
        GameFileWriter writer;
        GameReconstructor reconstructor;
        try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(part), 1 << 16)) {
            writer = GameFileWriter.startingFile(stream);
            GameReconstructor games = new GameReconstructor(writer);
            reconstructor = games;
            read = TrainingFileReader.read(in, (records, count) -> {
                digest.update(records, 0, count * TrainingRecord.BYTES);
                for (int i = 0; i < count; i++) {
                    games.accept(records, i * TrainingRecord.BYTES);
                }
            });
            reconstructor.finish();
        }
        if (read.format() != TrainingFileReader.Format.RECORDS) {
            Files.delete(part);
            throw new IOException(in + " is a game file already");
        }
        byte[] expected = digest.digest();
        MessageDigest check = sha256();
        TrainingFileReader.Summary back = TrainingFileReader.read(part,
                (records, count) -> check.update(records, 0, count * TrainingRecord.BYTES));
        if (back.records() != read.records() || back.partialBytes() != 0 || !Arrays.equals(expected, check.digest())) {
            Files.delete(part);
            throw new IllegalStateException("the game file does not read back as " + in + "'s records");
        }
        Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Summary(read.format(), read.records(), writer.games(), writer.rawRecords(), reconstructor.links(),
                reconstructor.searchesGivenUp(), Files.size(in), Files.size(out), read.partialBytes(),
                hex(expected));
    }

    private static Path partFile(Path out) {
        Path absolute = out.toAbsolutePath();
        return absolute.resolveSibling(absolute.getFileName() + ".part");
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static String hex(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(bytes);
    }
}
