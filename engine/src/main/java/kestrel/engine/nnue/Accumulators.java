package kestrel.engine.nnue;

import java.util.Arrays;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluator;

/**
 * One search thread's evaluation with a network: its accumulators along the line the search is on, one pair per ply
 * above the root, White's perspective and Black's, {@code hidden} int16 values each.
 *
 * <p>The position is not told of them: each make records in the position's own history the move, the moved and the
 * captured piece, and a number unique to that make ({@link Position#moveIdAt}). When a position is evaluated, the
 * accumulators are brought up to date from the nearest ply whose number is still the one they were computed for, by
 * subtracting and adding the weight rows of the pieces that changed. Nodes that are never evaluated (cut by the
 * table, or by a beta cut-off before their evaluation) so cost nothing, and the result is exactly the from-scratch
 * sum: integer addition in any order. The arrays are allocated when the evaluator is made and grow only past
 * {@value #INITIAL_PLIES} plies.
 *
 * <p>With a network whose view follows the king (king mirroring or king buckets) each perspective keeps its own record
 * of which plies are computed (without, both are always computed together and White's record serves for both). A
 * move that takes a perspective's own king across the d/e boundary (the board it sees flips left to right) or into
 * another king bucket changes every input of that perspective: when the catch-up meets such a move, that
 * perspective's accumulator of the position evaluated is
 * refreshed from its pieces instead ({@link RefreshCache}: from the last refresh of the same view, no allocation),
 * and the plies between are left uncomputed for it. The other perspective is updated as usual.
 */
public final class Accumulators implements Evaluator {
    private static final int INITIAL_PLIES = 256;
    /** No make has this number: a ply not computed since the search started. */
    private static final long NOT_COMPUTED = 0;

    private final Network network;
    private final int hidden;
    /** Whether a king move can change every input of its perspective ({@link Network#viewFollowsKing}). */
    private final boolean viewFollowsKing;
    private final RefreshCache refreshCache;
    private short[][] white;
    private short[][] black;
    /**
     * The make number each ply's accumulator was computed for, White's and Black's; index 0 is the root, computed at
     * the start.
     */
    private long[] whiteComputedFor;
    private long[] blackComputedFor;
    /** The ply of the position the search started from: index {@code i} holds ply {@code rootPly + i}. */
    private int rootPly;

    public Accumulators(Network network) {
        this.network = network;
        this.hidden = network.hidden();
        this.viewFollowsKing = network.viewFollowsKing();
        this.refreshCache = new RefreshCache(network);
        allocate(INITIAL_PLIES);
    }

    public Network network() {
        return network;
    }

    /** Starts over from {@code root}: computes the bottom accumulators from its pieces, forgets the rest. */
    @Override
    public void startSearch(Position root) {
        rootPly = root.ply();
        refreshCache.refresh(root, Piece.WHITE, white[0]);
        refreshCache.refresh(root, Piece.BLACK, black[0]);
        Arrays.fill(whiteComputedFor, NOT_COMPUTED);
        Arrays.fill(blackComputedFor, NOT_COMPUTED);
    }

    /** The network's score of {@code position}, which must lie on a line made from the search's root. */
    @Override
    public int evaluate(Position position) {
        int top = update(position);
        int pieces = Long.bitCount(position.occupied());
        return position.sideToMove() == Piece.WHITE ? network.evaluate(white[top], black[top], pieces)
                : network.evaluate(black[top], white[top], pieces);
    }

    /** True when the up-to-date accumulators equal those computed from the position's pieces. For tests. */
    public boolean matchesFromScratch(Position position) {
        short[] freshWhite = new short[hidden];
        short[] freshBlack = new short[hidden];
        network.refresh(position, freshWhite, freshBlack);
        int top = update(position);
        return Arrays.equals(white[top], freshWhite) && Arrays.equals(black[top], freshBlack);
    }

    /**
     * Brings the accumulators of {@code position} up to date from the nearest ply still computed for the same line,
     * and returns its index.
     */
    private int update(Position position) {
        int top = position.ply() - rootPly;
        if (top >= white.length) {
            grow(Math.max(top + 1, white.length * 2));
        }
        if (!viewFollowsKing) {
            // Both perspectives are always computed together here, so White's record serves for both, and one pass
            // finds where to start (measurably faster than a pass for each).
            int ready = top;
            while (ready > 0 && whiteComputedFor[ready] != position.moveIdAt(rootPly + ready - 1)) {
                ready--;
            }
            // Counted from a constant, as below.
            for (int step = 1; step <= top - ready; step++) {
                int index = ready + step;
                int ply = rootPly + index - 1;
                apply(position, ply, Piece.WHITE, 0, 0, white[index - 1], white[index]);
                apply(position, ply, Piece.BLACK, 0, 0, black[index - 1], black[index]);
                whiteComputedFor[index] = position.moveIdAt(ply);
            }
            return top;
        }
        update(position, top, Piece.WHITE, white, whiteComputedFor);
        update(position, top, Piece.BLACK, black, blackComputedFor);
        return top;
    }

    /**
     * Brings {@code perspective}'s accumulator at index {@code top} up to date: from the nearest ply still computed
     * for the same line, move by move, or, when a move between changes the view of its king (across the d/e boundary
     * of a king-mirrored network, or into another king bucket), from the position's pieces.
     */
    private void update(Position position, int top, int perspective, short[][] accumulators, long[] computedFor) {
        int ready = top;
        while (ready > 0 && computedFor[ready] != position.moveIdAt(rootPly + ready - 1)) {
            if (changesView(position, rootPly + ready - 1, perspective)) {
                refreshCache.refresh(position, perspective, accumulators[top]);
                computedFor[top] = position.moveIdAt(rootPly + top - 1);
                return;
            }
            ready--;
        }
        // No move from `ready` to `top` changed the perspective's view, so the position's own is the view of them all.
        int mirror = network.mirror(position, perspective);
        int bucket = network.kingBucket(position, perspective);
        // Counted from a constant: a loop whose start and end both vary compiles with a check that fails at once (a
        // loop limit check), and the compiled code that inlined it is thrown away.
        for (int step = 1; step <= top - ready; step++) {
            int index = ready + step;
            int ply = rootPly + index - 1;
            apply(position, ply, perspective, mirror, bucket, accumulators[index - 1], accumulators[index]);
            computedFor[index] = position.moveIdAt(ply);
        }
    }

    /**
     * Whether the move made at {@code ply} took {@code perspective}'s king into another view: from files a-d to e-h
     * or back with king mirroring, or into another king bucket.
     */
    private boolean changesView(Position position, int ply, int perspective) {
        int move = position.moveAt(ply);
        if (move == Move.NONE || position.movedPieceAt(ply) != Piece.of(perspective, Piece.KING)) {
            return false;
        }
        int from = Move.from(move);
        int to = Move.kind(move) == Move.CASTLING ? Move.castlingKingTarget(from, Move.to(move)) : Move.to(move);
        return network.view(perspective, from) != network.view(perspective, to);
    }

    /**
     * target = source changed by the move made at {@code ply} of the position's history, for one perspective whose
     * view XORs {@code mirror} into every square and reads the inputs of king bucket {@code bucket}.
     */
    private void apply(Position position, int ply, int perspective, int mirror, int bucket, short[] source,
                       short[] target) {
        int move = position.moveAt(ply);
        if (move == Move.NONE) {
            System.arraycopy(source, 0, target, 0, hidden);
            return;
        }
        int piece = position.movedPieceAt(ply);
        int from = Move.from(move);
        int to = Move.to(move);
        int kind = Move.kind(move);
        if (kind == Move.CASTLING) {
            // "King takes rook": the king goes from its square to its target, the rook from `to` to its target.
            int rook = Piece.of(Piece.color(piece), Piece.ROOK);
            network.subtractAdd(source, target, Features.bucketed(bucket, perspective, piece, from ^ mirror),
                    Features.bucketed(bucket, perspective, piece, Move.castlingKingTarget(from, to) ^ mirror));
            network.subtractAdd(target, target, Features.bucketed(bucket, perspective, rook, to ^ mirror),
                    Features.bucketed(bucket, perspective, rook, Move.castlingRookTarget(from, to) ^ mirror));
            return;
        }
        int landed = kind == Move.PROMOTION ? Piece.of(Piece.color(piece), Move.promotionType(move)) : piece;
        int removed = Features.bucketed(bucket, perspective, piece, from ^ mirror);
        int added = Features.bucketed(bucket, perspective, landed, to ^ mirror);
        int captured = position.capturedAt(ply);
        if (captured == Piece.NONE) {
            network.subtractAdd(source, target, removed, added);
        } else {
            int capturedSquare = kind == Move.EN_PASSANT ? to ^ 8 : to;
            network.subtractSubtractAdd(source, target, removed,
                    Features.bucketed(bucket, perspective, captured, capturedSquare ^ mirror), added);
        }
    }

    private void allocate(int plies) {
        white = new short[plies][hidden];
        black = new short[plies][hidden];
        whiteComputedFor = new long[plies];
        blackComputedFor = new long[plies];
    }

    private void grow(int plies) {
        white = grown(white, plies);
        black = grown(black, plies);
        whiteComputedFor = Arrays.copyOf(whiteComputedFor, plies);
        blackComputedFor = Arrays.copyOf(blackComputedFor, plies);
    }

    private short[][] grown(short[][] accumulators, int plies) {
        short[][] result = Arrays.copyOf(accumulators, plies);
        for (int ply = accumulators.length; ply < plies; ply++) {
            result[ply] = new short[hidden];
        }
        return result;
    }
}
