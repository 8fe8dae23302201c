package kestrel.uci.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The program's entry: {@code kestrel} alone starts a UCI session; subcommands run perft, the bench, book look-ups,
 * training-data generation, the training-data files' tools, network training and the check of Syzygy table files.
 */
@Command(name = "kestrel", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Kestrel, a UCI chess engine. With no subcommand it speaks UCI on stdin/stdout.",
        subcommands = {UciCommand.class, PerftCommand.class, PerftreeCommand.class, BenchCommand.class,
            BookCommand.class, DatagenCommand.class, TrainCommand.class, DataCommand.class,
            SyzygyCheckCommand.class})
public final class Main implements Runnable {

    public static void main(String[] args) {
        if (args.length == 0) {
            // What a GUI starts: go straight to the session; building the Picocli model first costs start-up time.
            new UciCommand().call();
            return;
        }
        int exitCode = commandLine().execute(args);
        if (exitCode != 0) {
            System.exit(exitCode);
        }
    }

    /**
     * The command line with Kestrel's handling of bad arguments: one {@code error:} line naming the problem and
     * pointing at the help, instead of the whole usage text, and exit code {@link ExitCodes#BAD_INPUT}.
     */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setParameterExceptionHandler((exception, args) -> {
            CommandLine failed = exception.getCommandLine();
            failed.getErr().println("error: " + exception.getMessage()
                    + " (see " + failed.getCommandSpec().qualifiedName() + " --help)");
            return ExitCodes.BAD_INPUT;
        });
        return commandLine;
    }

    /** No subcommand: the UCI session, which is what GUIs start. */
    @Override
    public void run() {
        new UciCommand().call();
    }
}
