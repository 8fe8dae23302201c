package kestrel.perft;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;

/**
 * Kestrel's divide of a position next to the engine under test's, move by move. The engine's move texts are read
 * against the position's legal moves, so castling matches in either notation ({@code e1g1} or {@code e1h1}) and a
 * promotion letter in either case; a text that reads as no legal move is an extra move.
 *
 * @param differences   the moves on which the two differ, sorted by move
 * @param kestrelTotal  Kestrel's total
 * @param engineTotal   the total the engine printed
 * @param engineSum     the sum of the engine's move counts (which should be its total)
 * @param kestrelMoves  how many legal moves the position has
 */
public record DivideComparison(List<MoveDifference> differences, long kestrelTotal, long engineTotal, long engineSum,
                               int kestrelMoves) {
    public DivideComparison {
        differences = List.copyOf(differences);
    }

    /** Compares Kestrel's divide {@code kestrel} of {@code position} (castling written as {@code chess960} says). */
    public static DivideComparison of(Position position, Divide kestrel, Divide engine, boolean chess960) {
        Map<String, Long> ours = new TreeMap<>();
        kestrel.counts().forEach(count -> ours.put(count.move(), count.nodes()));
        Map<String, long[]> theirs = new TreeMap<>(); // move -> {sum of counts, times listed}
        Map<String, String> extraTexts = new TreeMap<>();
        long engineSum = 0;
        for (Divide.MoveCount count : engine.counts()) {
            int move = MoveNotation.parseUci(position, count.move(), chess960);
            String key = move == Move.NONE ? count.move() : Move.toUci(move, chess960);
            long[] entry = theirs.computeIfAbsent(key, k -> new long[2]);
            entry[0] += count.nodes();
            entry[1]++;
            if (move == Move.NONE) {
                extraTexts.put(key, count.move());
            }
            engineSum += count.nodes();
        }
        List<MoveDifference> differences = new ArrayList<>();
        for (Map.Entry<String, Long> our : ours.entrySet()) {
            String text = our.getKey();
            long[] their = theirs.get(text);
            if (their != null && their[1] == 1 && their[0] == our.getValue()) {
                continue;
            }
            MoveDifference.Kind kind = their == null ? MoveDifference.Kind.MISSING
                    : their[1] > 1 ? MoveDifference.Kind.LISTED_TWICE : MoveDifference.Kind.COUNT;
            String description = MoveDescription.ofLegal(position, MoveNotation.parseUci(position, text, chess960));
            differences.add(new MoveDifference(kind, text, our.getValue(),
                    their == null ? MoveDifference.ABSENT : their[0], description));
        }
        for (Map.Entry<String, String> extra : extraTexts.entrySet()) {
            differences.add(new MoveDifference(MoveDifference.Kind.EXTRA, extra.getValue(), MoveDifference.ABSENT,
                    theirs.get(extra.getKey())[0], MoveDescription.ofIllegal(position, extra.getValue())));
        }
        differences.sort(Comparator.comparing(MoveDifference::move));
        return new DivideComparison(differences, kestrel.total(), engine.total(), engineSum, kestrel.counts().size());
    }

    /** Every move's count and the totals are the same. */
    public boolean agrees() {
        return differences.isEmpty() && kestrelTotal == engineTotal && engineSum == engineTotal;
    }

    /** A move is missing, extra, or listed twice: the move generators differ right here. */
    public boolean listsDiffer() {
        return differences.stream().anyMatch(difference -> difference.kind() != MoveDifference.Kind.COUNT);
    }

    /** The moves both list once, with different counts below them. */
    public List<MoveDifference> countDifferences() {
        return differences.stream().filter(difference -> difference.kind() == MoveDifference.Kind.COUNT).toList();
    }
}
