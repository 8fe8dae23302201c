import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The search speed of several builds, side by side in one JVM: each jar gets a class loader of its own, and their
 * {@code Bench.run(depth)} take turns on one thread, so that whatever slows the machine for a while (a neighbour on
 * the host, the other core's load, the clock) falls on all builds alike. Separate processes, run one after the other,
 * differ by ±15 % on this machine for the same jar; runs that alternate every second or so do not drift apart.
 *
 * <pre>
 *   java --add-modules jdk.incubator.vector scripts/SpeedAb.java [--depth D] [--rounds R] [--warm-up W] A.jar B.jar...
 * </pre>
 *
 * Each round runs every jar's bench once (the order rotated each round); the first W rounds (default 5) only let the
 * JIT settle. Prints each round's nodes a second, then each jar's median and the median of its per-round ratios to
 * the first jar (a round's builds ran within seconds of each other). The node counts must match where the builds
 * search alike; they are printed once. Needs jars whose {@code kestrel.engine.search.Bench} has
 * {@code run(int, Consumer)}, as every build since the bench began does.
 *
 * <p>One JVM is one draw of the JIT's choices (what it inlines, where it compiles): on this machine one build's
 * ratio to another moved from 0.87 to 1.06 between six JVMs, while its rounds inside one JVM stayed within a few per
 * cent. {@code --processes P} therefore runs the whole comparison in P JVMs one after the other (each with R
 * rounds) and reports, for each jar, the median over the JVMs of their ratios, with the lowest and highest: the
 * figure to quote.
 */
public class SpeedAb {
    public static void main(String[] args) throws Exception {
        int depth = 11;
        int rounds = 20;
        int warmUp = 5;
        int processes = 1;
        List<String> jars = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--depth" -> depth = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warm-up" -> warmUp = Integer.parseInt(args[++i]);
                case "--processes" -> processes = Integer.parseInt(args[++i]);
                default -> jars.add(args[i]);
            }
        }
        if (jars.size() < 2) {
            System.err.println("usage: SpeedAb [--depth D] [--rounds R] [--warm-up W] [--processes P] A.jar B.jar...");
            System.exit(2);
        }
        if (processes > 1) {
            compareInProcesses(processes, depth, rounds, warmUp, jars);
            return;
        }
        int count = jars.size();
        Method[] runs = new Method[count];
        Method[] nodesOf = new Method[count];
        Method[] millisOf = new Method[count];
        for (int j = 0; j < count; j++) {
            URL url = new File(jars.get(j)).toURI().toURL();
            ClassLoader loader = new URLClassLoader(new URL[] {url}, ClassLoader.getPlatformClassLoader());
            runs[j] = loader.loadClass("kestrel.engine.search.Bench").getMethod("run", int.class, Consumer.class);
            nodesOf[j] = runs[j].getReturnType().getMethod("nodes");
            millisOf[j] = runs[j].getReturnType().getMethod("elapsedMillis");
        }
        Consumer<String> quiet = line -> { };
        double[][] speeds = new double[count][rounds];
        long[] nodes = new long[count];
        for (int round = -warmUp; round < rounds; round++) {
            for (int k = 0; k < count; k++) {
                int j = Math.floorMod(k + round, count);
                Object result = runs[j].invoke(null, depth, quiet);
                nodes[j] = (long) nodesOf[j].invoke(result);
                if (round >= 0) {
                    speeds[j][round] = nodes[j] * 1000.0 / Math.max(1, (long) millisOf[j].invoke(result));
                }
            }
            if (round >= 0) {
                StringBuilder line = new StringBuilder("round " + (round + 1));
                for (int j = 0; j < count; j++) {
                    line.append(String.format("  %s %.0f", name(jars.get(j)), speeds[j][round]));
                }
                System.out.println(line);
            }
        }
        System.out.println("nodes: " + Arrays.toString(nodes));
        for (int j = 0; j < count; j++) {
            double[] ratios = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                ratios[round] = speeds[j][round] / speeds[0][round];
            }
            System.out.printf("%s median %.0f nps, ratio to %s: median %.3f (quartiles %.3f .. %.3f)%n",
                    name(jars.get(j)), median(speeds[j]), name(jars.get(0)), median(ratios), quantile(ratios, 0.25),
                    quantile(ratios, 0.75));
        }
    }

    /**
     * Runs this program P times, each in a JVM of its own with the options of this one, and sums up the ratios that
     * their summaries report.
     */
    private static void compareInProcesses(int processes, int depth, int rounds, int warmUp, List<String> jars)
            throws Exception {
        List<String> command = new ArrayList<>();
        ProcessHandle.Info self = ProcessHandle.current().info();
        command.add(self.command().orElse("java"));
        // The JVM's own options and this source file, then the child's arguments.
        for (String argument : self.arguments().orElseThrow()) {
            command.add(argument);
            if (argument.endsWith("SpeedAb.java")) {
                break;
            }
        }
        command.addAll(List.of("--depth", "" + depth, "--rounds", "" + rounds, "--warm-up", "" + warmUp));
        command.addAll(jars);
        double[][] ratios = new double[jars.size()][processes];
        for (int p = 0; p < processes; p++) {
            Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String> lines = new String(child.getInputStream().readAllBytes()).lines().toList();
            if (child.waitFor() != 0) {
                throw new IllegalStateException("JVM " + (p + 1) + " failed: " + String.join("\n", lines));
            }
            for (String line : lines) {
                if (line.startsWith("nodes: ") || line.contains(" median ")) {
                    System.out.println("JVM " + (p + 1) + ": " + line);
                }
            }
            for (int j = 0; j < jars.size(); j++) {
                String prefix = name(jars.get(j)) + " median ";
                String summary = lines.stream().filter(line -> line.startsWith(prefix)).findFirst().orElseThrow();
                String ratio = summary.substring(summary.indexOf(": median ") + 9);
                ratios[j][p] = Double.parseDouble(ratio.substring(0, ratio.indexOf(' ')));
            }
        }
        for (int j = 0; j < jars.size(); j++) {
            System.out.printf("%s: ratio to %s over %d JVMs: median %.3f (lowest %.3f, highest %.3f)%n",
                    name(jars.get(j)), name(jars.get(0)), processes, median(ratios[j]), quantile(ratios[j], 0),
                    quantile(ratios[j], 1));
        }
    }

    private static String name(String jar) {
        return new File(jar).getName();
    }

    private static double median(double[] values) {
        return quantile(values, 0.5);
    }

    private static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double position = q * (sorted.length - 1);
        int low = (int) Math.floor(position);
        int high = (int) Math.ceil(position);
        return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
    }
}
