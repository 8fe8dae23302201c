package kestrel.uci.protocol;

import kestrel.engine.Move;
import kestrel.engine.search.Bound;
import kestrel.engine.search.Score;
import kestrel.engine.search.SearchInfo;
import kestrel.engine.search.SearchResult;
import kestrel.engine.search.WdlModel;

/** The text of the search's lines to the GUI: {@code info ...} and {@code bestmove ...}. */
final class InfoFormat {
    private InfoFormat() {
    }

    /**
     * {@code info depth 12 seldepth 18 multipv 1 score cp 31 [lowerbound|upperbound] nodes 1234 nps 5678
     * hashfull 12 tbhits 0 time 217 pv e2e4 e7e5 ...}.
     */
    static String iteration(SearchInfo info, boolean chess960) {
        return iteration(info, chess960, -1);
    }

    /**
     * The same, with {@code wdl W D L} after the score when {@code wdlMaterial}, the material on the board as
     * {@link WdlModel} counts it, is not negative.
     */
    static String iteration(SearchInfo info, boolean chess960, int wdlMaterial) {
        StringBuilder line = new StringBuilder(160).append("info depth ").append(info.depth())
                .append(" seldepth ").append(info.selectiveDepth())
                .append(" multipv ").append(info.multiPv());
        appendScore(line, info, wdlMaterial);
        line.append(" nodes ").append(info.nodes())
                .append(nodesPerSecond(info))
                .append(" hashfull ").append(info.hashfull())
                .append(" tbhits ").append(info.tablebaseHits())
                .append(" time ").append(info.elapsedMillis());
        appendPv(line, info.pv(), chess960);
        return line.toString();
    }

    /** {@code " nps N"}, or nothing before the first millisecond, when there is no rate to tell yet. */
    private static String nodesPerSecond(SearchInfo info) {
        return info.elapsedMillis() > 0 ? " nps " + info.nodesPerSecond() : "";
    }

    /**
     * The line sent just before a searched {@code bestmove}: {@code info depth D seldepth S multipv 1 score cp X
     * nodes N nps P hashfull H tbhits 0 time T pv ...}, with the search's final totals (the rate from nanoseconds, so
     * even a search of under a millisecond has one) and the depth, score and line of {@code last}, the latest report
     * on the first line. Should that report not be about the move played, the line is the move and its ponder move,
     * without a score.
     */
    static String searchEnd(SearchInfo last, SearchResult result, long elapsedNanos, int hashfull,
                            boolean chess960) {
        return searchEnd(last, result, elapsedNanos, hashfull, chess960, -1);
    }

    /** The same, with {@code wdl W D L} after the score when {@code wdlMaterial} is not negative. */
    static String searchEnd(SearchInfo last, SearchResult result, long elapsedNanos, int hashfull,
                            boolean chess960, int wdlMaterial) {
        int best = result.bestMove();
        int[] pv = last == null ? new int[0] : last.pv();
        boolean aboutBest = last != null && (pv.length > 0 ? pv[0] == best : best == Move.NONE);
        StringBuilder line = new StringBuilder(160)
                .append("info depth ").append(last == null ? result.depth() : last.depth())
                .append(" seldepth ").append(last == null ? 0 : last.selectiveDepth());
        if (aboutBest) {
            line.append(" multipv 1");
            appendScore(line, last, wdlMaterial);
        } else {
            pv = new int[] {best, result.ponderMove()};
        }
        line.append(" nodes ").append(result.nodes());
        if (elapsedNanos > 0) {
            line.append(" nps ").append((long) (result.nodes() * 1e9 / elapsedNanos));
        }
        line.append(" hashfull ").append(hashfull)
                .append(" tbhits ").append(result.tablebaseHits())
                .append(" time ").append(elapsedNanos / 1_000_000L);
        appendPv(line, pv, chess960);
        return line.toString();
    }

    /** {@code " score cp X [lowerbound|upperbound] [wdl W D L]"}: wdl when {@code wdlMaterial} is not negative. */
    private static void appendScore(StringBuilder line, SearchInfo info, int wdlMaterial) {
        line.append(" score ").append(Score.toUci(info.score()));
        if (info.bound() == Bound.LOWER) {
            line.append(" lowerbound");
        } else if (info.bound() == Bound.UPPER) {
            line.append(" upperbound");
        }
        if (wdlMaterial >= 0) {
            int[] wdl = WdlModel.perMille(info.score(), wdlMaterial);
            line.append(" wdl ").append(wdl[0]).append(' ').append(wdl[1]).append(' ').append(wdl[2]);
        }
    }

    /** {@code " pv m1 m2 ..."} up to the first Move.NONE; nothing for an empty line. */
    private static void appendPv(StringBuilder line, int[] pv, boolean chess960) {
        if (pv == null || pv.length == 0 || pv[0] == Move.NONE) {
            return;
        }
        line.append(" pv");
        for (int move : pv) {
            if (move == Move.NONE) {
                break;
            }
            line.append(' ').append(Move.toUci(move, chess960));
        }
    }

    /** {@code info depth 14 currmove g1f3 currmovenumber 3}. */
    static String currentMove(int depth, int move, int moveNumber, boolean chess960) {
        return "info depth " + depth + " currmove " + Move.toUci(move, chess960) + " currmovenumber " + moveNumber;
    }

    /** {@code bestmove e2e4 ponder e7e5}, without the ponder part when there is no reply to ponder on. */
    static String bestMove(SearchResult result, boolean chess960) {
        return bestMove(result.bestMove(), result.ponderMove(), chess960);
    }

    /** {@code bestmove 0000} when there is no legal move. */
    static String bestMove(int move, int ponderMove, boolean chess960) {
        String line = "bestmove " + Move.toUci(move, chess960);
        if (move != Move.NONE && ponderMove != Move.NONE) {
            line += " ponder " + Move.toUci(ponderMove, chess960);
        }
        return line;
    }
}
