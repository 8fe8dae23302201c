package kestrel.perft;

/**
 * One move on which Kestrel's divide and the engine under test's differ.
 *
 * @param kind         how they differ
 * @param move         the move: as Kestrel writes it when it is legal, as the engine wrote it otherwise
 * @param kestrelCount Kestrel's count below the move, or {@link #ABSENT}
 * @param engineCount  the engine's count below the move (the sum, when it lists the move twice), or {@link #ABSENT}
 * @param description  what kind of move it is, from {@link MoveDescription}
 */
public record MoveDifference(Kind kind, String move, long kestrelCount, long engineCount, String description) {
    /** No count: the side does not list the move. */
    public static final long ABSENT = -1;

    /** How the two divides differ on the move. */
    public enum Kind {
        /** Legal, and the engine does not list it. */
        MISSING,
        /** The engine lists it, and it is not legal. */
        EXTRA,
        /** Legal, and the engine lists it more than once. */
        LISTED_TWICE,
        /** Both list it once, with different counts below it. */
        COUNT
    }

    /** The line of the report: "missing e1c1: castling queen side (legal, not listed by the engine)". */
    public String describe() {
        return switch (kind) {
            case MISSING -> "missing " + move + ": " + description + " (legal, not listed by the engine)";
            case EXTRA -> "extra   " + move + ": " + description + " (listed by the engine, not legal)";
            case LISTED_TWICE -> "twice   " + move + ": " + description + " (listed more than once by the engine)";
            case COUNT -> "count   " + move + ": " + description + " (Kestrel " + kestrelCount + ", engine "
                    + engineCount + ")";
        };
    }
}
