import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Strategic Test Suite (STS) with any UCI engine: each position searched for a fixed time, the move played
 * scored with the suite's points (100 for the best move, less for the other nine it lists, 0 for any other), the
 * totals given per theme and in all. Reads the suite's LAN edition, whose {@code c9} field lists the scored moves in
 * coordinate notation and {@code c8} their points (data/sts/README.md says where it comes from).
 *
 * <pre>
 * java scripts/Sts.java EPD MOVETIME_MS CONCURRENCY [--option NAME=VALUE]... -- ENGINE [ARG...]
 * java scripts/Sts.java data/sts/STS1-STS15_LAN_v6.epd 250 2 --option Hash=16 -- ./kestrel
 * </pre>
 *
 * CONCURRENCY engine processes run at once, each taking positions in turn; every position starts with
 * {@code ucinewgame}. The engine's stderr is discarded.
 */
public final class Sts {
    private static final Pattern FIELD = Pattern.compile("(c8|c9|id) \"([^\"]*)\"");

    record Position(String theme, String id, String fen, List<String> moves, int[] points) {
    }

    public static void main(String[] args) throws Exception {
        int separator = Arrays.asList(args).indexOf("--");
        if (args.length < 4 || separator < 3 || separator == args.length - 1) {
            System.err.println("usage: Sts EPD MOVETIME_MS CONCURRENCY [--option NAME=VALUE]... -- ENGINE [ARG...]");
            System.exit(2);
        }
        List<Position> positions = read(Path.of(args[0]));
        int movetime = Integer.parseInt(args[1]);
        int concurrency = Integer.parseInt(args[2]);
        List<String> options = new ArrayList<>();
        for (int i = 3; i < separator; i++) {
            if (!args[i].equals("--option") || i + 1 >= separator || !args[i + 1].contains("=")) {
                System.err.println("expected --option NAME=VALUE, got " + args[i]);
                System.exit(2);
            }
            options.add(args[++i]);
        }
        List<String> command = List.of(args).subList(separator + 1, args.length);

        int[] scores = new int[positions.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < concurrency; w++) {
            workers.add(pool.submit(() -> {
                try (Engine engine = new Engine(command, options)) {
                    for (int i = next.getAndIncrement(); i < positions.size(); i = next.getAndIncrement()) {
                        Position position = positions.get(i);
                        String move = engine.bestMove(position.fen(), movetime);
                        int index = position.moves().indexOf(move);
                        scores[i] = index < 0 ? 0 : position.points()[index];
                        int finished = done.incrementAndGet();
                        if (finished % 100 == 0) {
                            System.err.printf("%d of %d positions%n", finished, positions.size());
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        pool.shutdown();
        report(positions, scores);
    }

    /** The scores per theme (in the suite's order) and the total, as points and as a share of the maximum. */
    private static void report(List<Position> positions, int[] scores) {
        Map<String, int[]> themes = new LinkedHashMap<>();
        int total = 0;
        int best = 0;
        for (int i = 0; i < positions.size(); i++) {
            int[] theme = themes.computeIfAbsent(positions.get(i).theme(), t -> new int[3]);
            theme[0] += scores[i];
            theme[1] += 100;
            theme[2] += scores[i] == 100 ? 1 : 0;
            total += scores[i];
            best += scores[i] == 100 ? 1 : 0;
        }
        for (Map.Entry<String, int[]> theme : themes.entrySet()) {
            int[] t = theme.getValue();
            System.out.printf(Locale.ROOT, "%-40s %6d / %6d  %5.1f %%  best move %d of %d%n", theme.getKey(), t[0],
                    t[1], 100.0 * t[0] / t[1], t[2], t[1] / 100);
        }
        System.out.printf(Locale.ROOT, "total %d / %d points, %.1f %%, best move in %d of %d positions%n", total,
                100 * positions.size(), total / (double) positions.size(), best, positions.size());
    }

    static List<Position> read(Path file) throws IOException {
        List<Position> positions = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split(" ");
            String fen = String.join(" ", Arrays.copyOf(fields, 4)) + " 0 1";
            Map<String, String> values = new LinkedHashMap<>();
            Matcher matcher = FIELD.matcher(line);
            while (matcher.find()) {
                values.put(matcher.group(1), matcher.group(2));
            }
            if (!values.keySet().containsAll(List.of("id", "c8", "c9"))) {
                throw new IOException("not an STS line with id, c8 and c9: " + line);
            }
            List<String> moves = List.of(values.get("c9").trim().split("\\s+"));
            int[] points = Arrays.stream(values.get("c8").trim().split("\\s+")).mapToInt(Integer::parseInt).toArray();
            if (moves.size() != points.length) {
                throw new IOException("c8 and c9 differ in length: " + line);
            }
            String id = values.get("id");
            String theme = id.replaceFirst("^STS\\(v[0-9.]+\\) ", "").replaceFirst("\\.[0-9]+$", "");
            positions.add(new Position(theme, id, fen, moves, points));
        }
        return positions;
    }

    /** One engine process, spoken to in UCI. */
    static final class Engine implements AutoCloseable {
        private final Process process;
        private final PrintWriter in;
        private final BufferedReader out;

        Engine(List<String> command, List<String> options) throws IOException {
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            in = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            send("uci");
            await("uciok");
            for (String option : options) {
                int equals = option.indexOf('=');
                send("setoption name " + option.substring(0, equals) + " value " + option.substring(equals + 1));
            }
            send("isready");
            await("readyok");
        }

        String bestMove(String fen, int movetime) throws IOException {
            send("ucinewgame");
            send("position fen " + fen);
            send("isready");
            await("readyok");
            send("go movetime " + movetime);
            String line = await("bestmove");
            String[] words = line.split("\\s+");
            return words.length > 1 ? words[1] : "";
        }

        private void send(String command) {
            in.println(command);
        }

        /** Reads lines until one starts with {@code prefix}, and returns it. */
        private String await(String prefix) throws IOException {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            throw new IOException("the engine ended before '" + prefix + "'");
        }

        @Override
        public void close() {
            send("quit");
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroy();
                }
            } catch (InterruptedException e) {
                process.destroy();
                Thread.currentThread().interrupt();
            }
        }
    }
}
