package kestrel.engine;

/** A FEN string that does not describe a valid position; the message says what is wrong. */
public final class FenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FenException(String message) {
        super(message);
    }
}
