package kestrel.uci.protocol;

import static kestrel.uci.protocol.UciOption.button;
import static kestrel.uci.protocol.UciOption.check;
import static kestrel.uci.protocol.UciOption.combo;
import static kestrel.uci.protocol.UciOption.spin;
import static kestrel.uci.protocol.UciOption.string;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kestrel.engine.Fen;
import kestrel.engine.FileProblem;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkEvaluation;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.NetworkFormatException;
import kestrel.engine.search.Bench;
import kestrel.engine.search.SearchLimits;
import kestrel.engine.search.SearchParameters;
import kestrel.engine.search.SearchThreads;
import kestrel.engine.search.StrengthLimit;
import kestrel.engine.search.TablebaseUse;
import kestrel.engine.search.Tunable;
import kestrel.engine.syzygy.Tablebases;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UCI session: reads commands line by line on the calling thread and answers them, while searches run on the
 * {@link SearchWorker}'s thread. Returns from {@link #run} on {@code quit} or at the end of the input.
 *
 * <p>No input can stop the loop: a command that cannot be carried out gets one {@code info string} saying why, and
 * changes nothing. As the UCI specification asks, unknown words in front of a known command are skipped
 * ({@code joho debug on} switches debug on).
 */
public final class UciLoop {
    private static final Logger LOG = LoggerFactory.getLogger(UciLoop.class);

    private static final Set<String> COMMANDS = Set.of("uci", "debug", "isready", "setoption", "register",
            "ucinewgame", "position", "go", "stop", "ponderhit", "quit", "d", "eval", "bench");
    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern SET_OPTION =
            Pattern.compile("(?i)name\\s+(.+?)(?:\\s+value(?:\\s+(.*))?)?");
    /** The largest NodesTime: nodes a millisecond (100 million a second). */
    static final int MAX_NODES_TIME = 100_000;
    /** The largest Hash, in MB. */
    static final int MAX_HASH_MB = 32768;
    /** Book Variety: always the heaviest book move, or a random one in proportion to the weights. */
    private static final String BOOK_BEST = "Best";
    private static final String BOOK_WEIGHTED = "Weighted";
    /** EvalFile's default: the network built into the jar. */
    private static final String BUILT_IN_NETWORK = "<internal>";
    /** The SyzygyPath that names no folder, as GUIs write it. */
    private static final String NO_SYZYGY_PATH = UciOption.EMPTY;
    /**
     * How long {@code isready} waits for the check of the Syzygy files' checksums, so that a damaged file is put aside
     * before the games begin: 1 to 4 s for all 3- to 5-piece tables (939 MB) at the speeds measured on this
     * project's machine (docs/syzygy.md); what a larger set has left is checked while the engine plays.
     */
    private static final long TABLE_CHECK_WAIT_MILLIS = 3_000;

    /*
     * Every option, declared once: its name, type, default and range or choices, and what setting it does, in the
     * order `uci` lists them. An option without onSet only keeps its value, which the commands read here when they
     * need it. An action runs with the new value in force; one that throws leaves the old value in force. Options
     * that only their action reads, or nothing (Ponder), are fields all the same: the list is complete here.
     */
    private final UciOptions options = new UciOptions();
    private final UciOption<Integer> hash = options.add(spin("Hash", 16, 1, MAX_HASH_MB).onSet(this::resizeTable));
    private final UciOption<Void> clearHash = options.add(button("Clear Hash").onSet(pressed -> clearTable()));
    private final UciOption<Integer> threads =
            options.add(spin("Threads", 1, 1, SearchThreads.MAX_THREADS).onSet(this::setThreads));
    /** Whether the GUI may send {@code go ponder}; the engine needs no preparation for it. */
    private final UciOption<Boolean> ponder = options.add(check("Ponder", false));
    private final UciOption<Integer> multiPv = options.add(spin("MultiPV", 1, 1, 256));
    private final UciOption<Integer> moveOverhead =
            options.add(spin("Move Overhead", SearchLimits.DEFAULT_MOVE_OVERHEAD, 0, 5000));
    private final UciOption<Boolean> ownBook = options.add(check("OwnBook", false).onSet(this::useOwnBook));
    private final UciOption<String> bookFile = options.add(string("BookFile", "").onSet(this::useBookFile));
    private final UciOption<String> bookVariety =
            options.add(combo("Book Variety", BOOK_BEST, List.of(BOOK_BEST, BOOK_WEIGHTED)));
    private final UciOption<Boolean> chess960 = options.add(check("UCI_Chess960", false));
    private final UciOption<String> debugLogFile = options.add(string("Debug Log File", "").onSet(this::logTo));
    private final UciOption<Boolean> limitStrength = options.add(check("UCI_LimitStrength", false));
    private final UciOption<Integer> elo =
            options.add(spin("UCI_Elo", 1800, StrengthLimit.MIN_ELO, StrengthLimit.MAX_ELO));
    /** The GUI is analysing, not playing a game: no book, full strength. */
    private final UciOption<Boolean> analyseMode = options.add(check("UCI_AnalyseMode", false));
    private final UciOption<Boolean> showWdl = options.add(check("UCI_ShowWDL", false));
    private final UciOption<String> evalFile =
            options.add(string("EvalFile", BUILT_IN_NETWORK).onSet(this::useEvalFile));
    private final UciOption<Boolean> useNnue = options.add(check("Use NNUE", true));
    private final UciOption<String> syzygyPath =
            options.add(string("SyzygyPath", NO_SYZYGY_PATH).onSet(this::useSyzygyPath));
    private final UciOption<Integer> syzygyProbeDepth = options.add(spin("SyzygyProbeDepth", 1, 1, 100));
    private final UciOption<Boolean> syzygy50MoveRule = options.add(check("Syzygy50MoveRule", true));
    private final UciOption<Integer> syzygyProbeLimit = options.add(spin("SyzygyProbeLimit", 7, 0, 7));
    /** Time counted in nodes, this many a millisecond, so that a test of the clock is not biased by load. */
    private final UciOption<Integer> nodesTime =
            options.add(spin("NodesTime", 0, 0, MAX_NODES_TIME).onSet(this::setNodesTime));

    private final LineReader input;
    private final UciOutput output;
    private final SearchWorker worker;
    private final Evaluation evaluation = new Evaluation();
    private Position position = Position.startPosition();
    /**
     * The built-in network, read on a thread of its own from the start (some 70 ms of CPU), so that {@code uciok} does
     * not wait for it; the first command that needs it does.
     */
    private final CompletableFuture<Network> builtInNetwork = CompletableFuture.supplyAsync(BuiltInNetwork::get,
            task -> {
                Thread loader = new Thread(task, "kestrel-network-loader");
                loader.setDaemon(true);
                loader.start();
            });
    /** The network EvalFile named, once it has been set (null when there is none); until then the built-in one. */
    private Network chosenNetwork;
    private boolean networkChosen;
    /** The tables SyzygyPath names; none by default. Opened on the reader thread, immutable, shared by searches. */
    private Tablebases tablebases = Tablebases.EMPTY;
    /** Whether to warm the hot paths after the first {@code uciok} (the program does; tests of the loop do not). */
    private final boolean warmUpAllowed;
    /** The warm-up started after the first {@code uciok}; null before. */
    private WarmUp warmUp;

    /** A session reading commands from {@code in} and answering on {@code out}, without warm-up. */
    public UciLoop(InputStream in, OutputStream out) {
        this(in, out, false);
    }

    /**
     * A session reading commands from {@code in} and answering on {@code out}; with {@code warmUp}, the first
     * {@code uciok} is followed by a short private search that readies the hot paths for the first move
     * ({@link WarmUp}).
     */
    public UciLoop(InputStream in, OutputStream out, boolean warmUp) {
        this.warmUpAllowed = warmUp;
        this.input = new LineReader(in);
        this.output = new UciOutput(out);
        this.worker = new SearchWorker(output, hash.value());
    }

    /** Runs the session until {@code quit} or the end of the input; a running search is stopped on the way out. */
    public void run() {
        try {
            while (true) {
                LineReader.Line line = input.next();
                if (line == null) {
                    LOG.debug("End of input");
                    break;
                }
                if (line.isTooLong()) {
                    output.received("(a line of " + line.byteCount() + " bytes, not kept)");
                    output.info("a line of " + line.byteCount() + " bytes is longer than the limit of "
                            + LineReader.MAX_LINE_BYTES + " bytes and was ignored");
                    continue;
                }
                output.received(line.text());
                LOG.debug(">> {}", line.text());
                if (!execute(line.text())) {
                    break;
                }
            }
        } catch (IOException e) {
            LOG.warn("Cannot read commands any more: {}", e.toString());
        } finally {
            worker.close();
            output.close();
        }
    }

    /**
     * Adds a spin option for each of the search's tunable constants ({@link SearchParameters}), after the others:
     * {@code kestrel uci --tune}, for the tuner's games; a GUI never sees them. They set values shared by the whole
     * process, so they are meant for one session a process, as the tuner runs them. A value takes effect from the
     * next search on.
     */
    public UciLoop offerTuning() {
        for (Tunable tunable : SearchParameters.all()) {
            options.add(spin(tunable.name(), tunable.defaultValue(), tunable.min(), tunable.max())
                    .onSet(value -> worker.setSearchParameter(tunable, value)));
        }
        return this;
    }

    /** The options, for tests that check a bad {@code setoption} changed nothing. */
    UciOptions options() {
        return options;
    }

    /** Carries out one line; false when the session ends. */
    private boolean execute(String line) {
        String text = line.replace("\uFEFF", "").strip();
        if (text.isEmpty()) {
            // Scripts and some GUIs send blank lines; they ask for nothing, so nothing answers them.
            return true;
        }
        List<Integer> starts = new ArrayList<>();
        List<String> words = new ArrayList<>();
        Matcher word = WORD.matcher(text);
        while (word.find()) {
            starts.add(word.start());
            words.add(word.group());
        }
        int commandAt = 0;
        while (commandAt < words.size() && !COMMANDS.contains(words.get(commandAt).toLowerCase(Locale.ROOT))) {
            commandAt++;
        }
        if (commandAt == words.size()) {
            output.info("unknown command " + UciException.quote(text));
            return true;
        }
        String command = words.get(commandAt).toLowerCase(Locale.ROOT);
        List<String> arguments = words.subList(commandAt + 1, words.size());
        String rawArguments = text.substring(starts.get(commandAt) + words.get(commandAt).length()).strip();
        try {
            return execute(command, arguments, rawArguments);
        } catch (UciException e) {
            output.info(e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            LOG.error("Command failed: {}", text, e);
            output.info("internal error on " + UciException.quote(text) + ": " + e);
        }
        return true;
    }

    private boolean execute(String command, List<String> arguments, String rawArguments) throws UciException {
        switch (command) {
            case "uci" -> identify();
            case "debug" -> debug(arguments);
            case "isready" -> {
                Tablebases checking = tablebases;
                WarmUp warming = warmUp;
                worker.readyOk(() -> {
                    if (warming != null) {
                        warming.awaitEnd();
                    }
                    checking.awaitVerification(TABLE_CHECK_WAIT_MILLIS);
                });
            }
            case "setoption" -> setOption(rawArguments);
            case "register" -> {
                // Nothing to register: the engine is free.
            }
            case "ucinewgame" -> {
                clearTable();
                worker.newGame();
            }
            case "position" -> {
                PositionCommand set = PositionCommand.parse(arguments, chess960.value());
                position = set.position();
                set.notes().forEach(output::info);
            }
            case "go" -> {
                stopWarmUp();
                go(arguments);
            }
            case "stop" -> worker.stop();
            case "ponderhit" -> worker.ponderHit();
            case "quit" -> {
                stopWarmUp();
                return false;
            }
            case "d" -> display();
            case "eval" -> evaluate();
            case "bench" -> {
                stopWarmUp();
                bench(arguments);
            }
            default -> throw new IllegalStateException("command without handler: " + command);
        }
        return true;
    }

    private void identify() {
        List<String> lines = new ArrayList<>();
        lines.add("id name " + Version.NAME + " " + Version.VERSION);
        lines.add("id author " + Version.AUTHOR);
        lines.addAll(options.declarations());
        lines.add("uciok");
        output.sendAll(lines);
        if (warmUpAllowed && warmUp == null) {
            warmUp = WarmUp.start(searchEvaluation());
        }
    }

    /** A command needs the engine: the warm-up, if any is running, ends now. */
    private void stopWarmUp() {
        if (warmUp != null) {
            warmUp.stop();
        }
    }

    private void debug(List<String> arguments) throws UciException {
        String mode = arguments.isEmpty() ? "" : arguments.get(0);
        switch (mode) {
            case "on" -> worker.setDebug(true);
            case "off" -> worker.setDebug(false);
            default -> throw new UciException("debug needs on or off");
        }
    }

    /** {@code setoption name <id> [value <x>]}; the name and the value may hold spaces. */
    private void setOption(String arguments) throws UciException {
        Matcher matcher = SET_OPTION.matcher(arguments);
        if (!matcher.matches()) {
            throw new UciException("setoption needs: name <id> [value <x>]");
        }
        options.set(matcher.group(1), matcher.group(2));
    }

    /** Hash: a refused size puts the option back to the size the table kept. */
    private void resizeTable(int megabytes) {
        worker.resizeTable(megabytes, hash::putBack);
    }

    /** ucinewgame and Clear Hash: the table empty, the history forgotten. */
    private void clearTable() {
        worker.clearTable();
    }

    /** NodesTime: the clock counted in nodes from the next search on. */
    private void setNodesTime(int count) {
        worker.setNodesTime(count);
    }

    /** Threads: threads that cannot be had put the option back to the number kept. */
    private void setThreads(int count) {
        worker.setThreads(count, threads::putBack);
    }

    /** OwnBook: the book BookFile names, or none. */
    private void useOwnBook(boolean on) throws UciException {
        worker.useBook(on ? path(bookFile.value()) : null);
    }

    /** BookFile: a path that is not valid is refused even while OwnBook is off. */
    private void useBookFile(String file) throws UciException {
        Path book = path(file);
        worker.useBook(ownBook.value() ? book : null);
    }

    /** Debug Log File: the transcript goes to this file from now on, or nowhere when empty. */
    private void logTo(String file) throws UciException {
        try {
            output.logTo(file.isEmpty() ? null : Path.of(file));
        } catch (IOException | InvalidPathException e) {
            throw new UciException("cannot write the debug log " + UciException.quote(file) + ": " + describe(e));
        }
    }

    /**
     * SyzygyPath: the tables of these folders (separated by the system's path separator) from the next search on,
     * none for {@code <empty>} or an empty value. What was found, and each folder or file that could not be used, is
     * said in an info string; the engine goes on with the tables that opened. A table a search later finds corrupt
     * is said in an info string too, and left out from then on. The old tables go first, so that whatever happens
     * no table of an old path stays in use under the new value.
     */
    private void useSyzygyPath(String paths) {
        tablebases.stopVerification();
        tablebases = Tablebases.EMPTY;
        Tablebases opened = Tablebases.open(paths.equals(NO_SYZYGY_PATH) ? "" : paths,
                fault -> output.info("SyzygyPath: " + fault));
        for (String problem : opened.problems()) {
            output.info("SyzygyPath: " + problem);
        }
        if (opened != Tablebases.EMPTY) {
            output.info(opened.wdlTableCount() == 0 ? "SyzygyPath: no tables found"
                    : "SyzygyPath: " + opened.wdlTableCount() + " WDL and " + opened.dtzTableCount()
                    + " DTZ tables, up to " + opened.maxPieces() + " pieces");
        }
        tablebases = opened.startVerification();
    }

    /** The tables and their settings for the next search. */
    private TablebaseUse tablebaseUse() {
        return new TablebaseUse(tablebases, syzygyProbeDepth.value(), syzygy50MoveRule.value(),
                syzygyProbeLimit.value());
    }

    /** EvalFile: the network is loaded now, and a file that cannot be used leaves the current one. */
    private void useEvalFile(String file) throws UciException {
        chosenNetwork = loadNetwork(file);
        networkChosen = true;
        output.info(chosenNetwork == null ? "no built-in network: the handcrafted evaluation is used"
                : "network " + networkName() + " loaded, " + chosenNetwork.describe());
    }

    /**
     * The network EvalFile names: the built-in one for {@code <internal>} or empty (null if the jar has none), else
     * the file. A file that cannot be used throws, so the current network stays.
     */
    private static Network loadNetwork(String value) throws UciException {
        if (value.isEmpty() || value.equals(BUILT_IN_NETWORK)) {
            return BuiltInNetwork.get();
        }
        try {
            return NetworkFile.read(Path.of(value));
        } catch (InvalidPathException e) {
            throw new UciException("EvalFile " + UciException.quote(value) + " is not a valid path: " + e.getReason()
                    + "; the current network stays");
        } catch (IOException e) {
            throw new UciException("cannot read EvalFile " + UciException.quote(value) + ": "
                    + FileProblem.ofReading(e) + "; the current network stays");
        } catch (NetworkFormatException e) {
            throw new UciException("EvalFile " + UciException.quote(value) + " is not usable: " + e.getMessage()
                    + "; the current network stays");
        }
    }

    /** The network in force: EvalFile's once set, else the built-in one (null when there is none). */
    private Network network() {
        return networkChosen ? chosenNetwork : builtInNetwork.join();
    }

    /** Searches and the bench evaluate with the network when one is loaded and Use NNUE is on. */
    private EvaluationChoice searchEvaluation() {
        Network network = network();
        return network != null && useNnue.value() ? new NetworkEvaluation(network) : Evaluation.HANDCRAFTED;
    }

    private String networkName() {
        String file = evalFile.value();
        return file.isEmpty() ? BUILT_IN_NETWORK : file;
    }

    /** {@code eval}: the handcrafted evaluation's terms, then the network's score, and which one searches use. */
    private void evaluate() {
        List<String> lines = new ArrayList<>(Arrays.asList(evaluation.explain(position).split("\n")));
        lines.add("");
        String side = position.sideToMove() == Piece.WHITE ? "White" : "Black";
        Network network = network();
        if (network == null) {
            lines.add("network: none loaded");
        } else {
            int score = network.evaluate(position);
            int whiteScore = position.sideToMove() == Piece.WHITE ? score : -score;
            lines.add("network " + networkName() + " (" + network.describe() + "): " + whiteScore
                    + " cp from White's view, " + score + " cp for the side to move (" + side + ")");
        }
        lines.add("searches use: " + (network != null && useNnue.value() ? "the network"
                : "the handcrafted evaluation" + (network == null ? "" : " (Use NNUE is off)")));
        output.sendAll(lines);
    }

    /**
     * The debug log's file problem in words: a missing file there means a missing folder, since the file is created;
     * the other reasons are {@link FileProblem}'s.
     */
    private static String describe(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such directory";
        }
        if (e instanceof IOException io) {
            return FileProblem.ofReading(io);
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** The book file's path, null when none is set. */
    private static Path path(String file) throws UciException {
        if (file.isEmpty()) {
            return null;
        }
        try {
            return Path.of(file);
        } catch (InvalidPathException e) {
            throw new UciException("BookFile " + UciException.quote(file) + " is not a valid path: " + e.getReason());
        }
    }

    private void go(List<String> arguments) throws UciException {
        GoCommand go = GoCommand.parse(arguments, position, chess960.value());
        // What was adjusted or skipped is said; the search runs all the same, since the GUI waits for its bestmove.
        go.notes().forEach(output::info);
        if (go.isPerft()) {
            worker.perft(position, go.perftDepth(), chess960.value());
            return;
        }
        SearchLimits limits = go.limits().multiPv(multiPv.value()).moveOverhead(moveOverhead.value())
                .tablebases(tablebaseUse());
        // A limited strength is for games: analysis (UCI_AnalyseMode) gets the full strength.
        if (limitStrength.value() && !analyseMode.value()) {
            limits.strength(StrengthLimit.forElo(elo.value()));
        }
        worker.setShowWdl(showWdl.value());
        // The book answers ordinary moves only: analysis, pondering and restricted searches want the search.
        boolean bookAllowed = ownBook.value() && !analyseMode.value() && !limits.infinite() && !limits.ponder()
                && limits.searchMoves().length == 0;
        worker.search(position, limits, searchEvaluation(), chess960.value(), bookAllowed,
                bookVariety.value().equals(BOOK_BEST));
    }

    /** {@code bench [depth]}: the fixed benchmark, on the search thread. */
    private void bench(List<String> arguments) throws UciException {
        int depth = Bench.DEFAULT_DEPTH;
        if (arguments.size() > 1) {
            throw new UciException("bench takes at most one argument, the depth");
        }
        if (arguments.size() == 1) {
            String text = arguments.get(0);
            try {
                depth = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new UciException("bench: the depth " + UciException.quote(text) + " is not a number");
            }
            if (depth < 1 || depth > Bench.MAX_DEPTH) {
                throw new UciException("bench depth must be from 1 to " + Bench.MAX_DEPTH + ", not " + depth);
            }
        }
        worker.bench(depth, searchEvaluation());
    }

    /** {@code d}: the board, then its FEN, key and checking pieces. */
    private void display() {
        List<String> lines = new ArrayList<>(Arrays.asList(position.toString().split("\n")));
        lines.add("");
        lines.add("Fen: " + Fen.toFen(position, chess960.value()));
        lines.add("Key: " + String.format("%016x", position.key()));
        StringBuilder checkers = new StringBuilder("Checkers:");
        for (long bits = position.checkers(); bits != 0; bits &= bits - 1) {
            checkers.append(' ').append(Square.name(Long.numberOfTrailingZeros(bits)));
        }
        lines.add(checkers.toString());
        output.sendAll(lines);
    }
}
