package kestrel.uci.cli;

import kestrel.uci.protocol.Version;
import picocli.CommandLine.IVersionProvider;

/** What {@code --version} prints, for every command: the engine's name and version. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {Version.NAME + " " + Version.VERSION};
    }
}
