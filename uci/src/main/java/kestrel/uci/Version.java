package kestrel.uci;

import picocli.CommandLine.IVersionProvider;

/** The engine's name and version, for {@code --version} and UCI's {@code id name}. */
public final class Version implements IVersionProvider {
    public static final String NAME = "Kestrel";
    public static final String VERSION = "0.1.0";
    public static final String AUTHOR = "the Kestrel developers";

    @Override
    public String[] getVersion() {
        return new String[] {NAME + " " + VERSION};
    }
}
