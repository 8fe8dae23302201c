package kestrel.uci.protocol;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The engine's options and their current values. Names are matched without regard to case or to runs of spaces,
 * as UCI asks. The options themselves, each with what setting it does, are declared in one list by the
 * {@link UciLoop}, whose actions they are; this class holds the values, sets them and reads them for the commands.
 */
final class UciOptions {
    static final String HASH = "Hash";
    static final String CLEAR_HASH = "Clear Hash";
    static final String THREADS = "Threads";
    static final String PONDER = "Ponder";
    static final String MULTI_PV = "MultiPV";
    static final String MOVE_OVERHEAD = "Move Overhead";
    static final String OWN_BOOK = "OwnBook";
    static final String BOOK_FILE = "BookFile";
    static final String BOOK_VARIETY = "Book Variety";
    static final String CHESS960 = "UCI_Chess960";
    static final String DEBUG_LOG_FILE = "Debug Log File";
    static final String LIMIT_STRENGTH = "UCI_LimitStrength";
    static final String ELO = "UCI_Elo";
    static final String ANALYSE_MODE = "UCI_AnalyseMode";
    static final String SHOW_WDL = "UCI_ShowWDL";
    static final String EVAL_FILE = "EvalFile";
    static final String USE_NNUE = "Use NNUE";
    static final String SYZYGY_PATH = "SyzygyPath";
    static final String SYZYGY_PROBE_DEPTH = "SyzygyProbeDepth";
    static final String SYZYGY_50_MOVE_RULE = "Syzygy50MoveRule";
    static final String SYZYGY_PROBE_LIMIT = "SyzygyProbeLimit";
    /** The SyzygyPath that names no folder, as the engines GUIs know write it. */
    static final String NO_SYZYGY_PATH = "<empty>";
    /** EvalFile's default: the network built into the jar. */
    static final String BUILT_IN_NETWORK = "<internal>";

    /** Book Variety: always the heaviest book move, or a random one in proportion to the weights. */
    static final String BOOK_BEST = "Best";
    static final String BOOK_WEIGHTED = "Weighted";

    static final int DEFAULT_HASH_MB = 16;
    static final int MAX_HASH_MB = 32768;
    static final int DEFAULT_ELO = 1800;

    private final Map<String, UciOption> byKey = new LinkedHashMap<>();
    private final Map<String, String> values = new HashMap<>();

    /** The options {@code options}, in the order {@code uci} lists them, each at its default. */
    UciOptions(UciOption... options) {
        for (UciOption option : options) {
            byKey.put(key(option.name()), option);
            values.put(option.name(), option.defaultValue());
        }
    }

    private static String key(String name) {
        return name.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** The {@code option ...} lines of the {@code uci} answer, in a stable order. */
    List<String> declarations() {
        List<String> lines = new ArrayList<>();
        for (UciOption option : byKey.values()) {
            lines.add(option.declaration());
        }
        return lines;
    }

    /** The option called {@code name} in any case and spacing. */
    UciOption find(String name) throws UciException {
        UciOption option = byKey.get(key(name));
        if (option == null) {
            throw new UciException("unknown option " + UciException.quote(name.trim()));
        }
        return option;
    }

    /**
     * {@code setoption}: the option called {@code name} (in any case and spacing) takes {@code value} (null when none
     * was given) and its action runs. A value that does not fit, or that the action refuses, changes nothing.
     */
    void set(String name, String value) throws UciException {
        UciOption option = find(name);
        String canonicalValue = option.canonicalValue(value);
        String previous = put(option.name(), canonicalValue);
        try {
            option.action().apply(canonicalValue);
        } catch (UciException | RuntimeException e) {
            put(option.name(), previous);
            throw e;
        }
    }

    /**
     * Stores a canonical value without running the option's action, and returns the one it replaces: how a refused
     * value is put back, also by the search thread when it keeps the Hash size or the threads it had (hence the
     * lock the readers share).
     */
    synchronized String put(String name, String canonicalValue) {
        return values.put(name, canonicalValue);
    }

    /** The current value's text, by the option's declared name. */
    synchronized String value(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no option " + name);
        }
        return value;
    }

    /** Every option's current value, by declared name: a copy. */
    synchronized Map<String, String> values() {
        return Map.copyOf(values);
    }

    int hashMegabytes() {
        return Integer.parseInt(value(HASH));
    }

    int threads() {
        return Integer.parseInt(value(THREADS));
    }

    int multiPv() {
        return Integer.parseInt(value(MULTI_PV));
    }

    long moveOverhead() {
        return Long.parseLong(value(MOVE_OVERHEAD));
    }

    boolean chess960() {
        return Boolean.parseBoolean(value(CHESS960));
    }

    boolean ownBook() {
        return Boolean.parseBoolean(value(OWN_BOOK));
    }

    String bookFile() {
        return value(BOOK_FILE);
    }

    boolean bookBestOnly() {
        return value(BOOK_VARIETY).equals(BOOK_BEST);
    }

    /** True when UCI_LimitStrength is on and analysis (UCI_AnalyseMode) is off: play at {@link #elo()}. */
    boolean strengthLimited() {
        return Boolean.parseBoolean(value(LIMIT_STRENGTH)) && !analyseMode();
    }

    int elo() {
        return Integer.parseInt(value(ELO));
    }

    /** The GUI is analysing, not playing a game: no book, full strength. */
    boolean analyseMode() {
        return Boolean.parseBoolean(value(ANALYSE_MODE));
    }

    boolean showWdl() {
        return Boolean.parseBoolean(value(SHOW_WDL));
    }

    int syzygyProbeDepth() {
        return Integer.parseInt(value(SYZYGY_PROBE_DEPTH));
    }

    boolean syzygyFiftyMoveRule() {
        return Boolean.parseBoolean(value(SYZYGY_50_MOVE_RULE));
    }

    int syzygyProbeLimit() {
        return Integer.parseInt(value(SYZYGY_PROBE_LIMIT));
    }

    boolean useNnue() {
        return Boolean.parseBoolean(value(USE_NNUE));
    }
}
