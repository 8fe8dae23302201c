package kestrel.perft;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kestrel.engine.Fen;
import kestrel.engine.FenException;

/**
 * Reads perft suites in the EPD-like format {@code FEN ;D1 20 ;D2 400 ...}: fields split on {@code ;} and trimmed,
 * the first is the position, each other one a depth and the leaf count expected there. Blank lines and lines
 * starting with {@code #} are skipped. A line that cannot be read becomes a {@link MalformedLine} naming its
 * problem, so one bad line never stops the rest of a suite.
 */
public final class SuiteParser {
    private static final Pattern COUNT = Pattern.compile("D(\\d+)\\s+(\\d+)");

    private SuiteParser() {
    }

    /** Reads a suite file (UTF-8). */
    public static List<SuiteLine> read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** Parses the lines of a suite; line numbers count from 1. */
    public static List<SuiteLine> parse(List<String> lines) {
        List<SuiteLine> parsed = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).trim();
            if (!text.isEmpty() && !text.startsWith("#")) {
                parsed.add(parseLine(i + 1, text));
            }
        }
        return parsed;
    }

    private static SuiteLine parseLine(int lineNumber, String text) {
        String[] fields = text.split(";");
        String fen = fields[0].trim();
        try {
            Fen.parse(fen);
        } catch (FenException e) {
            return new MalformedLine(lineNumber, "bad FEN \"" + fen + "\": " + e.getMessage());
        }
        long[] expected = new long[Perft.MAX_DEPTH + 1];
        Arrays.fill(expected, PerftCase.UNKNOWN);
        boolean anyCount = false;
        for (int i = 1; i < fields.length; i++) {
            String field = fields[i].trim();
            if (field.isEmpty()) {
                continue; // a stray or trailing ';'
            }
            Matcher matcher = COUNT.matcher(field);
            if (!matcher.matches()) {
                return new MalformedLine(lineNumber, "\"" + field + "\" is not of the form D<depth> <count>");
            }
            int depth;
            long count;
            try {
                depth = Integer.parseInt(matcher.group(1));
                count = Long.parseLong(matcher.group(2));
            } catch (NumberFormatException e) {
                return new MalformedLine(lineNumber, "\"" + field + "\" has a number too large");
            }
            if (depth > Perft.MAX_DEPTH) {
                return new MalformedLine(lineNumber, "depth " + depth + " is beyond the maximum " + Perft.MAX_DEPTH);
            }
            if (expected[depth] != PerftCase.UNKNOWN) {
                return new MalformedLine(lineNumber, "depth " + depth + " is listed twice");
            }
            expected[depth] = count;
            anyCount = true;
        }
        if (!anyCount) {
            return new MalformedLine(lineNumber, "no counts after the FEN (expected \";D1 <count>\" and so on)");
        }
        return new PerftCase(lineNumber, fen, expected);
    }
}
