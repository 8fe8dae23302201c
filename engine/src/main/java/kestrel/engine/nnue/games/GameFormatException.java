package kestrel.engine.nnue.games;

/** A game file's bytes that do not follow its layout. */
public final class GameFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public GameFormatException(String message) {
        super(message);
    }
}
