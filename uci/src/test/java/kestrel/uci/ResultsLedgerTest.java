package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The results ledger, docs/results.tsv, keeps its columns (docs/results.md) in every row, whether
 * scripts/ledger-row.sh wrote it or a hand did: a date, bounds or a dash, a known verdict, and counts that add up
 * (wins, losses and draws to the games; the pentanomial's pairs to half of them).
 */
class ResultsLedgerTest {
    private static final List<String> COLUMNS = List.of("date", "change", "commit", "base", "bounds", "budget", "seed",
            "games", "W-L-D", "pentanomial", "Elo", "LLR", "verdict", "notes");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern BOUNDS = Pattern.compile("\\[-?\\d+(\\.\\d+)?, -?\\d+(\\.\\d+)?\\]|—");
    private static final Pattern ELO = Pattern.compile("[+-]?\\d+(\\.\\d+)? ± \\d+(\\.\\d+)?");
    private static final Set<String> VERDICTS = Set.of("H1", "H0", "stopped", "match");

    @Test
    void everyRowHasTheLedgersColumnsAndItsCountsAddUp() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "results.tsv"));
        assertEquals(COLUMNS, List.of(lines.get(0).split("\t", -1)), "the header");
        assertTrue(lines.size() > 100, "the ledger holds the tests so far");
        List<String> wrong = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            String problem = problem(lines.get(n).split("\t", -1));
            if (problem != null) {
                wrong.add("line " + (n + 1) + ": " + problem + ": " + lines.get(n));
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** What is wrong with one row, or null. */
    private static String problem(String[] row) {
        if (row.length != COLUMNS.size()) {
            return row.length + " columns, not " + COLUMNS.size();
        }
        if (!DATE.matcher(row[0]).matches() || row[1].isBlank()) {
            return "no date or no change";
        }
        if (!BOUNDS.matcher(row[4]).matches() || !VERDICTS.contains(row[12])) {
            return "bounds or verdict";
        }
        if (row[4].equals("—") != row[12].equals("match")) {
            return "a match and only a match has no bounds";
        }
        if (!row[10].isEmpty() && !ELO.matcher(row[10]).matches()) {
            return "Elo is not 'E ± error'";
        }
        int games = Integer.parseInt(row[7]);
        if (!row[8].isEmpty() && sum(row[8].split("-")) != games) {
            return "W-L-D does not add up to the games";
        }
        if (!row[9].isEmpty()) {
            String[] pairs = row[9].split(",");
            if (pairs.length != 5 || 2 * sum(pairs) != games) {
                return "the pentanomial is not five counts of games / 2 pairs";
            }
        }
        return null;
    }

    private static int sum(String[] counts) {
        return Arrays.stream(counts).mapToInt(Integer::parseInt).sum();
    }

    @Test
    void aBadRowIsFound() {
        String[] good = "2026-11-28\tx\tc\tb\t[0, 10]\t25000 nodes\t1\t20\t8-4-8\t1,2,3,2,2\t+1.0 ± 2.0\t0.10\tstopped\t"
                .split("\t", -1);
        assertEquals(null, problem(good));
        String[] badCounts = good.clone();
        badCounts[8] = "8-4-7";
        assertTrue(problem(badCounts) != null);
        String[] badVerdict = good.clone();
        badVerdict[12] = "accepted";
        assertTrue(problem(badVerdict) != null);
    }
}
