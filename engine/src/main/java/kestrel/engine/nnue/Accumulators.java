package kestrel.engine.nnue;

import java.util.Arrays;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * The network's accumulators along the line a search is on: one pair per ply above the position it was reset to,
 * White's perspective and Black's, {@code hidden} ints each. A position with a stack attached
 * ({@link Position#attach}) pushes each move here and pops it on unmake.
 *
 * <p>A push only records the move, the moved piece and the captured piece; the accumulators are brought up to date
 * when the position is evaluated, from the nearest computed ancestor, by subtracting and adding the weight rows of
 * the pieces that changed. Nodes that are never evaluated (cut by the table, or by a beta cut-off before their
 * evaluation) so cost nothing, and the result is exactly the from-scratch sum: integer addition in any order. One
 * stack serves one search thread; its arrays are allocated when it is made and grow only past
 * {@value #INITIAL_PLIES} plies.
 */
public final class Accumulators {
    private static final int INITIAL_PLIES = 256;

    private final Network network;
    private final int hidden;
    private int[][] white;
    private int[][] black;
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
        network.refresh(position, white[0], black[0]);
        computed[0] = true;
    }

    /** Records a move about to change the board, or a null move ({@link Move#NONE}). */
    public void push(int move, int movedPiece, int capturedPiece) {
        top++;
        if (top == white.length) {
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
        update();
        return position.sideToMove() == Piece.WHITE ? network.evaluate(white[top], black[top])
                : network.evaluate(black[top], white[top]);
    }

    /** True when the up-to-date accumulators equal those computed from the position's pieces. For tests. */
    public boolean matchesFromScratch(Position position) {
        int[] freshWhite = new int[hidden];
        int[] freshBlack = new int[hidden];
        network.refresh(position, freshWhite, freshBlack);
        update();
        return Arrays.equals(white[top], freshWhite) && Arrays.equals(black[top], freshBlack);
    }

    /** Brings the top ply's accumulators up to date from the nearest computed ply below. */
    private void update() {
        int ready = top;
        while (!computed[ready]) {
            ready--;
        }
        for (int ply = ready + 1; ply <= top; ply++) {
            apply(ply, Piece.WHITE, white[ply - 1], white[ply]);
            apply(ply, Piece.BLACK, black[ply - 1], black[ply]);
            computed[ply] = true;
        }
    }

    /** target = source changed by the move pushed at {@code ply}, for one perspective. */
    private void apply(int ply, int perspective, int[] source, int[] target) {
        int move = moves[ply];
        if (move == Move.NONE) {
            System.arraycopy(source, 0, target, 0, hidden);
            return;
        }
        int piece = movedPieces[ply];
        int from = Move.from(move);
        int to = Move.to(move);
        int kind = Move.kind(move);
        if (kind == Move.CASTLING) {
            // "King takes rook": the king goes from its square to its target, the rook from `to` to its target.
            int rook = Piece.of(Piece.color(piece), Piece.ROOK);
            network.subtractAdd(source, target, Features.index(perspective, piece, from),
                    Features.index(perspective, piece, Move.castlingKingTarget(from, to)));
            network.subtractAdd(target, target, Features.index(perspective, rook, to),
                    Features.index(perspective, rook, Move.castlingRookTarget(from, to)));
            return;
        }
        int landed = kind == Move.PROMOTION ? Piece.of(Piece.color(piece), Move.promotionType(move)) : piece;
        int removed = Features.index(perspective, piece, from);
        int added = Features.index(perspective, landed, to);
        int captured = capturedPieces[ply];
        if (captured == Piece.NONE) {
            network.subtractAdd(source, target, removed, added);
        } else {
            int capturedSquare = kind == Move.EN_PASSANT ? to ^ 8 : to;
            network.subtractSubtractAdd(source, target, removed, Features.index(perspective, captured, capturedSquare),
                    added);
        }
    }

    private void allocate(int plies) {
        white = new int[plies][hidden];
        black = new int[plies][hidden];
        computed = new boolean[plies];
        moves = new int[plies];
        movedPieces = new int[plies];
        capturedPieces = new int[plies];
    }

    private void grow() {
        int plies = white.length * 2;
        white = grown(white, plies);
        black = grown(black, plies);
        computed = Arrays.copyOf(computed, plies);
        moves = Arrays.copyOf(moves, plies);
        movedPieces = Arrays.copyOf(movedPieces, plies);
        capturedPieces = Arrays.copyOf(capturedPieces, plies);
    }

    private int[][] grown(int[][] accumulators, int plies) {
        int[][] result = Arrays.copyOf(accumulators, plies);
        for (int ply = accumulators.length; ply < plies; ply++) {
            result[ply] = new int[hidden];
        }
        return result;
    }
}
