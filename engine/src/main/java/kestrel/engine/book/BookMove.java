package kestrel.engine.book;

/** A legal book move of a position with its Polyglot weight. */
public record BookMove(int move, int weight) {
}
