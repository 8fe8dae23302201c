package kestrel.engine.nnue;

import java.util.Arrays;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * The network's accumulators along the line a search is on: one per ply above the position it was reset to, each
 * holding both perspectives ({@code 2 * hidden} int16, White's first). A position with a stack attached
 * ({@link Position#attach}) pushes each move here and pops it on unmake.
 *
 * <p>A push only records the move, the moved piece and the captured piece; the accumulator is brought up to date
 * when the position is evaluated, from the nearest computed ancestor, by subtracting and adding the weight rows of
 * the pieces that changed. Nodes that are never evaluated (cut by the table, or by a beta cut-off before their
 * evaluation) so cost nothing, and the result is exactly the from-scratch sum, since int16 addition is exact while
 * the values stay in range (see {@link Network}). One stack serves one search thread; its arrays are allocated
 * when it is made and grow only past {@value #INITIAL_PLIES} plies.
 */
public final class Accumulators {
    private static final int INITIAL_PLIES = 256;

    private final Network network;
    private final int hidden;
    private short[][] values;
    private boolean[] computed;
    private int[] moves;
    private int[] movedPieces;
    private int[] capturedPieces;
    private int top;

    public Accumulators(Network network) {
        this.network = network;
        this.hidden = network.hidden();
        allocate(INITIAL_PLIES);
    }

    public Network network() {
        return network;
    }

    /** Starts over from {@code position}: computes the bottom accumulator from its pieces. */
    public void reset(Position position) {
        top = 0;
        network.refresh(position, values[0]);
        computed[0] = true;
    }

    /** Records a move about to change the board, or a null move ({@link Move#NONE}). */
    public void push(int move, int movedPiece, int capturedPiece) {
        top++;
        if (top == values.length) {
            grow();
        }
        moves[top] = move;
        movedPieces[top] = movedPiece;
        capturedPieces[top] = capturedPiece;
        computed[top] = false;
    }

    public void pop() {
        top--;
    }

    /** The network's score of {@code position}, which must be the one the pushes led to, for its side to move. */
    public int evaluate(Position position) {
        return network.evaluate(current(), position.sideToMove());
    }

    /** True when the up-to-date accumulator equals one computed from the position's pieces. For tests. */
    public boolean matchesFromScratch(Position position) {
        short[] fresh = new short[2 * hidden];
        network.refresh(position, fresh);
        return Arrays.equals(current(), fresh);
    }

    /** The accumulator of the top ply, brought up to date. */
    private short[] current() {
        int ready = top;
        while (!computed[ready]) {
            ready--;
        }
        for (int ply = ready + 1; ply <= top; ply++) {
            apply(ply);
            computed[ply] = true;
        }
        return values[top];
    }

    /** values[ply] = values[ply - 1] changed by the move pushed at {@code ply}. */
    private void apply(int ply) {
        short[] source = values[ply - 1];
        short[] target = values[ply];
        int move = moves[ply];
        if (move == Move.NONE) {
            System.arraycopy(source, 0, target, 0, 2 * hidden);
            return;
        }
        int piece = movedPieces[ply];
        int from = Move.from(move);
        int to = Move.to(move);
        int kind = Move.kind(move);
        if (kind == Move.CASTLING) {
            // "King takes rook": the king goes from its square to its target, the rook from `to` to its target.
            int rook = Piece.of(Piece.color(piece), Piece.ROOK);
            int kingTarget = Move.castlingKingTarget(from, to);
            int rookTarget = Move.castlingRookTarget(from, to);
            for (int perspective = Piece.WHITE; perspective <= Piece.BLACK; perspective++) {
                int offset = perspective * hidden;
                network.subtractAdd(source, target, offset, Features.index(perspective, piece, from),
                        Features.index(perspective, piece, kingTarget));
                network.subtractAdd(target, target, offset, Features.index(perspective, rook, to),
                        Features.index(perspective, rook, rookTarget));
            }
            return;
        }
        int landed = kind == Move.PROMOTION ? Piece.of(Piece.color(piece), Move.promotionType(move)) : piece;
        int captured = capturedPieces[ply];
        int capturedSquare = kind == Move.EN_PASSANT ? to ^ 8 : to;
        for (int perspective = Piece.WHITE; perspective <= Piece.BLACK; perspective++) {
            int offset = perspective * hidden;
            int removed = Features.index(perspective, piece, from);
            int added = Features.index(perspective, landed, to);
            if (captured == Piece.NONE) {
                network.subtractAdd(source, target, offset, removed, added);
            } else {
                network.subtractSubtractAdd(source, target, offset, removed,
                        Features.index(perspective, captured, capturedSquare), added);
            }
        }
    }

    private void allocate(int plies) {
        values = new short[plies][];
        for (int ply = 0; ply < plies; ply++) {
            values[ply] = new short[2 * hidden];
        }
        computed = new boolean[plies];
        moves = new int[plies];
        movedPieces = new int[plies];
        capturedPieces = new int[plies];
    }

    private void grow() {
        int plies = values.length * 2;
        short[][] grown = Arrays.copyOf(values, plies);
        for (int ply = values.length; ply < plies; ply++) {
            grown[ply] = new short[2 * hidden];
        }
        values = grown;
        computed = Arrays.copyOf(computed, plies);
        moves = Arrays.copyOf(moves, plies);
        movedPieces = Arrays.copyOf(movedPieces, plies);
        capturedPieces = Arrays.copyOf(capturedPieces, plies);
    }
}
