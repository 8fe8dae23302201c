package kestrel.engine.search;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;

/** Helpers shared by the search tests. */
final class SearchTesting {
    private SearchTesting() {
    }

    /** A listener that keeps every report. */
    static final class Recorder implements SearchListener {
        final List<SearchInfo> infos = new ArrayList<>();

        @Override
        public synchronized void onIteration(SearchInfo info) {
            infos.add(info);
        }

        synchronized List<SearchInfo> exactAtDepth(int depth) {
            List<SearchInfo> result = new ArrayList<>();
            for (SearchInfo info : infos) {
                if (info.depth() == depth && info.bound() == Bound.EXACT) {
                    result.add(info);
                }
            }
            return result;
        }

        synchronized int size() {
            return infos.size();
        }
    }

    static SearchResult search(String fen, SearchLimits limits) {
        return new Search(new TranspositionTable(4), SearchListener.SILENT).run(Fen.parse(fen), limits, HANDCRAFTED);
    }

    static int move(String fen, String uci) {
        return MoveNotation.parseUci(Fen.parse(fen), uci, false);
    }

    static boolean isLegal(Position position, int move) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }
}
