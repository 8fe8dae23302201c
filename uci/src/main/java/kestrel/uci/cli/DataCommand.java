package kestrel.uci.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kestrel data}: the training-data files' tools, as subcommands. */
@Command(name = "data", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Tools for training-data files: record files (32 bytes a position) and game files (each game "
                + "once). See docs/data.md.",
        subcommands = {DataConvertCommand.class, DataInfoCommand.class})
public final class DataCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    /** No subcommand: the usage, as an error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.BAD_INPUT;
    }
}
