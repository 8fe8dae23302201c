package kestrel.uci.protocol;

/** The engine's name, version and author, for UCI's {@code id name} and {@code id author} and for {@code --version}. */
public final class Version {
    public static final String NAME = "Kestrel";
    public static final String VERSION = "0.1.0";
    public static final String AUTHOR = "the Kestrel developers";

    private Version() {
    }
}
