package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.eval.Evaluator;
import kestrel.engine.search.SearchLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A search that throws still answers, with the best move it found: the one of its last completed iteration, else
 * the move it would have tried first (the hash table's, the best capture, the first legal move); it says so in one
 * {@code info string}, and the next search works. The failure is an evaluation that throws at its n-th call.
 */
class FailedSearchTest {
    /** Rxd5 wins the queen; the first legal move does not. */
    private static final String QUEEN_HANGS = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private SearchWorker worker;

    @BeforeEach
    void start() {
        worker = new SearchWorker(new UciOutput(new UciSession.LineCollector(lines)), 16);
    }

    @AfterEach
    void stop() {
        worker.close();
    }

    /** An evaluation whose evaluators throw at their {@code failAt}-th call; equal only to itself. */
    private static final class FailingEvaluation implements EvaluationChoice {
        private final int failAt;

        FailingEvaluation(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public Evaluator newEvaluator() {
            Evaluator handcrafted = Evaluation.HANDCRAFTED.newEvaluator();
            return new Evaluator() {
                private int calls;

                @Override
                public void startSearch(Position root) {
                    handcrafted.startSearch(root);
                }

                @Override
                public int evaluate(Position position) {
                    if (++calls == failAt) {
                        throw new IllegalStateException("evaluation " + failAt + " fails on purpose");
                    }
                    return handcrafted.evaluate(position);
                }
            };
        }

        @Override
        public String describe() {
            return "an evaluation that fails at call " + failAt;
        }
    }

    /** The lines of one search, its bestmove last. */
    private List<String> search(String fen, EvaluationChoice evaluation, int depth) throws InterruptedException {
        worker.search(Fen.parse(fen), new SearchLimits().depth(depth), evaluation, false, false, false);
        List<String> answer = new ArrayList<>();
        while (true) {
            String line = lines.poll(UciSession.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(line, "no bestmove within " + UciSession.TIMEOUT_SECONDS + " s: " + answer);
            answer.add(line);
            if (line.startsWith("bestmove")) {
                return answer;
            }
        }
    }

    private static List<String> notes(List<String> answer) {
        return answer.stream().filter(line -> line.startsWith("info string")).toList();
    }

    private static String bestMove(List<String> answer) {
        return answer.get(answer.size() - 1).split(" ")[1];
    }

    private static String firstLegalMove(String fen) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        MoveGenerator.legalMoves(Fen.parse(fen), moves, 0);
        return Move.toUci(moves[0]);
    }

    @Test
    void aFailedSearchPlaysTheBestMoveOfItsLastCompletedIteration() throws InterruptedException {
        assertNotEquals("d1d5", firstLegalMove(QUEEN_HANGS));
        List<String> answer = search(QUEEN_HANGS, new FailingEvaluation(3000), 40);
        // The last completed iteration's line: an exact score (no bound) with its principal variation.
        String completed = null;
        for (String line : answer) {
            if (line.startsWith("info depth") && line.contains(" pv ") && !line.contains("bound")) {
                completed = line;
            }
        }
        assertNotNull(completed, answer::toString);
        String depth = completed.split(" ")[2];
        String best = completed.substring(completed.indexOf(" pv ") + 4).split(" ")[0];
        assertEquals("d1d5", best, completed);
        assertEquals(List.of("info string search failed (java.lang.IllegalStateException: evaluation 3000 fails on "
                + "purpose), playing d1d5, the best move of depth " + depth), notes(answer));
        assertEquals("d1d5", bestMove(answer));

        List<String> next = search(QUEEN_HANGS, Evaluation.HANDCRAFTED, 4);
        assertEquals(List.of(), notes(next));
        assertEquals("d1d5", bestMove(next));
    }

    @Test
    void aSearchThatFailsAtOncePlaysTheMoveItWouldHaveTriedFirst() throws InterruptedException {
        List<String> answer = search(QUEEN_HANGS, new FailingEvaluation(1), 40);
        assertEquals(List.of("info string search failed (java.lang.IllegalStateException: evaluation 1 fails on "
                + "purpose), playing d1d5, the best capture"), notes(answer));
        assertEquals("d1d5", bestMove(answer));

        // A position the last search went through has a hash table move: the third move of its line.
        answer = search(QUEEN_HANGS, Evaluation.HANDCRAFTED, 6);
        String line = answer.get(answer.size() - 2);
        String[] pv = line.substring(line.indexOf(" pv ") + 4).split(" ");
        assertTrue(pv.length >= 3, line);
        Position after = Fen.parse(QUEEN_HANGS);
        after.makeMove(MoveNotation.parseUci(after, pv[0], false));
        after.makeMove(MoveNotation.parseUci(after, pv[1], false));
        answer = search(Fen.toFen(after), new FailingEvaluation(1), 40);
        assertEquals(List.of("info string search failed (java.lang.IllegalStateException: evaluation 1 fails on "
                + "purpose), playing " + pv[2] + ", the hash table's move"), notes(answer));
        assertEquals(pv[2], bestMove(answer));

        // Material no line from QUEEN_HANGS reaches, so the table the searches share holds nothing for it.
        answer = search("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", new FailingEvaluation(1), 40);
        assertEquals(List.of("info string search failed (java.lang.IllegalStateException: evaluation 1 fails on "
                + "purpose), playing " + firstLegalMove("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") + ", the first legal move"),
                notes(answer));
    }
}
