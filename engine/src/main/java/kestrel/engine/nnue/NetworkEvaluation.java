package kestrel.engine.nnue;

import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.eval.Evaluator;

/**
 * The choice of a network for a search: each thread evaluates through accumulators of its own over the one shared,
 * read-only network. Two choices of the same network are equal, so a thread keeps its accumulators from search to
 * search however often the choice is made anew.
 */
public record NetworkEvaluation(Network network) implements EvaluationChoice {
    @Override
    public Evaluator newEvaluator() {
        return new Accumulators(network);
    }

    @Override
    public String describe() {
        return "network, " + network.describe();
    }
}
