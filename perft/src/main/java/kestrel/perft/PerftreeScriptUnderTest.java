package kestrel.perft;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A script in the form the perftree tool drives: run once per divide as {@code COMMAND DEPTH FEN [MOVES]} (the moves
 * as one argument, separated by spaces, left out when there are none), it prints one {@code move count} line per
 * legal move, a blank line, and the total.
 */
public final class PerftreeScriptUnderTest implements EngineUnderTest {
    private final List<String> command;
    private final Duration answerLimit;

    /** The script {@code command} (program and its first arguments), each run allowed {@code answerLimit}. */
    public PerftreeScriptUnderTest(List<String> command, Duration answerLimit) {
        this.command = List.copyOf(command);
        this.answerLimit = answerLimit;
    }

    @Override
    public Divide divide(String fen, List<String> moves, int depth) throws EngineFailure {
        List<String> run = new ArrayList<>(command);
        run.add(String.valueOf(depth));
        run.add(fen);
        if (!moves.isEmpty()) {
            run.add(String.join(" ", moves));
        }
        String what = "run with depth " + depth + (moves.isEmpty() ? "" : " and moves \"" + String.join(" ", moves)
                + "\"");
        try (EngineProcess process = EngineProcess.start(run)) {
            process.closeInput();
            List<String> lines = process.readAll(EngineProcess.Deadline.after(answerLimit), "when " + what);
            try {
                return parse(lines);
            } catch (IllegalArgumentException badFormat) {
                Integer exitCode = process.exitCode();
                if (exitCode != null && exitCode != 0) {
                    throw new EngineFailure(EngineFailure.Reason.DIED, "exited with code " + exitCode + " when "
                            + what + process.stderrText());
                }
                throw new EngineFailure(EngineFailure.Reason.BAD_OUTPUT, "printed, when " + what + ", "
                        + badFormat.getMessage() + process.stderrText());
            }
        }
    }

    @Override
    public void close() {
        // Each run ends by itself.
    }

    /** Reads the script's output; the exception's message says what is wrong with it. */
    static Divide parse(List<String> lines) {
        List<Divide.MoveCount> counts = new ArrayList<>();
        int i = 0;
        for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String[] words = lines.get(i).strip().split("\\s+");
            if (words.length != 2 || !MoveDescription.isUciMove(words[0])) {
                throw new IllegalArgumentException("the line \"" + lines.get(i) + "\", not \"move count\"");
            }
            counts.add(new Divide.MoveCount(words[0], number(words[1], lines.get(i))));
        }
        if (i == lines.size()) {
            throw new IllegalArgumentException(lines.isEmpty() ? "nothing"
                    : "no blank line and total after the move counts");
        }
        List<String> rest = lines.subList(i + 1, lines.size()).stream().filter(line -> !line.isBlank()).toList();
        if (rest.size() != 1) {
            throw new IllegalArgumentException(rest.isEmpty() ? "no total after the blank line"
                    : "more than the total after the blank line: \"" + rest.get(1) + "\"");
        }
        return new Divide(counts, number(rest.get(0).strip(), rest.get(0)));
    }

    private static long number(String text, String line) {
        try {
            long value = Long.parseLong(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Said below.
        }
        throw new IllegalArgumentException("the line \"" + line + "\", whose count \"" + text
                + "\" is not a whole number");
    }
}
