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
 * top of the range is full strength, which stands about there at 10 s + 0.1 s.
 */
public final class StrengthLimit {
    /** The lowest and highest rating offered; the highest is full strength (see {@link #ANCHOR_ELO}). */
    public static final int MIN_ELO = 1320;
    public static final int MAX_ELO = 2500;
    /** Lines kept to choose from while there is a spread to draw with. */
    private static final int CANDIDATES = 4;

    /**
     * The scale, set by games against Stockfish 15.1 at the same {@code UCI_Elo} (docs/uci.md): at each anchor rating
     * a node budget and a largest random bonus in centipawns. Between two anchors the budget grows geometrically
     * (the same number of rating points for each doubling) and the bonus falls in a straight line. The last anchor
     * is full strength: no budget, no bonus; that is where full-strength Kestrel stands on this scale at 10 s + 0.1 s.
     */
    private static final int[] ANCHOR_ELO = {MIN_ELO, 1500, 1800, 2000, MAX_ELO};
    private static final double[] ANCHOR_NODES = {230, 710, 4_500, 22_000, Double.POSITIVE_INFINITY};
    private static final double[] ANCHOR_SPREAD = {230, 185, 100, 20, 0};

    private final int elo;
    private final long nodes;
    private final int spread;

    private StrengthLimit(int elo) {
        this.elo = elo;
        int upper = 1;
        while (ANCHOR_ELO[upper] < elo) {
            upper++;
        }
        int lower = upper - 1;
        double t = (double) (elo - ANCHOR_ELO[lower]) / (ANCHOR_ELO[upper] - ANCHOR_ELO[lower]);
        if (elo >= MAX_ELO) {
            this.nodes = Long.MAX_VALUE;
        } else if (Double.isInfinite(ANCHOR_NODES[upper])) {
            // Towards full strength the budget keeps the growth of the segment below it, then gives way to none.
            double perPoint = Math.log(ANCHOR_NODES[lower] / ANCHOR_NODES[lower - 1])
                    / (ANCHOR_ELO[lower] - ANCHOR_ELO[lower - 1]);
            this.nodes = Math.round(ANCHOR_NODES[lower] * Math.exp(perPoint * (elo - ANCHOR_ELO[lower])));
        } else {
            this.nodes = Math.round(ANCHOR_NODES[lower] * Math.pow(ANCHOR_NODES[upper] / ANCHOR_NODES[lower], t));
        }
        this.spread = (int) Math.round(ANCHOR_SPREAD[lower] + (ANCHOR_SPREAD[upper] - ANCHOR_SPREAD[lower]) * t);
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
