package kestrel.engine.syzygy;

import kestrel.engine.Position;

/**
 * The legal moves of a root position in the tables, each with its DTZ and a rank: what the search needs to play
 * only moves that keep the best result.
 *
 * <p>{@link #dtz(int)} is in plies from the root, from the root side's view: positive for a win, negative for a
 * loss, 0 for a draw (also for a move into a threefold repetition or a fifty-move draw); a move that zeroes the
 * counter gets +-1 (+-101 if cursed), a mating move 1.
 *
 * <p>The rank orders moves by result with the fifty-move rule counted from the root's halfmove clock: every move
 * that still wins within the rule ranks highest and equally (so the search chooses among them); a win that the
 * counter would spoil ranks by how close it gets; a loss the rule cannot save ranks lowest and equally, a loss that
 * reaches the fifty-move draw ranks by how far it delays. Without {@code useRule50} a cursed win still ranks above
 * a draw but counts as a win in {@link #wdl(int)}. {@link #keeps(int)} marks the moves of the best rank.
 */
public final class RootMoveRanking {
    /** The rank of a win within the fifty-move rule; other ranks count down from it (as Stockfish's). */
    private static final int MAX_DTZ = 1 << 18;

    private final int[] moves;
    private final int[] dtz;
    private final int[] rank;
    private final int bestRank;
    private final int winBound;

    RootMoveRanking(int[] moves, int[] dtz, int halfmoveClock, boolean repeated, boolean useRule50) {
        this.moves = moves;
        this.dtz = dtz;
        this.rank = new int[moves.length];
        this.winBound = useRule50 ? MAX_DTZ - 100 : 1;
        int best = Integer.MIN_VALUE;
        for (int i = 0; i < moves.length; i++) {
            int d = dtz[i];
            int r;
            if (d > 0) {
                r = d + halfmoveClock <= 99 && !repeated ? MAX_DTZ : MAX_DTZ - (d + halfmoveClock);
            } else if (d < 0) {
                r = -d * 2 + halfmoveClock < 100 ? -MAX_DTZ : -MAX_DTZ + (-d + halfmoveClock);
            } else {
                r = 0;
            }
            rank[i] = r;
            best = Math.max(best, r);
        }
        this.bestRank = best;
    }

    public int count() {
        return moves.length;
    }

    public int move(int i) {
        return moves[i];
    }

    /** Plies to zeroing after this move, from the root side's view (see the class comment). */
    public int dtz(int i) {
        return dtz[i];
    }

    /** Higher is better; equal ranks are equally good. */
    public int rank(int i) {
        return rank[i];
    }

    /** The result of the move for the root side: {@link Wdl#WIN} .. {@link Wdl#LOSS}. */
    public int wdl(int i) {
        int r = rank[i];
        return r >= winBound ? Wdl.WIN
                : r > 0 ? Wdl.CURSED_WIN
                : r == 0 ? Wdl.DRAW
                : r > -winBound ? Wdl.BLESSED_LOSS
                : Wdl.LOSS;
    }

    /** The best result among the moves (the root position's value under the rule chosen). */
    public int bestWdl() {
        for (int i = 0; i < moves.length; i++) {
            if (rank[i] == bestRank) {
                return wdl(i);
            }
        }
        return Wdl.LOSS; // no legal move: mated (a stalemate has no moves either; the search knows which)
    }

    /** True for the moves of the best rank: the ones the search should choose among. */
    public boolean keeps(int i) {
        return rank[i] == bestRank;
    }

    /** True when a position since the last capture or pawn move occurred before (the win must not dawdle). */
    static boolean repeatedSinceZeroing(Position position) {
        int window = Math.min(position.halfmoveClock(), position.ply());
        int now = position.ply();
        for (int i = now - window; i <= now; i++) {
            long key = i == now ? position.key() : position.keyAt(i);
            for (int j = i - 4; j >= now - window; j -= 2) {
                if (position.keyAt(j) == key) {
                    return true;
                }
            }
        }
        return false;
    }
}
