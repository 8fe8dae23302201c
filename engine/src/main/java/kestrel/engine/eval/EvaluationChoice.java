package kestrel.engine.eval;

/**
 * The evaluation chosen for a search, as a value: {@link Evaluation#HANDCRAFTED} or a network. Immutable, so every
 * thread of a search may hold it; each makes its own {@link Evaluator} from it, and keeps that while the choice stays
 * equal.
 */
public interface EvaluationChoice {
    /** A new evaluator for one thread. */
    Evaluator newEvaluator();

    /** What evaluates, for reports: "handcrafted evaluation", "network, hidden size 128". */
    String describe();
}
