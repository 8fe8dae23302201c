package kestrel.engine.search;

/** Receives a search's progress; called on the search thread, so implementations must be quick. */
public interface SearchListener {
    /** A completed iteration's line, or an aspiration fail (bound not EXACT). */
    void onIteration(SearchInfo info);

    /**
     * The root move being searched, 1-based number, as it starts: not in the search's first second, and then for at
     * most one root move per half second.
     */
    default void onCurrentMove(int depth, int move, int moveNumber) {
    }

    /** A listener that ignores everything, for bench and tests. */
    SearchListener SILENT = info -> { };
}
