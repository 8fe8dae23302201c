package kestrel.engine.nnue;

/** A network file that cannot be used: wrong magic, version or sizes, truncated, or failing its checksum. */
public final class NetworkFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public NetworkFormatException(String message) {
        super(message);
    }
}
