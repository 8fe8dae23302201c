package kestrel.engine.search;

import java.util.SplittableRandom;

/**
 * Plays below full strength, for {@code UCI_LimitStrength} and {@code UCI_Elo}: the search looks at fewer nodes, it
 * always keeps several candidate lines (as with MultiPV), and the move is drawn from those candidates, a worse one
 * more often the lower the rating.
 *
 * <p>The weakening imitates a weaker player rather than a random one. A small node budget makes the engine miss
 * deeper tactics; the draw adds a random bonus of up to {@link #spread()} centipawns to each candidate's score and
 * plays the best sum, so a move a little worse than the best is often chosen and a far worse one hardly ever.
 * Two things are never done at any rating: a candidate that walks into a mate is not played while another one does
 * not, and a mate that the search has found for the engine is played (a player who sees a mate plays it).
 *
 * <p>The rating scale is Stockfish's {@code UCI_Elo} scale, calibrated by games; docs/uci.md gives the table. The
 * top of the range is full strength, which is about that rating at fast time controls.
 */
public final class StrengthLimit {
    /** The lowest and highest rating offered. */
    public static final int MIN_ELO = 1320;
    public static final int MAX_ELO = 2100;
    /** Lines kept to choose from while there is a spread to draw with. */
    private static final int CANDIDATES = 4;

    /** Nodes at the lowest rating; the budget doubles every {@link #ELO_PER_DOUBLING} points above it. */
    private static final double BASE_NODES = 300;
    private static final double ELO_PER_DOUBLING = 100;
    /**
     * The random bonus: {@link #BASE_SPREAD} at the lowest rating, falling in a straight line to
     * {@link #MIDDLE_SPREAD} at {@link #MIDDLE_ELO} and from there to 0 at {@link #NO_SPREAD_ELO}. Games showed the
     * bonus costing more the stronger the player, hence the steeper second part.
     */
    private static final double BASE_SPREAD = 220;
    private static final double MIDDLE_SPREAD = 100;
    private static final int MIDDLE_ELO = 1800;
    private static final int NO_SPREAD_ELO = 2050;

    private final int elo;
    private final long nodes;
    private final int spread;

    private StrengthLimit(int elo) {
        this.elo = elo;
        // The top of the range is full strength: no budget at all.
        this.nodes = elo >= MAX_ELO ? Long.MAX_VALUE
                : Math.round(BASE_NODES * Math.pow(2, (elo - MIN_ELO) / ELO_PER_DOUBLING));
        this.spread = (int) Math.round(elo <= MIDDLE_ELO
                ? MIDDLE_SPREAD + (BASE_SPREAD - MIDDLE_SPREAD) * (MIDDLE_ELO - elo) / (MIDDLE_ELO - MIN_ELO)
                : MIDDLE_SPREAD * Math.max(0, NO_SPREAD_ELO - elo) / (NO_SPREAD_ELO - MIDDLE_ELO));
    }

    /** The limit for {@code elo}, clamped to {@link #MIN_ELO}..{@link #MAX_ELO}. */
    public static StrengthLimit forElo(int elo) {
        return new StrengthLimit(Math.max(MIN_ELO, Math.min(MAX_ELO, elo)));
    }

    public int elo() {
        return elo;
    }

    /** The node budget: the search starts no new iteration once it has searched this many; none at the top. */
    public long nodes() {
        return nodes;
    }

    /** The lines to search and choose from: several while there is a spread, else just the best. */
    public int candidates() {
        return spread > 0 ? CANDIDATES : 1;
    }

    /** The largest random bonus, in centipawns, added to a candidate's score when choosing. */
    public int spread() {
        return spread;
    }

    /**
     * The index of the candidate to play among {@code scores[0..count)}, the candidates' scores from the mover's
     * view (in any order).
     */
    public int choose(int[] scores, int count, SplittableRandom random) {
        int best = 0;
        for (int i = 1; i < count; i++) {
            if (scores[i] > scores[best]) {
                best = i;
            }
        }
        if (scores[best] >= Score.MATE_BOUND || scores[best] <= -Score.MATE_BOUND) {
            return best; // a mate found is played; when every line is mated, the longest resistance
        }
        int chosen = best;
        int bestSum = Integer.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            if (scores[i] <= -Score.MATE_BOUND) {
                continue; // walks into a mate while another candidate does not
            }
            int sum = scores[i] + (spread > 0 ? random.nextInt(spread + 1) : 0);
            if (sum > bestSum) {
                bestSum = sum;
                chosen = i;
            }
        }
        return chosen;
    }

    @Override
    public String toString() {
        return "StrengthLimit[elo=" + elo + " nodes=" + nodes + " spread=" + spread + "]";
    }
}
