package kestrel.uci.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import kestrel.uci.protocol.UciLoop;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kestrel uci}, also what {@code kestrel} alone runs: a UCI session on stdin and stdout. */
@Command(name = "uci", mixinStandardHelpOptions = true,
        description = "Speak UCI on stdin/stdout (the default when no subcommand is given).")
public final class UciCommand implements Callable<Integer> {
    @Option(names = "--tune",
            description = "Also offer the search's tunable constants as options (for scripts/spsa.py).")
    private boolean tune;

    @Override
    public Integer call() {
        // stdin and stdout are the protocol channel itself; everything else goes to the log. Only the session holds
        // the real stdout: whatever else prints to System.out (Logback's status messages about a broken
        // configuration, say) lands on stderr instead of in the GUI's input.
        PrintStream standardOut = System.out;
        standardOut.flush();
        System.setOut(System.err);
        try {
            // Logging starts on its own thread while the session is built (Logback's set-up takes about as long as
            // the rest of the start); SLF4J hands out stand-in loggers meanwhile. Reading waits for it, so that
            // nothing is logged before it is ready.
            Thread logging = new Thread(LoggerFactory::getILoggerFactory, "kestrel-logging-init");
            logging.start();
            UciLoop session = new UciLoop(System.in, new FileOutputStream(FileDescriptor.out), true);
            if (tune) {
                session.offerTuning();
            }
            joinUninterruptibly(logging);
            session.run();
        } finally {
            System.setOut(standardOut);
        }
        return ExitCodes.OK;
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
