package kestrel.uci.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.search.Score;
import kestrel.engine.search.SearchLimits;

/**
 * What a {@code go} command asks for: a search within limits, or (with {@code perft N}) a perft divide.
 *
 * <p>A search is never refused, because a GUI waits for its {@code bestmove}: a limit of zero or less asks for the
 * smallest search, a limit beyond the largest is the largest, and a word that cannot be used is skipped. Each of
 * these leaves a note for the user. Only {@code go perft}, which has no {@code bestmove}, is refused when it is bad.
 *
 * @param limits     the search's limits; unused for perft
 * @param perftDepth the perft depth, or 0 for a search
 * @param notes      what was adjusted or skipped, one message each, for {@code info string}s
 */
record GoCommand(SearchLimits limits, int perftDepth, List<String> notes) {
    static final int MAX_DEPTH = Score.MAX_PLY - 1;
    static final int MAX_MATE = Score.MAX_PLY / 2;
    static final int MAX_PERFT_DEPTH = 20;

    private static final Set<String> KEYWORDS = Set.of("wtime", "btime", "winc", "binc", "movestogo", "depth",
            "nodes", "mate", "movetime", "infinite", "ponder", "searchmoves", "perft");

    boolean isPerft() {
        return perftDepth > 0;
    }

    /**
     * Reads the words after {@code go}. Clocks that have run below zero (some GUIs send them) count as zero without
     * a note.
     *
     * @throws UciException only for a bad {@code go perft}
     */
    static GoCommand parse(List<String> words, Position position, boolean chess960) throws UciException {
        if (words.contains("perft")) {
            return new GoCommand(new SearchLimits(), perftDepth(words), List.of());
        }
        SearchLimits limits = new SearchLimits();
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            switch (word) {
                case "infinite" -> limits.infinite(true);
                case "ponder" -> limits.ponder(true);
                case "searchmoves" -> {
                    List<String> texts = new ArrayList<>();
                    while (i + 1 < words.size() && !KEYWORDS.contains(words.get(i + 1))) {
                        texts.add(words.get(++i));
                    }
                    limits.searchMoves(searchMoves(texts, position, chess960, notes));
                }
                case "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime" -> {
                    // A keyword right after is the next parameter, not this one's value.
                    String value = i + 1 < words.size() && !KEYWORDS.contains(words.get(i + 1)) ? words.get(++i)
                            : null;
                    Long number = number(word, value, notes);
                    if (number != null) {
                        setLimit(limits, word, number, notes);
                    }
                }
                default -> notes.add("go: unknown parameter " + UciException.quote(word) + ", ignored");
            }
        }
        return new GoCommand(limits, 0, List.copyOf(notes));
    }

    private static void setLimit(SearchLimits limits, String name, long value, List<String> notes) {
        switch (name) {
            case "wtime" -> limits.whiteTime(Math.max(0, value));
            case "btime" -> limits.blackTime(Math.max(0, value));
            case "winc" -> limits.whiteIncrement(Math.max(0, value));
            case "binc" -> limits.blackIncrement(Math.max(0, value));
            case "movestogo" -> limits.movesToGo((int) inRange(name, value, 0, Integer.MAX_VALUE, notes));
            case "depth" -> limits.depth((int) inRange(name, value, 1, MAX_DEPTH, notes));
            case "nodes" -> limits.nodes(inRange(name, value, 1, Long.MAX_VALUE, notes));
            case "movetime" -> limits.moveTime(inRange(name, value, 1, Long.MAX_VALUE, notes));
            case "mate" -> {
                if (value < 1) {
                    // No mate is shorter than one move: the smallest search, one ply, is all there is to do.
                    notes.add("go mate must be from 1 to " + MAX_MATE + ", not " + value + ": searching depth 1");
                    limits.depth(1);
                } else {
                    limits.mate((int) inRange(name, value, 1, MAX_MATE, notes));
                }
            }
            default -> throw new IllegalArgumentException("not a numeric go parameter: " + name);
        }
    }

    /** {@code value} brought into {@code min .. max}, with a note when it was not. */
    private static long inRange(String name, long value, long min, long max, List<String> notes) {
        if (value >= min && value <= max) {
            return value;
        }
        long used = Math.max(min, Math.min(max, value));
        String range = max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? "from " + min : "from " + min + " to " + max;
        notes.add("go " + name + " must be " + range + ", not " + value + ": using " + used);
        return used;
    }

    /**
     * The whole number {@code text}, or null with a note when there is none. A number too large for a {@code long}
     * is the largest one (or the smallest, when negative).
     */
    private static Long number(String name, String text, List<String> notes) {
        if (text == null) {
            notes.add("go " + name + ": the number is missing, ignored");
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            if (text.matches("[+-]?\\d+")) {
                return text.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            notes.add("go " + name + ": " + UciException.quote(text) + " is not a number, ignored");
            return null;
        }
    }

    /**
     * The legal moves among {@code texts}, with a note naming those that are not; none at all (no move legal, or
     * none given) means every move, since a search restricted to nothing could not answer.
     */
    private static int[] searchMoves(List<String> texts, Position position, boolean chess960, List<String> notes) {
        List<Integer> moves = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (String text : texts) {
            int move = MoveNotation.parseUci(position, text, chess960);
            if (move == Move.NONE) {
                refused.add(UciException.quote(text));
            } else if (!moves.contains(move)) {
                moves.add(move);
            }
        }
        String refusal = refused.isEmpty() ? ""
                : (refused.size() == 1 ? refused.get(0) + " is not a legal move"
                        : String.join(", ", refused) + " are not legal moves") + " here";
        if (moves.isEmpty()) {
            notes.add("go searchmoves: " + (texts.isEmpty() ? "no moves given" : refusal) + ", searching all moves");
        } else if (!refused.isEmpty()) {
            notes.add("go searchmoves: " + refusal + ", ignored");
        }
        return moves.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code go perft N}: N, or a refusal when it is bad or comes with search parameters. */
    private static int perftDepth(List<String> words) throws UciException {
        if (words.equals(List.of("perft"))) {
            throw new UciException("go perft: the number is missing");
        }
        if (words.size() != 2 || !words.get(0).equals("perft")) {
            throw new UciException("go perft takes no other parameters");
        }
        String text = words.get(1);
        long depth;
        try {
            depth = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new UciException("go perft: " + UciException.quote(text) + " is not a number");
        }
        if (depth < 1 || depth > MAX_PERFT_DEPTH) {
            throw new UciException("go perft must be from 1 to " + MAX_PERFT_DEPTH + ", not " + depth);
        }
        return (int) depth;
    }
}
