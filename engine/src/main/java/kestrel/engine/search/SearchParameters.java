package kestrel.engine.search;

import java.util.List;

/**
 * The search's tunable constants, declared once here: pruning margins, reduction and extension terms, the history
 * bonus and the aspiration window. Each is a {@link Tunable} that the search reads; the defaults are the values
 * in force. {@code kestrel uci --tune} offers every one as a spin option named as below, which is how
 * {@code scripts/spsa.py} plays games with trial values and, at the end, writes its values back into this file's
 * declarations (the one place a default is written; the script reads them from here, in the form
 * {@code tunable("Name", default, min, max, step)}). docs/search.md says how the tuning is run.
 *
 * <p>The values are shared by every search in the process: they are tuning settings, not per-game ones.
 */
public final class SearchParameters {
    private SearchParameters() {
    }

    // Pruning (docs/search.md, steps 8 to 13).
    /** Reverse futility: a node whose estimate beats beta by this per ply of depth returns it. */
    static final Tunable REVERSE_FUTILITY_MARGIN = tunable("ReverseFutilityMargin", 80, 30, 160, 8);
    /** Null move: the reduction grows by a ply for each this much the estimate is above beta (at most 3). */
    static final Tunable NULL_MOVE_EVAL_DIVISOR = tunable("NullMoveEvalDivisor", 200, 80, 400, 20);
    /** Futility of a quiet move: the margin at lmrDepth 0, in centipawns... */
    static final Tunable FUTILITY_BASE = tunable("FutilityBase", 120, 40, 250, 12);
    /** ...and added per ply of lmrDepth. */
    static final Tunable FUTILITY_PER_DEPTH = tunable("FutilityPerDepth", 80, 30, 160, 8);
    /** The futility margin grows by a centipawn per this much of the move's history in context (falls if below 0). */
    static final Tunable FUTILITY_HISTORY_DIVISOR = tunable("FutilityHistoryDivisor", 128, 32, 512, 16);
    /** History pruning: the history in context (±3·History.MAX) a ply of depth must stay above. */
    static final Tunable HISTORY_PRUNING_MARGIN = tunable("HistoryPruningMargin", 4_096, 1_024, 8_192, 400);
    /** SEE pruning of captures: those losing more than this per ply of depth are skipped. */
    static final Tunable SEE_PRUNING_MARGIN = tunable("SeePruningMargin", 90, 30, 180, 9);
    /** SEE pruning of quiet moves: those losing more than this times lmrDepth² are skipped. */
    static final Tunable SEE_QUIET_MARGIN = tunable("SeeQuietMargin", 20, 5, 60, 3);
    /** Quiescence: a capture that cannot bring the score within this of alpha, even winning its victim, is skipped. */
    static final Tunable DELTA_MARGIN = tunable("DeltaMargin", 200, 80, 400, 20);

    // Reductions and extensions (steps 11 and 13).
    /** Late-move reductions: base + ln(depth)·ln(move number) / divisor, both in hundredths. */
    static final Tunable LMR_BASE = tunable("LmrBase", 75, 0, 150, 10);
    static final Tunable LMR_DIVISOR = tunable("LmrDivisor", 225, 150, 350, 15);
    /**
     * A quiet move's reduction shrinks by one for each this much history in context (butterfly and two continuation
     * scores, each of ±History.MAX), grows for as much less.
     */
    static final Tunable HISTORY_PER_REDUCTION = tunable("HistoryPerReduction", 12_288, 4_096, 24_576, 1_024);
    /** A reduced move that beat the best score by this, plus 2 per ply of its depth, is searched a ply deeper. */
    static final Tunable DEEPER_MARGIN = tunable("DeeperMargin", 40, 10, 100, 5);
    /** One that beat it by less than this is re-searched a ply shallower. */
    static final Tunable SHALLOWER_MARGIN = tunable("ShallowerMargin", 10, 0, 40, 3);
    /** A singular table move whose alternatives fail low by this many centipawns more is extended twice (non-PV). */
    static final Tunable DOUBLE_EXTENSION_MARGIN = tunable("DoubleExtensionMargin", 20, 5, 60, 3);

    // Move ordering and the root window.
    /**
     * The history bonus of a cut-off: this per ply of depth less the offset, at most the largest bonus. The ranges
     * keep the bonus of depth 1 positive: a negative one would teach the opposite of what the cut-off showed.
     */
    static final Tunable HISTORY_BONUS_PER_DEPTH = tunable("HistoryBonusPerDepth", 280, 200, 500, 25);
    static final Tunable HISTORY_BONUS_OFFSET = tunable("HistoryBonusOffset", 150, 0, 190, 20);
    static final Tunable HISTORY_MAX_BONUS = tunable("HistoryMaxBonus", 2_048, 1_024, 4_096, 200);
    /** The aspiration window's first half-width, in centipawns; it grows by half after each failure. */
    static final Tunable ASPIRATION_DELTA = tunable("AspirationDelta", 12, 6, 30, 2);

    private static final List<Tunable> ALL = List.of(REVERSE_FUTILITY_MARGIN, NULL_MOVE_EVAL_DIVISOR, FUTILITY_BASE,
            FUTILITY_PER_DEPTH, FUTILITY_HISTORY_DIVISOR, HISTORY_PRUNING_MARGIN, SEE_PRUNING_MARGIN,
            SEE_QUIET_MARGIN, DELTA_MARGIN, LMR_BASE, LMR_DIVISOR, HISTORY_PER_REDUCTION, DEEPER_MARGIN,
            SHALLOWER_MARGIN, DOUBLE_EXTENSION_MARGIN, HISTORY_BONUS_PER_DEPTH, HISTORY_BONUS_OFFSET,
            HISTORY_MAX_BONUS, ASPIRATION_DELTA);

    /**
     * Late-move reductions by depth and move number, from {@link #LMR_BASE} and {@link #LMR_DIVISOR}. A change makes a
     * new table rather than rewriting this one, so a search that still reads the old one reads a whole table.
     */
    private static int[][] reductions = reductionTable();

    private static Tunable tunable(String name, int defaultValue, int min, int max, int step) {
        return new Tunable(name, defaultValue, min, max, step);
    }

    /** Every tunable constant, in the order of declaration. */
    public static List<Tunable> all() {
        return ALL;
    }

    /**
     * Sets the constant called {@code name} (any case) to {@code value}. Call it between searches, on the thread that
     * hands the searches their work (so that they see the value): a search running meanwhile may see the old value
     * or the new one.
     *
     * @throws IllegalArgumentException for an unknown name or a value outside the constant's range
     */
    public static void set(String name, int value) {
        set(find(name), value);
    }

    /** {@link #set(String, int)} for a constant already in hand. */
    public static void set(Tunable tunable, int value) {
        if (value < tunable.min() || value > tunable.max()) {
            throw new IllegalArgumentException(tunable.name() + " must be from " + tunable.min() + " to "
                    + tunable.max() + ", not " + value);
        }
        tunable.value = value;
        if (tunable == LMR_BASE || tunable == LMR_DIVISOR) {
            reductions = reductionTable();
        }
    }

    /** Puts every constant back to its default. */
    public static void reset() {
        for (Tunable tunable : ALL) {
            set(tunable, tunable.defaultValue());
        }
    }

    private static Tunable find(String name) {
        for (Tunable tunable : ALL) {
            if (tunable.name().equalsIgnoreCase(name.trim())) {
                return tunable;
            }
        }
        throw new IllegalArgumentException("no search parameter " + name);
    }

    /** The late-move reduction of the {@code moveCount}-th move at {@code depth}, before the node's adjustments. */
    static int lateMoveReduction(int depth, int moveCount) {
        return reductions[Math.min(depth, 63)][Math.min(moveCount, 63)];
    }

    private static int[][] reductionTable() {
        double base = LMR_BASE.value / 100.0;
        double divisor = LMR_DIVISOR.value / 100.0;
        int[][] table = new int[64][64];
        for (int depth = 1; depth < 64; depth++) {
            for (int moveNumber = 1; moveNumber < 64; moveNumber++) {
                table[depth][moveNumber] = (int) (base + Math.log(depth) * Math.log(moveNumber) / divisor);
            }
        }
        return table;
    }
}
