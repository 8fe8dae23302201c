package kestrel.perft;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * Counts the leaves of the legal move tree to a fixed depth. The last ply is bulk-counted: the number of legal
 * moves is the number of leaves below, so no move is made there, and they are counted without being written
 * ({@link MoveGenerator#countLegalMoves}). Move lists are preallocated per ply.
 *
 * <p>With a {@link PerftCache} the counts of subtrees two plies deep or more are remembered by Zobrist key (adjusted
 * for where the castling rooks stand, see {@link #castlingRookKey}), so transpositions are counted once. A Perft is
 * single-threaded; each thread needs its own, though several may share one cache.
 */
public final class Perft {
    public static final int MAX_DEPTH = 64;

    /** Subtrees shallower than this are recounted: bulk counting them is cheaper than a probe. */
    private static final int MIN_CACHED_DEPTH = 2;
    /** A stop request is looked at in nodes this deep or deeper: each look then covers hundreds of leaves. */
    private static final int MIN_STOP_CHECK_DEPTH = 3;

    private final int[][] moves = new int[MAX_DEPTH][MoveGenerator.MAX_MOVES];
    private final PerftCache cache;
    private final BooleanSupplier stopRequested;
    /** XORed into every key the cache sees during one count or divide: {@link #castlingRookKey} of its root. */
    private long rootRookKey;

    /** A counter without a cache. */
    public Perft() {
        this(null);
    }

    /** A counter that remembers subtree counts in {@code cache} (null for none). */
    public Perft(PerftCache cache) {
        this(cache, null);
    }

    /**
     * A counter that can be stopped: when {@code stopRequested} turns true, a count ends with a
     * {@link CancellationException} and leaves its position in the middle of the tree, so count on a copy.
     */
    public Perft(PerftCache cache, BooleanSupplier stopRequested) {
        this.cache = cache;
        this.stopRequested = stopRequested;
    }

    /**
     * Leaf count of {@code position} at {@code depth}; the position is left as it was.
     *
     * @throws IllegalArgumentException when depth is outside 0..{@link #MAX_DEPTH}
     * @throws ArithmeticException when the count does not fit in a long
     */
    public long count(Position position, int depth) {
        checkDepth(depth, 0);
        if (depth == 0) {
            return 1;
        }
        if (cache == null) {
            return countBelow(position, depth, 0);
        }
        rootRookKey = castlingRookKey(position);
        return countBelowCached(position, depth, 0);
    }

    /**
     * The leaf count below each legal move of {@code position} at {@code depth} (at least 1), sorted by the moves'
     * UCI text; castling is written king-takes-rook when {@code chess960} is true. The position is left as it was.
     */
    public Divide divide(Position position, int depth, boolean chess960) {
        checkDepth(depth, 1);
        if (cache != null) {
            rootRookKey = castlingRookKey(position);
        }
        int[] rootMoves = moves[0];
        int end = MoveGenerator.legalMoves(position, rootMoves, 0);
        List<Divide.MoveCount> counts = new ArrayList<>(end);
        long total = 0;
        for (int i = 0; i < end; i++) {
            stopIfRequested();
            int move = rootMoves[i];
            long nodes = 1;
            if (depth > 1) {
                position.makeMove(move);
                nodes = cache == null ? countBelow(position, depth - 1, 1) : countBelowCached(position, depth - 1, 1);
                position.unmakeMove();
            }
            counts.add(new Divide.MoveCount(Move.toUci(move, chess960), nodes));
            total = Math.addExact(total, nodes);
        }
        counts.sort(Comparator.comparing(Divide.MoveCount::move));
        return new Divide(counts, total);
    }

    private void checkStop(int depth) {
        if (depth >= MIN_STOP_CHECK_DEPTH) {
            stopIfRequested();
        }
    }

    private void stopIfRequested() {
        if (stopRequested != null && stopRequested.getAsBoolean()) {
            throw new CancellationException("perft stopped");
        }
    }

    private static void checkDepth(int depth, int min) {
        if (depth < min || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be " + min + " to " + MAX_DEPTH + ", not " + depth);
        }
    }

    private long countBelow(Position position, int depth, int ply) {
        if (depth == 1) {
            return MoveGenerator.countLegalMoves(position);
        }
        checkStop(depth);
        int[] list = moves[ply];
        int end = MoveGenerator.legalMoves(position, list, 0);
        long nodes = 0;
        for (int i = 0; i < end; i++) {
            position.makeMove(list[i]);
            nodes = Math.addExact(nodes, countBelow(position, depth - 1, ply + 1));
            position.unmakeMove();
        }
        return nodes;
    }

    private long countBelowCached(Position position, int depth, int ply) {
        if (depth < MIN_CACHED_DEPTH) {
            return countBelow(position, depth, ply);
        }
        checkStop(depth);
        long key = position.key() ^ rootRookKey;
        long cached = cache.probe(key, depth);
        if (cached != PerftCache.MISS) {
            return cached;
        }
        int[] list = moves[ply];
        int end = MoveGenerator.legalMoves(position, list, 0);
        long nodes = 0;
        for (int i = 0; i < end; i++) {
            position.makeMove(list[i]);
            nodes = Math.addExact(nodes, countBelowCached(position, depth - 1, ply + 1));
            position.unmakeMove();
        }
        cache.store(key, depth, nodes);
        return nodes;
    }

    /**
     * The Zobrist key holds which castling rights remain but not where their rooks stand, which the root fixes for its
     * whole tree. Two Chess960 roots with the same pieces and rights but different castling rooks (possible when two
     * rooks share a wing) would give one key to positions with different moves. So the cache sees each key XORed with
     * this hash of the root's castling-rook squares (one per right, or none when the right is absent): counts of
     * different rook set-ups never meet, and a cache shared by several counters stays exact.
     */
    private static long castlingRookKey(Position root) {
        long squares = 0;
        for (int right = 0; right < 4; right++) {
            boolean present = (root.castlingRights() & (1 << right)) != 0;
            squares = squares << Byte.SIZE | (present ? root.castlingRookSquare(right) : Square.NONE);
        }
        // The SplitMix64 finalizer: a bijection that spreads the few bits that differ over the whole key.
        long hash = (squares ^ (squares >>> 30)) * 0xBF58476D1CE4E5B9L;
        hash = (hash ^ (hash >>> 27)) * 0x94D049BB133111EBL;
        return hash ^ (hash >>> 31);
    }
}
