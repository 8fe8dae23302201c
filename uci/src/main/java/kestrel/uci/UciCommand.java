package kestrel.uci;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code kestrel uci}, also what {@code kestrel} alone runs: a UCI session on stdin and stdout. */
@Command(name = "uci", mixinStandardHelpOptions = true,
        description = "Speak UCI on stdin/stdout (the default when no subcommand is given).")
public final class UciCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        // stdin and stdout are the protocol channel itself; everything else goes to the log. Only the session holds
        // the real stdout: whatever else prints to System.out (Logback's status messages about a broken
        // configuration, say) lands on stderr instead of in the GUI's input.
        PrintStream standardOut = System.out;
        standardOut.flush();
        System.setOut(System.err);
        try {
            new UciLoop(System.in, new FileOutputStream(FileDescriptor.out)).run();
        } finally {
            System.setOut(standardOut);
        }
        return ExitCodes.OK;
    }
}
