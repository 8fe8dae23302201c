package kestrel.engine.search;

/** What a score says about the true value: exact, at least (fail high) or at most (fail low). */
public enum Bound {
    EXACT, LOWER, UPPER
}
