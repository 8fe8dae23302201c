package kestrel.perft;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A UCI engine that answers {@code go perft N} as Stockfish does: one {@code move: count} line per legal move, then
 * {@code Nodes searched: total}. One process serves the whole walk: it is started and greeted ({@code uci},
 * {@code UCI_Chess960} when asked for, {@code isready}) once, then sent {@code position fen ... moves ...} and
 * {@code go perft N} for each divide. Blank lines and {@code info} lines among the answer are skipped; any other line
 * is a failure of format, since guessing at it could turn into a false mismatch.
 */
public final class UciEngineUnderTest implements EngineUnderTest {
    /**
     * The least time allowed for each answer of the greeting, which comes at once from a working engine once started
     * (loading a network included); a program that does not speak UCI runs into it.
     */
    private static final Duration GREETING_LIMIT = Duration.ofSeconds(30);
    private static final Pattern MOVE_COUNT = Pattern.compile("([a-h][1-8][a-h][1-8][nbrqNBRQ]?):\\s*(\\d+)");
    private static final Pattern TOTAL = Pattern.compile("Nodes searched:\\s*(\\d+)");

    private final EngineProcess process;
    private final Duration answerLimit;

    private UciEngineUnderTest(EngineProcess process, Duration answerLimit) {
        this.process = process;
        this.answerLimit = answerLimit;
    }

    /**
     * Starts {@code command} and greets it; with {@code chess960}, sets its {@code UCI_Chess960} option. Each answer
     * to {@code go perft} may take up to {@code answerLimit}, and each of the greeting that or 30 s, whichever is
     * longer.
     */
    public static UciEngineUnderTest start(List<String> command, boolean chess960, Duration answerLimit)
            throws EngineFailure {
        EngineProcess process = EngineProcess.start(command);
        try {
            // Never shorter than the usual limit: a short --timeout is meant for the divides, not the start-up.
            Duration greetingLimit = answerLimit.compareTo(GREETING_LIMIT) > 0 ? answerLimit : GREETING_LIMIT;
            ask(process, "uci", "uciok", EngineProcess.Deadline.after(greetingLimit));
            if (chess960) {
                process.send("setoption name UCI_Chess960 value true");
            }
            ask(process, "isready", "readyok", EngineProcess.Deadline.after(greetingLimit));
            return new UciEngineUnderTest(process, answerLimit);
        } catch (EngineFailure e) {
            process.close();
            throw e;
        }
    }

    @Override
    public Divide divide(String fen, List<String> moves, int depth) throws EngineFailure {
        process.send("position fen " + fen + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
        String go = "go perft " + depth;
        process.send(go);
        String waitingFor = "to \"" + go + "\"";
        EngineProcess.Deadline deadline = EngineProcess.Deadline.after(answerLimit);
        List<Divide.MoveCount> counts = new ArrayList<>();
        while (true) {
            String line = process.readLine(deadline, waitingFor).strip();
            if (line.isEmpty() || line.startsWith("info")) {
                continue;
            }
            Matcher total = TOTAL.matcher(line);
            if (total.matches()) {
                return new Divide(counts, parseCount(total.group(1), line, go));
            }
            Matcher count = MOVE_COUNT.matcher(line);
            if (!count.matches()) {
                throw new EngineFailure(EngineFailure.Reason.BAD_OUTPUT, "answered \"" + go + "\" with the line \""
                        + line + "\", which is neither \"move: count\" nor \"Nodes searched: total\""
                        + process.stderrText());
            }
            counts.add(new Divide.MoveCount(count.group(1), parseCount(count.group(2), line, go)));
        }
    }

    /** Says {@code quit}, then ends the process if it does not end by itself. */
    @Override
    public void close() {
        try {
            process.send("quit");
        } catch (EngineFailure e) {
            // Ended already.
        }
        process.close();
    }

    /** Sends {@code question} and reads up to the line {@code answer}. */
    private static void ask(EngineProcess process, String question, String answer, EngineProcess.Deadline deadline)
            throws EngineFailure {
        process.send(question);
        String waitingFor = "to \"" + question + "\" (no \"" + answer + "\": is the command a UCI engine?)";
        while (!process.readLine(deadline, waitingFor).strip().equals(answer)) {
            // Banners, id and option lines come first.
        }
    }

    private static long parseCount(String digits, String line, String go) throws EngineFailure {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new EngineFailure(EngineFailure.Reason.BAD_OUTPUT,
                    "answered \"" + go + "\" with a count too large for 64 bits: \"" + line + "\"");
        }
    }
}
