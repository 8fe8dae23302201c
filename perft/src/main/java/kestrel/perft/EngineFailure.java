package kestrel.perft;

/**
 * The engine under test did not give a usable answer: it could not be started, it ended, it kept silent past the
 * time allowed, or it printed something that is not the expected format. The message says which, and what was asked.
 */
public final class EngineFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Reason {
        CANNOT_START("cannot be started"),
        DIED("ended"),
        TIMED_OUT("timed out"),
        BAD_OUTPUT("printed another format");

        private final String words;

        Reason(String words) {
            this.words = words;
        }

        /** How the reason reads in a message: "the engine under test timed out". */
        public String words() {
            return words;
        }
    }

    private final Reason reason;

    public EngineFailure(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
