package kestrel.engine.search;

import java.util.Arrays;

/**
 * The limits of one search, as UCI's {@code go} gives them, plus the options that shape it. Times are in
 * milliseconds; a value of 0 (or -1 for clocks) means "not given". Built fluently:
 * {@code new SearchLimits().depth(8).multiPv(2)}.
 */
public final class SearchLimits {
    /** Milliseconds kept back from each move for the GUI's and the pipe's delay, unless told otherwise. */
    public static final int DEFAULT_MOVE_OVERHEAD = 50;

    private long whiteTime = -1;
    private long blackTime = -1;
    private long whiteIncrement;
    private long blackIncrement;
    private int movesToGo;
    private int depth;
    private long nodes;
    private int mate;
    private long moveTime;
    private boolean infinite;
    private boolean ponder;
    private int[] searchMoves = new int[0];
    private int multiPv = 1;
    private long moveOverhead = DEFAULT_MOVE_OVERHEAD;
    private long nodesPerMilli;
    private long realTime = -1;
    private StrengthLimit strength;
    private TablebaseUse tablebases = TablebaseUse.NONE;

    public SearchLimits whiteTime(long millis) {
        whiteTime = millis;
        return this;
    }

    public SearchLimits blackTime(long millis) {
        blackTime = millis;
        return this;
    }

    public SearchLimits whiteIncrement(long millis) {
        whiteIncrement = millis;
        return this;
    }

    public SearchLimits blackIncrement(long millis) {
        blackIncrement = millis;
        return this;
    }

    public SearchLimits movesToGo(int moves) {
        movesToGo = moves;
        return this;
    }

    public SearchLimits depth(int plies) {
        depth = plies;
        return this;
    }

    public SearchLimits nodes(long count) {
        nodes = count;
        return this;
    }

    public SearchLimits mate(int moves) {
        mate = moves;
        return this;
    }

    public SearchLimits moveTime(long millis) {
        moveTime = millis;
        return this;
    }

    public SearchLimits infinite(boolean value) {
        infinite = value;
        return this;
    }

    public SearchLimits ponder(boolean value) {
        ponder = value;
        return this;
    }

    /** Restricts the root to these moves (UCI {@code searchmoves}); empty means all moves. */
    public SearchLimits searchMoves(int[] moves) {
        searchMoves = moves.clone();
        return this;
    }

    public SearchLimits multiPv(int lines) {
        multiPv = lines;
        return this;
    }

    public SearchLimits moveOverhead(long millis) {
        moveOverhead = millis;
        return this;
    }

    /**
     * Counts the time limits in nodes, {@code count} a millisecond (UCI's NodesTime; 0, the default, for the real
     * clock): a search then stops at the same node whatever the machine's load ({@link NodeClock}).
     */
    public SearchLimits nodesPerMilli(long count) {
        nodesPerMilli = count;
        return this;
    }

    /**
     * With {@link #nodesPerMilli}: the side to move's time on the GUI's real clock ({@link NodeClock} has put its
     * node clock in its place), or -1 when none was given.
     */
    public SearchLimits realTime(long millis) {
        realTime = millis;
        return this;
    }

    /** Probes these endgame tables (the Syzygy options); {@link TablebaseUse#NONE} by default. */
    public SearchLimits tablebases(TablebaseUse use) {
        tablebases = use;
        return this;
    }

    public TablebaseUse tablebases() {
        return tablebases;
    }

    /** Plays below full strength (UCI_LimitStrength); null for full strength. */
    public SearchLimits strength(StrengthLimit limit) {
        this.strength = limit;
        return this;
    }

    public long whiteTime() {
        return whiteTime;
    }

    public long blackTime() {
        return blackTime;
    }

    public long whiteIncrement() {
        return whiteIncrement;
    }

    public long blackIncrement() {
        return blackIncrement;
    }

    public int movesToGo() {
        return movesToGo;
    }

    public int depth() {
        return depth;
    }

    public long nodes() {
        return nodes;
    }

    public int mate() {
        return mate;
    }

    public long moveTime() {
        return moveTime;
    }

    public boolean infinite() {
        return infinite;
    }

    public boolean ponder() {
        return ponder;
    }

    public int[] searchMoves() {
        return searchMoves.clone();
    }

    public int multiPv() {
        return multiPv;
    }

    public long moveOverhead() {
        return moveOverhead;
    }

    /** Nodes a millisecond of the time limits, or 0 when they are real time. */
    public long nodesPerMilli() {
        return nodesPerMilli;
    }

    /** The side to move's time on the GUI's real clock under NodesTime, or -1. */
    public long realTime() {
        return realTime;
    }

    /** The strength limit, or null for full strength. */
    public StrengthLimit strength() {
        return strength;
    }

    /**
     * True when the search must manage its time: any clock or increment was given. A side whose own clock is missing
     * then has no time at all, rather than unlimited time (a GUI sending only the other side's clock is broken, and
     * an engine that never answers loses anyway).
     */
    public boolean hasClock() {
        return whiteTime >= 0 || blackTime >= 0 || whiteIncrement > 0 || blackIncrement > 0;
    }

    @Override
    public String toString() {
        return "SearchLimits[wtime=" + whiteTime + " btime=" + blackTime + " winc=" + whiteIncrement
                + " binc=" + blackIncrement + " movestogo=" + movesToGo + " depth=" + depth + " nodes=" + nodes
                + " mate=" + mate + " movetime=" + moveTime + " infinite=" + infinite + " ponder=" + ponder
                + " searchmoves=" + Arrays.toString(searchMoves) + " multipv=" + multiPv
                + " overhead=" + moveOverhead + (nodesPerMilli == 0 ? "" : " nodestime=" + nodesPerMilli)
                + (strength == null ? "" : " elo=" + strength.elo()) + "]";
    }
}
