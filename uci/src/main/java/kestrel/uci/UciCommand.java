package kestrel.uci;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code kestrel uci}, also what {@code kestrel} alone runs: a UCI session on stdin and stdout. */
@Command(name = "uci", mixinStandardHelpOptions = true,
        description = "Speak UCI on stdin/stdout (the default when no subcommand is given).")
public final class UciCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        // stdin and stdout are the protocol channel itself; everything else goes to the log.
        new UciLoop(System.in, System.out).run();
        return ExitCodes.OK;
    }
}
