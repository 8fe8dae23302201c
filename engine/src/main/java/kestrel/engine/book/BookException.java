package kestrel.engine.book;

/** A book file that cannot be used: missing, unreadable, truncated or unsorted. The message says which. */
public final class BookException extends Exception {
    private static final long serialVersionUID = 1L;

    public BookException(String message) {
        super(message);
    }

    public BookException(String message, Throwable cause) {
        super(message, cause);
    }
}
