package kestrel.engine.search;

import static kestrel.engine.search.SearchParameters.DEEPER_MARGIN;
import static kestrel.engine.search.SearchParameters.DELTA_MARGIN;
import static kestrel.engine.search.SearchParameters.DOUBLE_EXTENSION_MARGIN;
import static kestrel.engine.search.SearchParameters.FUTILITY_BASE;
import static kestrel.engine.search.SearchParameters.FUTILITY_HISTORY_DIVISOR;
import static kestrel.engine.search.SearchParameters.FUTILITY_PER_DEPTH;
import static kestrel.engine.search.SearchParameters.HISTORY_PER_REDUCTION;
import static kestrel.engine.search.SearchParameters.HISTORY_PRUNING_MARGIN;
import static kestrel.engine.search.SearchParameters.NULL_MOVE_EVAL_DIVISOR;
import static kestrel.engine.search.SearchParameters.REVERSE_FUTILITY_MARGIN;
import static kestrel.engine.search.SearchParameters.SEE_PRUNING_MARGIN;
import static kestrel.engine.search.SearchParameters.SEE_QUIET_MARGIN;
import static kestrel.engine.search.SearchParameters.SHALLOWER_MARGIN;

import java.util.SplittableRandom;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.eval.Evaluator;
import kestrel.engine.syzygy.RootMoveRanking;
import kestrel.engine.syzygy.TablebaseProber;
import kestrel.engine.syzygy.Tablebases;
import kestrel.engine.syzygy.Wdl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The search: iterative deepening over a principal-variation alpha-beta search with aspiration windows, a
 * quiescence search of captures and promotions at the leaves, and a transposition table shared with any other
 * searches.
 *
 * <p>A Search owns all its state (its copy of the position, one {@link Frame} per ply with its move picker and
 * principal variation, killers, history), allocated once when it is made, so that searching allocates nothing per
 * node and several searches can run side by side over one table: {@link SearchThreads} runs one per thread (Lazy
 * SMP). One search runs at a time per instance; it is stopped, told of a ponder hit and counted through the
 * {@link SearchControl} it is given. See docs/search.md.
 */
public final class Search {
    private static final Logger LOG = LoggerFactory.getLogger(Search.class);

    private static final int MAX_PLY = Score.MAX_PLY;
    /** The deepest iteration; leaves room below MAX_PLY for extensions and quiescence. */
    private static final int MAX_DEPTH = MAX_PLY - 28;
    private static final int NO_SCORE = -Score.INFINITE;
    /** No current root move is reported in a search's first second, and then at most one per interval. */
    private static final long CURRENT_MOVE_DELAY_NANOS = 1_000_000_000L;
    private static final long CURRENT_MOVE_INTERVAL_NANOS = 500_000_000L;

    /** Quiescence: captures tried beyond these are only recaptures, checks and promotions. */
    private static final int QUIESCENCE_MOVES = 2;
    /** Quiescence in check: quiet evasions tried once an evasion has been found that is not mated. */
    private static final int QUIESCENCE_QUIET_EVASIONS = 2;
    /** The static evaluation shrinks by one part in this many per ply of the fifty-move count (towardsFiftyMoves). */
    private static final int FIFTY_MOVE_PLIES = 200;
    /** Reverse futility: up to this depth, a node whose estimate beats beta by the margin per ply returns it. */
    private static final int REVERSE_FUTILITY_DEPTH = 7;
    /** Null move: from this depth on. */
    private static final int NULL_MOVE_MIN_DEPTH = 3;
    /** From this depth a null-move cut-off is confirmed by a reduced search without null move (zugzwang guard). */
    private static final int NULL_MOVE_VERIFY_DEPTH = 12;
    /** Futility of a quiet move: up to this reduced depth (lmrDepth, the depth less the expected reduction). */
    private static final int FUTILITY_DEPTH = 6;
    /** Late move pruning: up to this depth, quiet moves after the first (3 + depth²) / (2 - improving) are skipped. */
    private static final int LATE_MOVE_PRUNING_DEPTH = 8;
    /** History pruning: up to this depth, a quiet move with a history in context below -margin·depth is skipped. */
    private static final int HISTORY_PRUNING_DEPTH = 3;
    /** SEE pruning of captures: up to this depth (the margin per ply: {@link SearchParameters}). */
    private static final int SEE_PRUNING_DEPTH = 5;
    /** SEE pruning of quiet moves: up to this lmrDepth (the margin: {@link SearchParameters}). */
    private static final int SEE_QUIET_DEPTH = 8;
    private static final int LMR_MIN_DEPTH = 3;
    /** LMR: more reduction of a quiet move at an expected cut node (one whose first move should fail high). */
    private static final int CUT_NODE_REDUCTION = 2;
    /** LMR: more reduction of a quiet move when the table move is a capture or promotion (the threat is noisy). */
    private static final int TABLE_CAPTURE_REDUCTION = 1;
    /** LMR of a capture or promotion the move picker ordered as losing (after the quiet moves). */
    private static final int BAD_CAPTURE_REDUCTION = 1;
    /** A reduced move searched a ply deeper must beat the best score by this per ply, beyond the tuned margin. */
    private static final int DEEPER_MARGIN_PER_DEPTH = 2;
    /** A tablebase result is stored as if searched this much deeper: it is exact, whatever the depth. */
    private static final int TABLEBASE_DEPTH_BONUS = 6;
    /** Singular extension: the least depth at which a table move is tested for being the only good move. */
    private static final int SINGULAR_MIN_DEPTH = 6;
    /** The table result tested must be at most this much shallower than the node. */
    private static final int SINGULAR_TABLE_DEPTH_SLACK = 3;
    /** The other moves must stay this many centipawns per ply of depth below the table score to make it singular. */
    private static final int SINGULAR_MARGIN_PER_DEPTH = 2;
    /** At most this many double extensions along one line from the root. */
    private static final int MAX_DOUBLE_EXTENSIONS = 6;

    private final TranspositionTable table;
    private final SearchListener listener;
    private final History history = new History(MAX_PLY);
    /** What the static evaluation has been found to misjudge, by pawn structure and piece placement (steps 7, 14). */
    private final CorrectionHistory correctionHistory = new CorrectionHistory();
    /** What each node of the current line owns, by ply (see {@link Frame}, also for the nodes searched again). */
    private final Frame[] frames = Frame.line();
    private final RootMoves rootMoves = new RootMoves();
    private final AspirationWindow window = new AspirationWindow();
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];
    /** Draws the move to play under a strength limit. */
    private final SplittableRandom random = new SplittableRandom();

    // State of the current search, touched by the search thread only.
    /** The signals and the node total of the current search, shared with its other threads. */
    private SearchControl control;
    /**
     * Whether the move loop prunes at PV nodes too. Not under a strength limit: its tiny budgets search its candidate
     * lines a ply or two deep, where late move pruning at a PV node could skip the reply that mates, and a limited
     * strength promises never to walk into a mate that another candidate avoids.
     */
    private boolean pruneAtPvNodes;
    /** 0 for the main thread, which reports and keeps the time; 1.. for the helpers of a parallel search. */
    private int threadIndex;
    private boolean helper;
    /** The search's own copy of the position, made once and set anew by each search. */
    private final Position position = Position.startPosition();
    /** The evaluation the latest search was given, and this thread's evaluator made from it. */
    private EvaluationChoice evaluationChoice;
    /**
     * Kept from search to search while the choice stays the same: the handcrafted evaluation's pawn cache holds
     * pawn-only results under full keys, valid in any game, and a network's accumulators are large.
     */
    private Evaluator evaluator;
    /** The evaluations {@link #evaluator} gave lately, by position key; cleared when the evaluator changes. */
    private final EvaluationCache evaluationCache = new EvaluationCache();
    /** Decides when this thread stops (time, nodes, stop, ponder, infinite): the search only asks it. */
    private TimeManager time;
    /**
     * Limits other than this thread's node count, and the control's signals, are looked at every this many nodes (a
     * power of two, minus one; fewer under a short hard limit, {@link TimeManager#checkIntervalMask}); nodes are added
     * to the control's total as often.
     */
    private int checkIntervalMask = 1023;
    /** This thread's prober of the tables it was last given (probers keep scratch, so one per thread). */
    private TablebaseProber prober;
    private Tablebases proberTables;
    /** The most pieces a node probes in this search: 0 when it does not probe (no tables, or ranked at the root). */
    private int tablebasePieces;
    private int tablebaseDepth;
    private boolean tablebaseFiftyMoveRule;
    private long tablebaseHits;
    /** How many of {@link #tablebaseHits} have been added to the control's total. */
    private long flushedTablebaseHits;
    private int rootPly;
    /** The depth of the current iteration: singular extensions and deeper re-searches stop at twice this ply. */
    private int rootDepth;
    private long nodes;
    /** How many of {@link #nodes} have been added to the control's total. */
    private long flushedNodes;
    /**
     * The time manager's node count at which this thread stops at once, copied here for the check at every node
     * (Long.MAX_VALUE for a helper or without a node limit).
     */
    private long nodeLimit;
    private int selectiveDepth;
    private long startNanos;
    /** When the next current root move may be reported. */
    private long nextCurrentMoveNanos;
    /** False during the main thread's first iteration, which always completes so that there is a move to play. */
    private boolean abortAllowed;
    private boolean aborted;

    public Search(TranspositionTable table, SearchListener listener) {
        this.table = table;
        this.listener = listener;
    }

    /** Searches {@code position} with {@code evaluation} on the calling thread alone, stopped only by its limits. */
    public SearchResult run(Position position, SearchLimits limits, EvaluationChoice evaluation) {
        return run(position, limits, new SearchControl(), evaluation);
    }

    /**
     * Searches a copy of {@code position} within {@code limits} on the calling thread alone, as {@link SearchThreads}
     * with one thread does; blocks until done or stopped through {@code control}. Returns Move.NONE as best move only
     * when the position has no legal move. It returns as soon as its search is over, also in infinite or ponder mode
     * (where only {@code stop} ends it, or the last depth): the caller holds the result until it may be announced
     * ({@link SearchControl#awaitRelease}).
     */
    public SearchResult run(Position position, SearchLimits limits, SearchControl control,
                            EvaluationChoice evaluation) {
        table.newSearch();
        return runThread(0, position, limits, control, evaluation);
    }

    /**
     * One thread of a search whose table generation the caller has started: thread 0 is the main thread, the others
     * helpers that skip some depths, report nothing and search until the control says the main thread finished.
     */
    SearchResult runThread(int threadIndex, Position root, SearchLimits limits, SearchControl control,
                           EvaluationChoice evaluation) {
        try {
            return searchThread(threadIndex, root, limits, control, evaluation);
        } catch (InternalError e) {
            // A read of a Syzygy file's mapping past its end, the file cut short under the search: the JVM may throw
            // it after the probe that read, out here. Whatever thread it ends, the cut tables go, so that the next
            // search (the caller answers this one) goes on without them.
            limits.tablebases().tables().putAsideCutFiles();
            throw e;
        }
    }

    private SearchResult searchThread(int threadIndex, Position root, SearchLimits limits, SearchControl control,
                                      EvaluationChoice evaluation) {
        this.control = control;
        if (!evaluation.equals(evaluationChoice)) {
            evaluator = evaluation.newEvaluator();
            evaluationChoice = evaluation;
            evaluationCache.clear();
        }
        this.threadIndex = threadIndex;
        this.helper = threadIndex > 0;
        nodes = 0;
        flushedNodes = 0;
        tablebaseHits = 0;
        flushedTablebaseHits = 0;
        try {
            return iterate(root, limits);
        } finally {
            flushCounts();
        }
    }

    /**
     * The depths a helper thread leaves out, so that the threads spread over several depths instead of all
     * searching the same one: helpers come in a cycle of 20, in groups of 2, 4, 6 and 8 that search {@code k} = 1,
     * 2, 3, 4 depths in turn and skip as many, each helper of a group shifted one depth further (its phase).
     */
    static boolean skipsDepth(int threadIndex, int depth) {
        if (threadIndex == 0) {
            return false;
        }
        int slot = (threadIndex - 1) % 20;
        int group = 1;
        while (slot >= group * (group + 1)) {
            group++;
        }
        int phase = slot - group * (group - 1);
        return (depth + phase) / group % 2 == 1;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Iterative deepening

    private SearchResult iterate(Position start, SearchLimits limits) {
        startNanos = System.nanoTime();
        nextCurrentMoveNanos = startNanos + CURRENT_MOVE_DELAY_NANOS;
        position.copyFrom(start);
        evaluator.startSearch(position);
        rootPly = position.ply();
        for (Frame frame : frames) {
            frame.excludedMove = Move.NONE;
        }
        frames[0].doubleExtensions = 0;
        history.clearKillers();
        aborted = false;
        abortAllowed = false;
        time = new TimeManager(limits, position.sideToMove(), TimeManager.gamePly(position), startNanos, control,
                helper);
        checkIntervalMask = time.checkIntervalMask();
        nodeLimit = time.threadNodeLimit();
        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_DEPTH) : MAX_DEPTH;

        // The root's evaluation, for `improving` two plies down.
        frames[0].staticEval = position.inCheck() ? NO_SCORE : corrected(evaluate());
        setUpTablebases(limits.tablebases());
        setUpRootMoves(limits.searchMoves());
        if (limits.multiPv() == 1) {
            // With several lines asked for (analysis), every move is shown, each scored through the tree's probes.
            filterRootMovesByTablebases();
        }
        if (rootMoves.count() == 0) {
            int score = position.inCheck() ? Score.matedIn(0) : Score.DRAW;
            if (!helper) {
                listener.onIteration(new SearchInfo(0, 0, 1, score, Bound.EXACT, 0, elapsedMillis(),
                        table.hashfull(), new int[0]));
            }
            return new SearchResult(Move.NONE, Move.NONE, score, 0, 0);
        }

        StrengthLimit strength = limits.strength();
        pruneAtPvNodes = strength == null;
        // A limited strength chooses among several lines, so it searches them all.
        int wantedLines = strength != null ? Math.max(limits.multiPv(), strength.candidates()) : limits.multiPv();
        int lines = Math.max(1, Math.min(wantedLines, rootMoves.count()));
        int[] lineScores = new int[lines];
        int completedDepth = 0;
        int reportedBest = Move.NONE;
        for (int depth = 1; depth <= maxDepth; depth++) {
            if (skipsDepth(threadIndex, depth)) {
                continue;
            }
            // A helper may stop at any time: only the main thread's first iteration must complete.
            abortAllowed = helper || depth > 1;
            rootDepth = depth;
            selectiveDepth = 0;
            rootMoves.resetNodes();
            for (int line = 0; line < lines && !aborted; line++) {
                lineScores[line] = aspirationSearch(line, depth, lineScores[line]);
            }
            if (aborted) {
                // A move that beat the previous best in the unfinished iteration is played: show its line. The
                // moves after it were not searched, so its score is only a lower bound of this depth's value.
                if (rootMoves.move(0) != reportedBest) {
                    report(depth, 0, rootMoves.score(0), Bound.LOWER);
                }
                break;
            }
            completedDepth = depth;
            rootMoves.sortLines(lines);
            rootMoves.sortByNodes(lines);
            for (int line = 0; line < lines; line++) {
                lineScores[line] = rootMoves.score(line);
                report(depth, line, rootMoves.score(line), Bound.EXACT);
            }
            reportedBest = rootMoves.move(0);
            if (time.stopAfterIteration(depth, rootMoves, nodes)) {
                break;
            }
        }

        int chosen = strength != null ? strength.choose(lineScores(lines), lines, random) : 0;
        int best = rootMoves.move(chosen);
        // The score is the last completed iteration's: after an unfinished one, rootMoves may hold a bound from it
        // (an aspiration fail-high, or a move that beat alpha before the others were searched).
        SearchResult result = new SearchResult(best, ponderMove(chosen), lineScores[chosen], completedDepth,
                nodes, tablebaseHits);
        LOG.debug("search thread {} done: {} depth {} score {} nodes {} in {} ms", threadIndex, Move.toUci(best),
                completedDepth, result.score(), nodes, elapsedMillis());
        return result;
    }

    /** The scores of the first {@code lines} root moves (in no set order after an unfinished iteration). */
    private int[] lineScores(int lines) {
        int[] scores = new int[lines];
        for (int line = 0; line < lines; line++) {
            scores[line] = rootMoves.score(line);
        }
        return scores;
    }

    /** The root moves in a good first order (table move, captures, ...), restricted to {@code searchMoves}. */
    private void setUpRootMoves(int[] searchMoves) {
        rootMoves.clear();
        long entry = table.probe(position.key());
        MovePicker picker = frames[0].picker;
        picker.init(position, history, entry != 0 ? TranspositionTable.move(entry) : Move.NONE, 0,
                History.context(position, 1), History.context(position, 2));
        for (int move = picker.next(); move != Move.NONE; move = picker.next()) {
            if (searchMoves.length == 0 || contains(searchMoves, move)) {
                rootMoves.add(move);
            }
        }
        if (rootMoves.count() == 0 && searchMoves.length > 0) {
            LOG.warn("none of the searchmoves is legal here; searching all moves");
            setUpRootMoves(new int[0]);
        }
    }

    /** Takes up the tables of this search, with a prober of this thread's own for them. */
    private void setUpTablebases(TablebaseUse use) {
        if (use.tables() != proberTables) {
            proberTables = use.tables();
            prober = proberTables.newProber();
        }
        tablebasePieces = use.pieceLimit();
        tablebaseDepth = use.probeDepth();
        tablebaseFiftyMoveRule = use.fiftyMoveRule();
    }

    /**
     * A root position in the tables: only the root moves that keep its best result (by DTZ, the fifty-move rule
     * counted when it applies) are searched, so a drawn ending is never lost, and of the winning ones only those
     * nearest to zeroing the fifty-move counter (capture, pawn move or mate): so each move makes progress, and a win
     * of DTZ d is over within d plies whatever the defence. The evaluation alone could not tell the winning moves
     * apart in endings such as KBNvK, where it stays flat while the king must be driven to the right corner (in
     * games it shuffled for 30 moves and mated one ply before the rule). The search then chooses among the moves
     * left by its own scores and probes no further: every line from here is in the tables.
     */
    private void filterRootMovesByTablebases() {
        if (tablebasePieces == 0 || rootMoves.count() == 0 || position.castlingRights() != 0
                || Long.bitCount(position.occupied()) > tablebasePieces) {
            return;
        }
        RootMoveRanking ranking = prober.rankRootMoves(position, tablebaseFiftyMoveRule);
        if (ranking == null) {
            return; // a DTZ table is missing: the search probes WDL as usual
        }
        tablebaseHits += ranking.count();
        int best = Integer.MIN_VALUE;
        for (int i = 0; i < ranking.count(); i++) {
            if (rootMoves.contains(ranking.move(i))) {
                best = Math.max(best, ranking.rank(i));
            }
        }
        int nearestWin = Integer.MAX_VALUE;
        for (int i = 0; i < ranking.count(); i++) {
            if (ranking.rank(i) == best && ranking.dtz(i) > 0 && rootMoves.contains(ranking.move(i))) {
                nearestWin = Math.min(nearestWin, ranking.dtz(i));
            }
        }
        for (int i = 0; i < ranking.count(); i++) {
            boolean slowerWin = nearestWin != Integer.MAX_VALUE && ranking.dtz(i) > nearestWin;
            if (ranking.rank(i) < best || slowerWin) {
                rootMoves.remove(ranking.move(i));
            }
        }
        tablebasePieces = 0;
    }

    private static boolean contains(int[] moves, int move) {
        for (int candidate : moves) {
            if (candidate == move) {
                return true;
            }
        }
        return false;
    }

    /**
     * Searches one line of the root at {@code depth} in a window around its previous score, widening it on each
     * failure ({@link AspirationWindow} says how, and at what depth the line is searched again).
     */
    private int aspirationSearch(int line, int depth, int previousScore) {
        window.start(depth, previousScore);
        while (true) {
            int score = searchRoot(line, window.alpha(), window.beta(), window.depth());
            if (aborted) {
                return previousScore;
            }
            if (window.failsLow(score)) {
                report(depth, line, score, Bound.UPPER);
                window.onFailLow(score);
            } else if (window.failsHigh(score)) {
                report(depth, line, score, Bound.LOWER);
                window.onFailHigh(score);
            } else {
                return score;
            }
        }
    }

    /**
     * The root of one line: searches root moves {@code line..} and moves the best to index {@code line} as soon as
     * its search completes (see {@link RootMoves}). Returns the best score (fail-soft).
     */
    private int searchRoot(int line, int alpha, int beta, int depth) {
        int bestScore = NO_SCORE;
        frames[0].pvLength = 0;
        frames[0].threats = MovePicker.opponentAttacks(position);
        for (int index = line; index < rootMoves.count(); index++) {
            int move = rootMoves.move(index);
            long now = System.nanoTime();
            if (!helper && now - nextCurrentMoveNanos >= 0) {
                // One line per root move would flood the GUI once iterations are quick (thousands in a mate search).
                nextCurrentMoveNanos = now + CURRENT_MOVE_INTERVAL_NANOS;
                listener.onCurrentMove(depth, move, index + 1);
            }
            long nodesBefore = nodes;
            frames[1].doubleExtensions = 0;
            position.makeMove(move);
            boolean givesCheck = position.inCheck();
            int score;
            // The root is a PV node: its first move leads to a PV node, the zero-window searches of the others to
            // expected cut nodes (their refutation should come first).
            if (index == line) {
                score = -search(-beta, -alpha, depth - 1, 1, false, true, givesCheck);
            } else {
                score = -search(-alpha - 1, -alpha, depth - 1, 1, true, true, givesCheck);
                if (score > alpha && score < beta && !aborted) {
                    score = -search(-beta, -alpha, depth - 1, 1, false, true, givesCheck);
                }
            }
            position.unmakeMove();
            rootMoves.addNodes(index, nodes - nodesBefore);
            if (aborted) {
                break;
            }
            if (score > bestScore) {
                bestScore = score;
            }
            if (score > alpha) {
                rootMoves.promote(index, line, score, frames[1].pv, 1, frames[1].pvLength);
                if (score >= beta) {
                    break;
                }
                alpha = score;
            }
        }
        return bestScore;
    }

    /**
     * The expected reply to the root move at {@code index}: the second move of its principal variation, else the
     * table's move after it; none when that move ends the game drawn (the fifty-move rule, a threefold repetition, too
     * little material), since then there is nothing to ponder and no move to play.
     */
    private int ponderMove(int index) {
        int best = rootMoves.move(index);
        if (best == Move.NONE) {
            return Move.NONE;
        }
        position.makeMove(best);
        int reply = Move.NONE;
        if (!Evaluation.isDrawnByRule(position)) {
            reply = rootMoves.reply(index);
            if (reply == Move.NONE) {
                reply = legalTableMove();
            }
        }
        position.unmakeMove();
        return reply;
    }

    /** The table's move for the current position if it is legal here (a colliding key can hand over any move). */
    private int legalTableMove() {
        long entry = table.probe(position.key());
        int move = entry != 0 ? TranspositionTable.move(entry) : Move.NONE;
        return move != Move.NONE && MoveGenerator.isLegal(position, move, scratch) ? move : Move.NONE;
    }

    /** One line of progress; helpers say nothing. The nodes are those of all threads. */
    private void report(int depth, int line, int score, Bound bound) {
        if (helper) {
            return;
        }
        long allNodes = nodes - flushedNodes + control.nodes();
        long allTablebaseHits = tablebaseHits - flushedTablebaseHits + control.tablebaseHits();
        // The position is at the root here. A line is shown only as far as the game would go: not past a draw.
        int[] pv = DrawnLine.untilDraw(position, rootMoves.pv(line), scratch);
        listener.onIteration(new SearchInfo(depth, selectiveDepth, line + 1, score, bound, allNodes,
                elapsedMillis(), table.hashfull(), pv, allTablebaseHits));
    }

    private long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000L;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Alpha-beta

    /**
     * {@code cutNode}: whether this node is expected to fail high (a cut node; never a PV node). Following
     * Stockfish: a PV node's first child is a PV node; a non-PV node's first child is expected to be of the other
     * kind ({@code !cutNode}); the zero-window searches of later moves are expected cut nodes, and so is the
     * null move's reply at an all node ({@code !cutNode}); a full-depth re-search after a reduced one that beat
     * alpha is {@code !cutNode}, a PV re-search a PV node. {@code inCheck}: whether the side to move is in check
     * here, which the caller knows from making the move.
     */
    private int search(int alpha, int beta, int depth, int ply, boolean cutNode, boolean nullMoveAllowed,
                       boolean inCheck) {
        // The steps are numbered as docs/search.md ("Alpha-beta") describes them.
        Frame frame = frames[ply];
        frame.pvLength = ply;
        // Step 1. Check extension: never stand pat on a check at the horizon.
        if (inCheck) {
            depth++;
        }
        // Step 2. Quiescence.
        if (depth <= 0) {
            return quiescence(alpha, beta, ply);
        }
        if (countNode()) {
            return 0;
        }
        if (ply > selectiveDepth) {
            selectiveDepth = ply;
        }

        // Step 3. Draws: repetition, insufficient material, fifty moves (unless this very position is mate).
        if (position.isRepetition(rootPly) || Evaluation.isInsufficientMaterial(position)) {
            return Score.DRAW;
        }
        if (fiftyMoveDraw(inCheck)) {
            return Score.DRAW;
        }
        if (ply >= MAX_PLY - 1) {
            return inCheck ? Score.DRAW : evaluate();
        }
        // Step 4. Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = Math.max(alpha, Score.matedIn(ply));
        beta = Math.min(beta, Score.mateIn(ply + 1));
        if (alpha >= beta) {
            return alpha;
        }

        // Step 5. Transposition table. Not in a singular search (a node with an excluded move): the table holds the
        // node's result with that move, which is not what is asked here.
        boolean pvNode = beta - alpha > 1;
        assert !(pvNode && cutNode);
        int excludedMove = frame.excludedMove;
        boolean excluding = excludedMove != Move.NONE;
        long key = position.key();
        long entry = table.probe(key);
        int tableMove = Move.NONE;
        int tableScore = NO_SCORE;
        int tableBound = TranspositionTable.BOUND_NONE;
        if (entry != 0) {
            tableMove = TranspositionTable.move(entry);
            tableScore = TranspositionTable.score(entry, ply);
            tableBound = TranspositionTable.bound(entry);
            if (!pvNode && !excluding && TranspositionTable.depth(entry) >= depth
                    && cutsOff(tableScore, tableBound, alpha, beta)) {
                return tableScore;
            }
        }

        // Step 6. Endgame tables: right after a capture or pawn move (the tables know nothing of the moves before),
        // a win, draw or loss they prove ends the node when it settles the window; else it bounds what the moves find.
        // Not in a singular search: the node it searches again has probed already.
        int tablebaseFloor = -Score.INFINITE;
        int tablebaseCeiling = Score.INFINITE;
        if (tablebasePieces != 0 && !excluding && position.halfmoveClock() == 0 && depth >= tablebaseDepth
                && position.castlingRights() == 0 && Long.bitCount(position.occupied()) <= tablebasePieces) {
            int wdl = prober.probeWdl(position);
            if (wdl != Wdl.FAILED) {
                tablebaseHits++;
                // Under the fifty-move rule a cursed win or blessed loss is nearly a draw; without it, a win or loss.
                int drawn = tablebaseFiftyMoveRule ? 1 : 0;
                int score = wdl < -drawn ? Score.tablebaseLossIn(ply) : wdl > drawn ? Score.tablebaseWinIn(ply)
                        : Score.DRAW + 2 * wdl * drawn;
                int bound = wdl < -drawn ? TranspositionTable.BOUND_UPPER
                        : wdl > drawn ? TranspositionTable.BOUND_LOWER : TranspositionTable.BOUND_EXACT;
                if (cutsOff(score, bound, alpha, beta)) {
                    table.store(key, Move.NONE, score, Math.min(depth + TABLEBASE_DEPTH_BONUS, MAX_PLY), bound,
                            ply);
                    return score;
                }
                if (bound == TranspositionTable.BOUND_LOWER) {
                    tablebaseFloor = score;
                } else {
                    tablebaseCeiling = score;
                }
            }
        }

        // Step 7. Static evaluation, corrected by what the search has learnt it misjudges in this pawn structure and
        // piece placement (step 14); a table score bounded on the right side is a better estimate still.
        int rawEval = NO_SCORE;
        int staticEval = NO_SCORE;
        int estimate = NO_SCORE;
        if (excluding) {
            // The node searched without its table move, the same position, has just evaluated it (corrected) in
            // this frame; its table score includes the excluded move, so it is no estimate here.
            staticEval = frame.staticEval;
            estimate = staticEval;
        } else if (!inCheck) {
            rawEval = evaluateWithMatingMaterial();
            staticEval = corrected(rawEval);
            estimate = estimate(staticEval, tableScore, tableBound);
        }
        frame.staticEval = staticEval;
        boolean improving = isImproving(frames, ply, staticEval);
        int us = position.sideToMove();
        int them = us ^ 1;
        int previousMove = position.lastMove();
        // The opponent's last move was quiet: what it did to the static evaluation (the sum of the two sides'
        // evaluations, each from its own side) says whether it is worth trying early, before any search below it.
        boolean previousQuiet = ply >= 1 && previousMove != Move.NONE && !Move.isPromotion(previousMove)
                && position.lastCaptured() == Piece.NONE;
        if (previousQuiet && !excluding && staticEval != NO_SCORE && frames[ply - 1].staticEval != NO_SCORE) {
            history.onEvaluationSwing(them, previousMove, -(frames[ply - 1].staticEval + staticEval),
                    frames[ply - 1].threats);
        }

        if (!pvNode && !inCheck && Math.abs(beta) < Score.MATE_BOUND) {
            // Step 8. Reverse futility: so far above beta that a quiet move of ours is unlikely to be refuted.
            if (depth <= REVERSE_FUTILITY_DEPTH && estimate < Score.MATE_BOUND
                    && estimate - REVERSE_FUTILITY_MARGIN.value * (improving ? depth - 1 : depth) >= beta) {
                return estimate;
            }
            // Step 9. Null move: if passing still fails high, a real move will too. Not with only pawns (zugzwang).
            if (nullMoveAllowed && !excluding && depth >= NULL_MOVE_MIN_DEPTH && estimate >= beta
                    && staticEval >= beta && position.hasNonPawnMaterial(us)) {
                int reduction = 3 + depth / 4 + Math.min(3, (estimate - beta) / NULL_MOVE_EVAL_DIVISOR.value);
                frames[ply + 1].doubleExtensions = frame.doubleExtensions;
                position.makeNullMove();
                // No check after a pass: the other side's king stands as before, and the side not to move is never
                // in check.
                int score = -search(-beta, -beta + 1, depth - 1 - reduction, ply + 1, !cutNode, false, false);
                position.unmakeNullMove();
                if (aborted) {
                    return 0;
                }
                if (score >= beta) {
                    if (score >= Score.MATE_BOUND) {
                        score = beta; // a mate found by passing is no proof
                    }
                    if (depth < NULL_MOVE_VERIFY_DEPTH) {
                        return score;
                    }
                    // The same node again, in this frame (its picker is not started yet), without null move.
                    int verified = search(beta - 1, beta, depth - 1 - reduction, ply, false, false, false);
                    if (aborted) {
                        return 0;
                    }
                    if (verified >= beta) {
                        return score;
                    }
                }
            }
        }

        // Step 10. Internal iterative reduction: without a table move the ordering is poor, search shallower first.
        if (tableMove == Move.NONE && depth >= 4) {
            depth--;
        }

        // Step 11. Singular extension: when the table move is the only good one (the others, searched shallower
        // without it, fail low against a bound below its table score), it is extended, unless the node is in check
        // (step 1 has extended it already: both together would let a line of checks and evasions go on without
        // losing depth); when even without it the node fails high, the node is cut (multi-cut); when the table move
        // is likely to fail high anyway, it is searched a ply shallower.
        int tableMoveExtension = 0;
        if (!excluding && tableMove != Move.NONE && depth >= SINGULAR_MIN_DEPTH && ply < 2 * rootDepth
                && (tableBound & TranspositionTable.BOUND_LOWER) != 0
                && TranspositionTable.depth(entry) >= depth - SINGULAR_TABLE_DEPTH_SLACK
                && !Score.isDecisive(tableScore)) {
            int singularBeta = tableScore - SINGULAR_MARGIN_PER_DEPTH * depth;
            int score = singularSearch(tableMove, singularBeta, depth, ply, cutNode, inCheck);
            if (aborted) {
                return 0;
            }
            if (score < singularBeta) {
                if (!inCheck) {
                    boolean far = !pvNode && score < singularBeta - DOUBLE_EXTENSION_MARGIN.value
                            && frame.doubleExtensions < MAX_DOUBLE_EXTENSIONS;
                    tableMoveExtension = far ? 2 : 1;
                }
            } else if (singularBeta >= beta) {
                return singularBeta;
            } else if (tableScore >= beta) {
                tableMoveExtension = -1;
            }
        }

        // Step 12. The moves, best first, with late move, history, futility and SEE pruning, and reductions.
        int context1 = History.context(position, 1);
        int context2 = History.context(position, 2);
        MovePicker picker = frame.picker;
        picker.init(position, history, tableMove, ply, context1, context2);
        history.clearKillers(ply + 1);
        // A noisy table move: the best known reply here wins material, so the quiet moves are less likely to matter.
        boolean tableMoveNoisy = tableMove != Move.NONE && isNoisy(tableMove);
        // This node is or was on a principal variation: only a PV node stores an exact bound (or a tablebase draw).
        boolean tablePv = pvNode || tableBound == TranspositionTable.BOUND_EXACT;
        int[] tried = frame.triedQuiets;
        int triedCount = 0;
        int[] capturesTried = frame.triedCaptures;
        int capturesTriedCount = 0;
        int originalAlpha = alpha;
        int bestScore = NO_SCORE;
        int bestMove = Move.NONE;
        boolean bestMoveQuiet = false;
        int moveCount = 0;
        int move;
        // One call site of next(), so that the compiled search inlines the picker once.
        while ((move = picker.next()) != Move.NONE) {
            if (move == excludedMove) {
                continue;
            }
            int captured = StaticExchange.capturedType(position, move);
            boolean quiet = !Move.isPromotion(move) && captured == Piece.NONE;
            moveCount++;
            // At PV nodes too, as Stockfish prunes (a PV node's late quiet moves are no likelier to matter), except
            // under a strength limit (pruneAtPvNodes).
            boolean prunable = (pruneAtPvNodes || !pvNode) && !inCheck && bestScore > -Score.MATE_BOUND;
            // Late move pruning: enough quiet moves have been tried here. First, since it needs nothing looked up:
            // past the limit, every quiet move of the node ends here, so the picker drops the others at once (the
            // move count, which they would have raised, matters after this only for quiet moves).
            if (prunable && quiet && depth <= LATE_MOVE_PRUNING_DEPTH && moveCount > lateMoveLimit(depth, improving)) {
                picker.skipQuiets();
                continue;
            }
            int pieceTo = History.pieceTo(position, move);
            boolean refutation = quiet && (move == history.firstKiller(ply) || move == history.secondKiller(ply)
                    || move == history.counter(previousMove));
            // The threat context, found by the picker once the node reaches a quiet move; the child after a quiet
            // move reads it from this frame.
            long threats = 0;
            if (quiet) {
                threats = picker.threats();
                frame.threats = threats;
            }
            int quietHistory = quiet ? history.quietScore(us, move, pieceTo, context1, context2, threats) : 0;
            if (prunable && quiet) {
                // History pruning: a quiet move that keeps failing in this context, near the leaves.
                if (depth <= HISTORY_PRUNING_DEPTH && !refutation
                        && quietHistory < -HISTORY_PRUNING_MARGIN.value * depth) {
                    continue;
                }
                // The depth the move would be searched to once reduced, for futility and SEE.
                int lmrDepth = Math.max(0, depth - 1 - baseReduction(depth, moveCount));
                // Futility: a quiet move that cannot lift a hopeless static evaluation to alpha; SEE: one that puts
                // material en prise. Neither for a check, which the position tells without making the move.
                boolean futile = lmrDepth <= FUTILITY_DEPTH && staticEval + FUTILITY_BASE.value
                        + FUTILITY_PER_DEPTH.value * lmrDepth
                        + quietHistory / FUTILITY_HISTORY_DIVISOR.value <= alpha;
                boolean losing = !futile && depth <= SEE_QUIET_DEPTH
                        && !StaticExchange.atLeast(position, move, -SEE_QUIET_MARGIN.value * lmrDepth * lmrDepth);
                if ((futile || losing) && !position.givesCheck(move)) {
                    continue;
                }
            } else if (prunable && depth <= SEE_PRUNING_DEPTH
                    && !StaticExchange.atLeast(position, move, -SEE_PRUNING_MARGIN.value * depth)) {
                // SEE pruning: a capture that loses too much material.
                continue;
            }
            int extension = move == tableMove ? tableMoveExtension : 0;
            frames[ply + 1].doubleExtensions = frame.doubleExtensions + (extension == 2 ? 1 : 0);
            position.makeMove(move);
            boolean givesCheck = position.inCheck();
            int newDepth = depth - 1 + extension;
            int score;
            if (moveCount == 1) {
                // A non-PV node's first child is expected to be of the other kind; a PV node's is a PV node.
                score = -search(-beta, -alpha, newDepth, ply + 1, !pvNode && !cutNode, true, givesCheck);
            } else {
                int reduction = 0;
                if (depth >= LMR_MIN_DEPTH && !inCheck && moveCount > (pvNode ? 3 : 2)) {
                    if (quiet) {
                        reduction = baseReduction(depth, moveCount);
                        if (tablePv) {
                            reduction--;
                        }
                        if (cutNode) {
                            reduction += CUT_NODE_REDUCTION;
                        }
                        if (tableMoveNoisy) {
                            reduction += TABLE_CAPTURE_REDUCTION;
                        }
                        if (!improving) {
                            reduction++;
                        }
                        if (givesCheck) {
                            reduction--;
                        }
                        if (refutation) {
                            reduction--;
                        }
                        reduction -= quietHistory / HISTORY_PER_REDUCTION.value;
                    } else if (!givesCheck && picker.lastOrderedAsLosing()) {
                        reduction = BAD_CAPTURE_REDUCTION;
                    }
                    reduction = Math.max(0, Math.min(reduction, newDepth - 1));
                }
                // Later moves are searched with a zero window as expected cut nodes; one that beats alpha reduced is
                // searched again at full depth as the other kind, and one inside a PV window again as a PV node.
                // The re-search goes a ply deeper when the reduced one beat the best score by far, a ply shallower
                // when only just (the reduced result is then nearly trusted).
                int reducedDepth = newDepth - reduction;
                score = -search(-alpha - 1, -alpha, reducedDepth, ply + 1, true, true, givesCheck);
                if (score > alpha && reduction > 0 && !aborted) {
                    // Deeper only near the root, as the singular extension: with the check extension a line of
                    // checks could otherwise keep its depth ply after ply and the search would never end.
                    if (ply < 2 * rootDepth
                            && score > bestScore + DEEPER_MARGIN.value + DEEPER_MARGIN_PER_DEPTH * newDepth) {
                        newDepth++;
                    } else if (score < bestScore + SHALLOWER_MARGIN.value) {
                        newDepth--;
                    }
                    if (newDepth > reducedDepth) {
                        score = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode, true, givesCheck);
                    }
                }
                if (score > alpha && score < beta && !aborted) {
                    score = -search(-beta, -alpha, newDepth, ply + 1, false, true, givesCheck);
                }
            }
            position.unmakeMove();
            if (aborted) {
                return 0;
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    bestMove = move;
                    bestMoveQuiet = quiet;
                    if (pvNode) {
                        updatePv(ply, move);
                    }
                    if (score >= beta) {
                        // Step 13. History: what refuted this node is tried early next time.
                        if (quiet) {
                            history.onQuietCutoff(us, move, ply, depth, previousMove, tried, triedCount, position,
                                    context1, context2, threats);
                        } else if (captured != Piece.NONE) {
                            history.onCaptureCutoff(History.captureIndex(pieceTo, captured), depth, capturesTried,
                                    capturesTriedCount);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if (quiet) {
                tried[triedCount++] = move;
            } else if (captured != Piece.NONE) {
                capturesTried[capturesTriedCount++] = History.captureIndex(pieceTo, captured);
            }
        }
        if (moveCount == 0) {
            // In a singular search, the excluded move was the only one: nothing else reaches the bound.
            return excluding ? alpha : inCheck ? Score.matedIn(ply) : Score.DRAW;
        }
        if (excluding) {
            return bestScore; // the node without its table move: not the node's result, not stored
        }
        // Step 13, at a fail low: nothing here reached alpha, so the opponent's quiet move into this node refuted the
        // node above, as a cut-off there would have taught (its contexts are the two moves before it).
        if (bestMove == Move.NONE && previousQuiet) {
            history.onPriorQuietRefutation(them, previousMove, context1, depth, History.context(position, 2),
                    History.context(position, 3), frames[ply - 1].threats);
        }
        // Step 14. Correction history: the evaluation's error, search score less raw evaluation, is learnt from a
        // result that proves the corrected evaluation wrong: a fail high above it, a fail low (no best move) below it,
        // or an exact score. Not in check (no evaluation), not when a capture or promotion is the best move (a
        // tactic, not a misjudged position), not from a decisive score or one the endgame tables overrule.
        if (!inCheck && (bestMove == Move.NONE || bestMoveQuiet) && !Score.isDecisive(bestScore)
                && bestScore >= tablebaseFloor && bestScore <= tablebaseCeiling
                && !(bestScore >= beta && bestScore <= staticEval)
                && !(bestMove == Move.NONE && bestScore >= staticEval)) {
            correctionHistory.update(position, bestScore - rawEval, depth);
        }
        // Step 15. Store the result.
        // What the tables proved and the moves did not reach: a win is at least a win, a loss at most a loss.
        if (bestScore < tablebaseFloor) {
            table.store(key, bestMove, tablebaseFloor, depth, TranspositionTable.BOUND_LOWER, ply);
            return tablebaseFloor;
        }
        if (bestScore > tablebaseCeiling) {
            table.store(key, bestMove, tablebaseCeiling, depth, TranspositionTable.BOUND_UPPER, ply);
            return tablebaseCeiling;
        }
        return stored(key, bestMove, bestScore, originalAlpha, beta, depth, ply);
    }

    /**
     * Step 11's test of the table move: the node at {@code ply} searched again, in its own frame, without
     * {@code tableMove}, at depth (depth − 1)/2 in the null window just below {@code singularBeta}; a cut node when
     * the node is one, without null move. Returns that search's score (fail-soft; 0 when aborted).
     */
    private int singularSearch(int tableMove, int singularBeta, int depth, int ply, boolean cutNode, boolean inCheck) {
        // The node's check extension (step 1) is in depth already: the search again would count the check twice.
        int singularDepth = (depth - 1) / 2 - (inCheck ? 1 : 0);
        Frame frame = frames[ply];
        frame.excludedMove = tableMove;
        int score = search(singularBeta - 1, singularBeta, singularDepth, ply, cutNode, false, inCheck);
        frame.excludedMove = Move.NONE;
        return score;
    }

    /**
     * Captures and promotions until the position is quiet; every evasion when in check. Draws are looked for only
     * where the move that led here can have made one, so that the line ends there.
     */
    private int quiescence(int alpha, int beta, int ply) {
        Frame frame = frames[ply];
        frame.pvLength = ply;
        if (countNode()) {
            return 0;
        }
        if (ply > selectiveDepth) {
            selectiveDepth = ply;
        }
        boolean inCheck = position.inCheck();
        // Draws, where the move that led here can have made one: a reversible move (the one into the first
        // quiescence node, a quiet check evasion) a repetition or the fifty-move limit (unless this position is
        // mate); a move that resets the clock, a capture or promotion, too little material to mate.
        if (position.halfmoveClock() == 0) {
            if (Evaluation.isInsufficientMaterial(position)) {
                return Score.DRAW;
            }
        } else if (position.isRepetition(rootPly) || fiftyMoveDraw(inCheck)) {
            return Score.DRAW;
        }
        if (ply >= MAX_PLY - 1) {
            return inCheck ? Score.DRAW : evaluate();
        }

        boolean pvNode = beta - alpha > 1;
        long key = position.key();
        long entry = table.probe(key);
        int tableMove = Move.NONE;
        int tableScore = NO_SCORE;
        int tableBound = TranspositionTable.BOUND_NONE;
        if (entry != 0) {
            tableMove = TranspositionTable.move(entry);
            tableScore = TranspositionTable.score(entry, ply);
            tableBound = TranspositionTable.bound(entry);
            if (!pvNode && cutsOff(tableScore, tableBound, alpha, beta)) {
                return tableScore;
            }
        }

        int standPat = NO_SCORE;
        int bestScore = NO_SCORE;
        if (!inCheck) {
            // Corrected as in the main search: the stand pat is the score of most leaves, and its error is the one
            // the correction learnt.
            standPat = corrected(evaluate());
            // The table's score, where its bound says the true score lies beyond the evaluation, is the better
            // estimate to stand on (as step 7's estimate in the main search); delta pruning keeps the evaluation.
            // Without an entry the score is NO_SCORE, which counts as decisive: the evaluation stands.
            int estimate = Score.isDecisive(tableScore) ? standPat : estimate(standPat, tableScore, tableBound);
            if (estimate >= beta) {
                return estimate;
            }
            alpha = Math.max(alpha, estimate);
            bestScore = estimate;
        }

        MovePicker picker = frame.picker;
        picker.initQuiescence(position, history, tableMove, inCheck);
        int originalAlpha = alpha;
        int bestMove = Move.NONE;
        int moveCount = 0;
        int quietEvasions = 0;
        int previousTo = position.lastMove() == Move.NONE ? -1 : Move.to(position.lastMove());
        int move;
        // One call site of next(), so that the compiled search inlines the picker once.
        while ((move = picker.next()) != Move.NONE) {
            moveCount++;
            if (inCheck) {
                // Once an evasion has been found that is not mated, two quiet ones are enough: the picker hands out
                // captures first and quiet evasions by history, and the later ones rarely matter (after Stockfish).
                boolean quiet = !isNoisy(move);
                if (quiet && bestScore > -Score.MATE_BOUND && quietEvasions >= QUIESCENCE_QUIET_EVASIONS) {
                    break;
                }
                quietEvasions += quiet ? 1 : 0;
            } else {
                // The picker has sorted the captures by static exchange already: once it hands out a losing
                // capture, only losing captures and under-promotions are left, and quiescence plays none of them.
                if (picker.lastOrderedAsLosing()) {
                    break;
                }
                if (Move.isPromotion(move) && Move.promotionType(move) != Piece.QUEEN) {
                    continue;
                }
                int captured = StaticExchange.capturedType(position, move);
                // Delta pruning: even winning the piece for nothing would leave us below alpha.
                if (!Move.isPromotion(move)
                        && standPat + StaticExchange.value(captured) + DELTA_MARGIN.value <= alpha) {
                    continue;
                }
                // Past the first QUIESCENCE_MOVES captures, only a recapture, a check or a promotion is tried: the
                // best captures come first, and the rest rarely change a quiet score (Stockfish's move-count
                // pruning in quiescence). After the cheap skips above, so that the check test is not paid for a
                // move they drop anyway.
                if (moveCount > QUIESCENCE_MOVES && Move.to(move) != previousTo && !Move.isPromotion(move)
                        && !position.givesCheck(move)) {
                    continue;
                }
                // Only the table move comes unsorted.
                if (picker.lastWasTableMove() && !StaticExchange.atLeast(position, move, 0)) {
                    continue;
                }
            }
            position.makeMove(move);
            int score = -quiescence(-beta, -alpha, ply + 1);
            position.unmakeMove();
            if (aborted) {
                return 0;
            }
            if (score > bestScore) {
                bestScore = score;
                if (score > alpha) {
                    bestMove = move;
                    if (pvNode) {
                        updatePv(ply, move);
                    }
                    if (score >= beta) {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if (inCheck && moveCount == 0) {
            return Score.matedIn(ply);
        }
        return stored(key, bestMove, bestScore, originalAlpha, beta, 0, ply);
    }

    /**
     * The ending the main search and quiescence share: stores a node's result with its bound (lower on a fail high,
     * exact when it raised alpha, upper otherwise) and returns it.
     */
    private int stored(long key, int bestMove, int bestScore, int originalAlpha, int beta, int depth, int ply) {
        int bound = bestScore >= beta ? TranspositionTable.BOUND_LOWER
                : bestScore > originalAlpha ? TranspositionTable.BOUND_EXACT : TranspositionTable.BOUND_UPPER;
        table.store(key, bestMove, bestScore, depth, bound, ply);
        return bestScore;
    }

    private static boolean cutsOff(int score, int bound, int alpha, int beta) {
        return bound == TranspositionTable.BOUND_EXACT
                || bound == TranspositionTable.BOUND_LOWER && score >= beta
                || bound == TranspositionTable.BOUND_UPPER && score <= alpha;
    }

    /**
     * Whether the static evaluation at {@code ply} is better than at our previous move (two plies up), or, when we
     * were in check there and so have no evaluation, at the one before (four up); false in check or when neither
     * exists. Pruning is bolder where the position improves.
     */
    static boolean isImproving(Frame[] frames, int ply, int staticEval) {
        if (staticEval == NO_SCORE) {
            return false;
        }
        if (ply >= 2 && frames[ply - 2].staticEval != NO_SCORE) {
            return staticEval > frames[ply - 2].staticEval;
        }
        return ply >= 4 && frames[ply - 4].staticEval != NO_SCORE && staticEval > frames[ply - 4].staticEval;
    }

    /** Whether {@code move} captures or promotes in the current position. */
    private boolean isNoisy(int move) {
        return Move.isPromotion(move) || StaticExchange.capturedType(position, move) != Piece.NONE;
    }

    /**
     * The better of a static evaluation and a table score: the table's where its bound says the true score lies
     * beyond the evaluation (exact, a lower bound above it, an upper bound below it), else the evaluation.
     */
    private static int estimate(int staticEval, int tableScore, int tableBound) {
        return tableBound == TranspositionTable.BOUND_EXACT
                || tableBound == TranspositionTable.BOUND_LOWER && tableScore > staticEval
                || tableBound == TranspositionTable.BOUND_UPPER && tableScore < staticEval ? tableScore : staticEval;
    }

    /** The late-move reduction of the {@code moveCount}-th move at {@code depth}, before the node's adjustments. */
    private static int baseReduction(int depth, int moveCount) {
        return SearchParameters.lateMoveReduction(depth, moveCount);
    }

    /** How many moves a node tries before late move pruning skips its quiet moves: fewer when not improving. */
    private static int lateMoveLimit(int depth, boolean improving) {
        return (3 + depth * depth) / (improving ? 1 : 2);
    }

    /** The principal variation at {@code ply}: {@code move}, then its child's. */
    private void updatePv(int ply, int move) {
        Frame frame = frames[ply];
        Frame child = frames[ply + 1];
        frame.pv[ply] = move;
        System.arraycopy(child.pv, ply + 1, frame.pv, ply + 1, child.pvLength - (ply + 1));
        frame.pvLength = Math.max(child.pvLength, ply + 1);
    }

    /**
     * Forgets the move-ordering history and the evaluation's correction history learnt in earlier searches, for a new
     * game. Not during a search: called by the thread that runs them.
     */
    public void clearHistory() {
        history.clear();
        correctionHistory.clear();
    }

    /** What this search has learnt of the static evaluation's errors. For tests. */
    CorrectionHistory correctionHistory() {
        return correctionHistory;
    }

    /** The evaluation the latest search was given. For tests. */
    EvaluationChoice evaluatedWith() {
        return evaluationChoice;
    }

    /** The evaluator the latest search used. For tests. */
    Evaluator evaluator() {
        return evaluator;
    }

    /** Whether the latest search this one took part in was the one under {@code control}. For tests. */
    boolean searchedUnder(SearchControl control) {
        return this.control == control;
    }

    /** The evaluation at a node that has already been found to have mating material (see search()). */
    private int evaluateWithMatingMaterial() {
        return towardsFiftyMoves(cachedEvaluation(true));
    }

    private int evaluate() {
        return towardsFiftyMoves(cachedEvaluation(false));
    }

    /**
     * An evaluation shrunk towards a draw as the fifty-move count grows, by a {@value #FIFTY_MOVE_PLIES}th a ply (a
     * quarter at 50 plies, nearly half at 90): an advantage that is not turned into a capture or pawn move is worth
     * less the nearer the rule, so the search prefers the moves that make progress (after Stockfish). Applied after
     * the evaluation cache, whose key does not hold the count.
     */
    private int towardsFiftyMoves(int evaluation) {
        return evaluation * (FIFTY_MOVE_PLIES - position.halfmoveClock()) / FIFTY_MOVE_PLIES;
    }

    /**
     * The node's raw evaluation, from the cache when the position has been evaluated lately. Both kinds of evaluation
     * share the cache: they differ only where mating material is missing, and there the search never asks for the
     * one that assumes it.
     */
    private int cachedEvaluation(boolean matingMaterialKnown) {
        long key = position.key();
        int cached = evaluationCache.probe(key);
        if (cached != EvaluationCache.MISS) {
            return cached;
        }
        int evaluation = belowMates(matingMaterialKnown ? evaluator.evaluateWithMatingMaterial(position)
                : evaluator.evaluate(position));
        evaluationCache.store(key, evaluation);
        return evaluation;
    }

    /** A raw static evaluation plus the correction learnt for this pawn structure, piece placement and side to move. */
    private int corrected(int rawEval) {
        return belowMates(rawEval + correctionHistory.correction(position));
    }

    /** A static score never reaches the tablebase and mate ranges, whatever the evaluation says. */
    private static int belowMates(int score) {
        return Math.max(-Score.TABLEBASE_WIN_BOUND + 1, Math.min(Score.TABLEBASE_WIN_BOUND - 1, score));
    }

    /** Adds this thread's nodes and tablebase hits not yet counted to the control's totals; returns the node total. */
    private long flushCounts() {
        control.addTablebaseHits(tablebaseHits - flushedTablebaseHits);
        flushedTablebaseHits = tablebaseHits;
        long total = control.addNodes(nodes - flushedNodes);
        flushedNodes = nodes;
        return total;
    }

    /** The fifty-move rule ends the game here: the hundredth reversible half-move, unless this position is mate. */
    private boolean fiftyMoveDraw(boolean inCheck) {
        return position.halfmoveClock() >= 100 && !(inCheck && MoveGenerator.legalMoves(position, scratch, 0) == 0);
    }

    /** Counts a node and tells whether the search must unwind now. */
    private boolean countNode() {
        if (aborted) {
            return true;
        }
        nodes++;
        if (!abortAllowed) {
            return false;
        }
        if (nodes >= nodeLimit) {
            aborted = true;
        } else if ((nodes & checkIntervalMask) == 0) {
            aborted = checkSignals();
        }
        return aborted;
    }

    /** Every 64 to 1024 nodes: adds this thread's nodes to the total and asks the time manager whether to unwind. */
    private boolean checkSignals() {
        boolean stop = time.mustStop(nodes, flushCounts());
        nodeLimit = time.threadNodeLimit();
        return stop;
    }
}
