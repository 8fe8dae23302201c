package kestrel.uci;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** PLACEHOLDER, to be replaced by the real subcommand. */
@Command(name = "bench", description = "not yet available")
public final class BenchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 2;
    }
}
