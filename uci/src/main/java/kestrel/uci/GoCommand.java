package kestrel.uci;

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
 * @param limits     the search's limits; unused for perft
 * @param perftDepth the perft depth, or 0 for a search
 */
record GoCommand(SearchLimits limits, int perftDepth) {
    static final int MAX_DEPTH = Score.MAX_PLY - 1;
    static final int MAX_PERFT_DEPTH = 20;

    private static final Set<String> KEYWORDS = Set.of("wtime", "btime", "winc", "binc", "movestogo", "depth",
            "nodes", "mate", "movetime", "infinite", "ponder", "searchmoves", "perft");

    boolean isPerft() {
        return perftDepth > 0;
    }

    /**
     * Reads the words after {@code go}. Any word it does not understand, or a number out of range, rejects the
     * whole command. Clocks that have run below zero (some GUIs send them) count as zero.
     */
    static GoCommand parse(List<String> words, Position position, boolean chess960) throws UciException {
        SearchLimits limits = new SearchLimits();
        int perftDepth = 0;
        boolean searchParameters = false;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!word.equals("perft")) {
                searchParameters = true;
            }
            switch (word) {
                case "wtime" -> limits.whiteTime(Math.max(0, number(words, ++i, word, Long.MIN_VALUE)));
                case "btime" -> limits.blackTime(Math.max(0, number(words, ++i, word, Long.MIN_VALUE)));
                case "winc" -> limits.whiteIncrement(Math.max(0, number(words, ++i, word, Long.MIN_VALUE)));
                case "binc" -> limits.blackIncrement(Math.max(0, number(words, ++i, word, Long.MIN_VALUE)));
                case "movestogo" -> limits.movesToGo((int) number(words, ++i, word, 0, Integer.MAX_VALUE));
                case "depth" -> limits.depth((int) number(words, ++i, word, 1, MAX_DEPTH));
                case "nodes" -> limits.nodes(number(words, ++i, word, 1, Long.MAX_VALUE));
                case "mate" -> limits.mate((int) number(words, ++i, word, 1, Score.MAX_PLY / 2));
                case "movetime" -> limits.moveTime(number(words, ++i, word, 1, Long.MAX_VALUE));
                case "infinite" -> limits.infinite(true);
                case "ponder" -> limits.ponder(true);
                case "searchmoves" -> {
                    List<Integer> moves = new ArrayList<>();
                    while (i + 1 < words.size() && !KEYWORDS.contains(words.get(i + 1))) {
                        moves.add(searchMove(position, words.get(++i), chess960));
                    }
                    if (moves.isEmpty()) {
                        throw new UciException("go searchmoves: no moves given");
                    }
                    limits.searchMoves(moves.stream().mapToInt(Integer::intValue).toArray());
                }
                case "perft" -> perftDepth = (int) number(words, ++i, word, 1, MAX_PERFT_DEPTH);
                default -> throw new UciException("go: unknown parameter " + UciException.quote(word));
            }
        }
        if (perftDepth > 0 && searchParameters) {
            throw new UciException("go perft takes no other parameters");
        }
        return new GoCommand(limits, perftDepth);
    }

    private static long number(List<String> words, int index, String name, long min) throws UciException {
        return number(words, index, name, min, Long.MAX_VALUE);
    }

    private static long number(List<String> words, int index, String name, long min, long max)
            throws UciException {
        if (index >= words.size()) {
            throw new UciException("go " + name + ": the number is missing");
        }
        long value;
        try {
            value = Long.parseLong(words.get(index));
        } catch (NumberFormatException e) {
            throw new UciException("go " + name + ": " + UciException.quote(words.get(index)) + " is not a number");
        }
        if (value < min || value > max) {
            throw new UciException("go " + name + " must be from " + min + " to " + max + ", not " + value);
        }
        return value;
    }

    private static int searchMove(Position position, String text, boolean chess960) throws UciException {
        int move = MoveNotation.parseUci(position, text, chess960);
        if (move == Move.NONE) {
            throw new UciException("go searchmoves: " + UciException.quote(text) + " is not a legal move here");
        }
        return move;
    }
}
