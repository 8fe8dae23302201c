package kestrel.engine.search;

import kestrel.engine.syzygy.Tablebases;

/**
 * How a search uses Syzygy tables (the UCI options SyzygyPath, SyzygyProbeDepth, Syzygy50MoveRule and
 * SyzygyProbeLimit): the tables opened, the least remaining depth at which a node probes, whether the fifty-move rule
 * spoils a win that needs longer (a cursed win, a blessed loss), and the most pieces probed.
 */
public record TablebaseUse(Tablebases tables, int probeDepth, boolean fiftyMoveRule, int probeLimit) {
    /** No tables. */
    public static final TablebaseUse NONE = new TablebaseUse(Tablebases.EMPTY, 1, true, 0);

    /** The most pieces a search may probe with these tables: 0 when it may not probe at all. */
    public int pieceLimit() {
        return Math.min(probeLimit, tables.maxPieces());
    }
}
