package kestrel.engine.nnue.games;

import kestrel.engine.Attacks;
import kestrel.engine.Piece;
import kestrel.engine.Square;

/**
 * The fewest moves a piece needs to go from one square to another on an empty board: a lower bound on the moves it
 * needs on any board, since pieces in the way only add moves. Each is a shortest-path distance, so it obeys the
 * triangle inequality, which {@link MoveSequenceSearch}'s bound relies on. Castling is not counted.
 */
final class MoveDistance {
    /** No way at all (a bishop to the other colour, a pawn backwards). */
    static final int NEVER = 99;

    /** By piece type (knight to king), from square, to square. */
    private static final byte[][][] TABLE = new byte[Piece.TYPE_COUNT][64][64];

    static {
        for (int from = 0; from < 64; from++) {
            for (int to = 0; to < 64; to++) {
                int files = Math.abs(Square.file(from) - Square.file(to));
                int ranks = Math.abs(Square.rank(from) - Square.rank(to));
                boolean same = from == to;
                boolean line = files == 0 || ranks == 0;
                boolean diagonal = files == ranks;
                TABLE[Piece.KING][from][to] = (byte) Math.max(files, ranks);
                TABLE[Piece.ROOK][from][to] = (byte) (same ? 0 : line ? 1 : 2);
                TABLE[Piece.BISHOP][from][to] = (byte) (same ? 0 : diagonal ? 1 : (files + ranks) % 2 == 0 ? 2 : NEVER);
                TABLE[Piece.QUEEN][from][to] = (byte) (same ? 0 : line || diagonal ? 1 : 2);
            }
            knightDistances(from, TABLE[Piece.KNIGHT][from]);
        }
    }

    private MoveDistance() {
    }

    /** The fewest moves for a piece of {@code type} and {@code color} from {@code from} to {@code to}. */
    static int of(int type, int color, int from, int to) {
        if (type != Piece.PAWN) {
            return TABLE[type][from][to];
        }
        int forward = (Square.rank(to) - Square.rank(from)) * (color == Piece.WHITE ? 1 : -1);
        int sideways = Math.abs(Square.file(to) - Square.file(from));
        if (forward < 1 || sideways > forward) {
            return from == to ? 0 : NEVER;
        }
        boolean onStartRank = Square.rank(from) == (color == Piece.WHITE ? 1 : 6);
        // A double step from the start rank covers two ranks in one move.
        return Math.max(1, forward - (onStartRank ? 1 : 0));
    }

    private static void knightDistances(int from, byte[] distances) {
        java.util.Arrays.fill(distances, (byte) NEVER);
        distances[from] = 0;
        int[] queue = new int[64];
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        while (head < tail) {
            int square = queue[head++];
            for (long next = Attacks.knight(square); next != 0; next &= next - 1) {
                int to = Long.numberOfTrailingZeros(next);
                if (distances[to] == NEVER) {
                    distances[to] = (byte) (distances[square] + 1);
                    queue[tail++] = to;
                }
            }
        }
    }
}
