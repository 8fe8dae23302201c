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
 * 3 rook, 4 queen). No two legal moves share a key, and no position has more than 218 legal moves, so an index fits
 * a byte. The moves are never sorted whole: an index is a count of smaller keys, and the move at an index is found
 * by its from square first. One instance per thread.
 */
public final class MoveIndex {
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] keys = new int[MoveGenerator.MAX_MOVES];
    private final int[] perFromSquare = new int[64];
    private final int[] sameFrom = new int[MoveGenerator.MAX_MOVES];
    private int count;

    /** The format's key of a move. */
    static int key(int move) {
        int promotion = Move.isPromotion(move) ? Move.promotionType(move) : 0;
        return Move.from(move) * 512 + Move.to(move) * 8 + promotion;
    }

    /** Generates the legal moves of {@code position}; returns how many there are. */
    public int load(Position position) {
        count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            keys[i] = key(moves[i]);
        }
        return count;
    }

    /** The move at {@code index} of the last {@link #load}; -1 when there is no such index. */
    public int move(int index) {
        if (index < 0 || index >= count) {
            return -1;
        }
        for (int i = 0; i < count; i++) {
            perFromSquare[keys[i] >>> 9]++;
        }
        int from = 0;
        int rank = index;
        while (rank >= perFromSquare[from]) {
            rank -= perFromSquare[from];
            from++;
        }
        for (int i = 0; i < count; i++) {
            perFromSquare[keys[i] >>> 9] = 0;
        }
        // The moves from that square, a few: sorted by key, of which the rank-th.
        int found = 0;
        for (int i = 0; i < count; i++) {
            if (keys[i] >>> 9 == from) {
                sameFrom[found++] = keys[i] << 16 | (moves[i] & 0xFFFF);
            }
        }
        Arrays.sort(sameFrom, 0, found);
        return sameFrom[rank] & 0xFFFF;
    }

    /** The index of {@code move} among the last {@link #load}'s moves; -1 when it is not one of them. */
    public int indexOf(int move) {
        int key = -1;
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                key = keys[i];
                break;
            }
        }
        if (key < 0) {
            return -1;
        }
        int smaller = 0;
        for (int i = 0; i < count; i++) {
            smaller += keys[i] < key ? 1 : 0;
        }
        return smaller;
    }
}
