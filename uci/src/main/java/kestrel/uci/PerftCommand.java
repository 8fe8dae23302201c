package kestrel.uci;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** PLACEHOLDER, to be replaced by the real subcommand. */
@Command(name = "perft", description = "not yet available")
public final class PerftCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 2;
    }
}
