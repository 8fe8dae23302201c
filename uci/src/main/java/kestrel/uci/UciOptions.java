package kestrel.uci;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kestrel.engine.search.SearchThreads;
import kestrel.engine.search.StrengthLimit;

/**
 * The engine's options and their current values. Names are matched without regard to case or to runs of spaces,
 * as UCI asks. This class only holds and checks values; what a change does (resize the hash, open a book) is up to
 * the {@link UciLoop}.
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

    UciOptions() {
        add(UciOption.spin(HASH, DEFAULT_HASH_MB, 1, MAX_HASH_MB));
        add(UciOption.button(CLEAR_HASH));
        add(UciOption.spin(THREADS, 1, 1, SearchThreads.MAX_THREADS));
        add(UciOption.check(PONDER, false));
        add(UciOption.spin(MULTI_PV, 1, 1, 256));
        add(UciOption.spin(MOVE_OVERHEAD, 50, 0, 5000));
        add(UciOption.check(OWN_BOOK, false));
        add(UciOption.string(BOOK_FILE, ""));
        add(UciOption.combo(BOOK_VARIETY, BOOK_BEST, List.of(BOOK_BEST, BOOK_WEIGHTED)));
        add(UciOption.check(CHESS960, false));
        add(UciOption.string(DEBUG_LOG_FILE, ""));
        add(UciOption.check(LIMIT_STRENGTH, false));
        add(UciOption.spin(ELO, DEFAULT_ELO, StrengthLimit.MIN_ELO, StrengthLimit.MAX_ELO));
        add(UciOption.check(ANALYSE_MODE, false));
        add(UciOption.check(SHOW_WDL, false));
        add(UciOption.string(EVAL_FILE, BUILT_IN_NETWORK));
        add(UciOption.check(USE_NNUE, true));
    }

    private void add(UciOption option) {
        byKey.put(key(option.name()), option);
        values.put(option.name(), option.defaultValue());
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
     * Stores a value already made canonical by {@link UciOption#canonicalValue}. Synchronized with the readers, since
     * the search thread puts the Hash size back when a resize is refused.
     */
    synchronized void set(UciOption option, String canonicalValue) {
        values.put(option.name(), canonicalValue);
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

    boolean useNnue() {
        return Boolean.parseBoolean(value(USE_NNUE));
    }

    String debugLogFile() {
        return value(DEBUG_LOG_FILE);
    }
}
