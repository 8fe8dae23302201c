package kestrel.engine.nnue.games;

import java.util.Arrays;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;

/**
 * A move as one byte: its index among the position's legal moves sorted by a key that depends on the rules alone,
 * not on the order in which the move generator happens to emit them:
 * {@code key = from * 512 + to * 8 + promotion}, with from and to the squares (a1 = 0, h8 = 63; castling as king
 * takes rook, the rook's square as to) and promotion 0 for none, else the piece type promoted to (1 knight, 2 bishop,
 * 3 rook, 4 queen). No position has more than 218 legal moves, so an index fits a byte. One instance per thread.
 */
public final class MoveIndex {
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] sorted = new int[MoveGenerator.MAX_MOVES];
    private int count;

    /** The format's key of a move. */
    static int key(int move) {
        int promotion = Move.isPromotion(move) ? Move.promotionType(move) : 0;
        return Move.from(move) * 512 + Move.to(move) * 8 + promotion;
    }

    /** Generates and sorts the legal moves of {@code position}; returns how many there are. */
    public int load(Position position) {
        count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            // Key above, the move's 16 bits below: sorting the ints sorts by key, and the move comes back out.
            sorted[i] = key(moves[i]) << 16 | (moves[i] & 0xFFFF);
        }
        Arrays.sort(sorted, 0, count);
        return count;
    }

    /** The move at {@code index} of the last {@link #load}; -1 when there is no such index. */
    public int move(int index) {
        return index >= 0 && index < count ? sorted[index] & 0xFFFF : -1;
    }

    /** The index of {@code move} among the last {@link #load}'s moves; -1 when it is not one of them. */
    public int indexOf(int move) {
        int wanted = key(move) << 16 | (move & 0xFFFF);
        int at = Arrays.binarySearch(sorted, 0, count, wanted);
        return at >= 0 ? at : -1;
    }
}
