package kestrel.uci;

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
                .append(" multipv ").append(info.multiPv())
                .append(" score ").append(Score.toUci(info.score()));
        if (info.bound() == Bound.LOWER) {
            line.append(" lowerbound");
        } else if (info.bound() == Bound.UPPER) {
            line.append(" upperbound");
        }
        if (wdlMaterial >= 0) {
            int[] wdl = WdlModel.perMille(info.score(), wdlMaterial);
            line.append(" wdl ").append(wdl[0]).append(' ').append(wdl[1]).append(' ').append(wdl[2]);
        }
        line.append(" nodes ").append(info.nodes())
                .append(" nps ").append(info.nodesPerSecond())
                .append(" hashfull ").append(info.hashfull())
                .append(" tbhits 0")
                .append(" time ").append(info.elapsedMillis());
        int[] pv = info.pv();
        if (pv != null && pv.length > 0) {
            line.append(" pv");
            for (int move : pv) {
                if (move == Move.NONE) {
                    break;
                }
                line.append(' ').append(Move.toUci(move, chess960));
            }
        }
        return line.toString();
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
