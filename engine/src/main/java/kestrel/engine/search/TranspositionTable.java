package kestrel.engine.search;

/**
 * CONTRACT SKELETON, to be replaced by the real table: a fixed-size primitive-array transposition table.
 */
public final class TranspositionTable {
    private int megabytes;

    public TranspositionTable(int megabytes) {
        resize(megabytes);
    }

    /** Reallocates to exactly this size (only between searches); the content is lost. */
    public void resize(int megabytes) {
        this.megabytes = megabytes;
    }

    public int sizeMegabytes() {
        return megabytes;
    }

    /** Empties the table (ucinewgame, Clear Hash). */
    public void clear() {
    }

    /** Fill in per mille, sampled. */
    public int hashfull() {
        return 0;
    }
}
