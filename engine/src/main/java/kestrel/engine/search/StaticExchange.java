package kestrel.engine.search;

import kestrel.engine.Attacks;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * Static exchange evaluation: what a capture wins once both sides have recaptured on its square as long as it
 * pays, least valuable piece first. Sliders behind the pieces that leave the square join in (x-rays); pins are
 * ignored. Used to order captures and to prune the losing ones.
 */
public final class StaticExchange {
    /** Piece values for exchanges, by type (PAWN..KING); the king is worth more than anything it could win. */
    private static final int[] VALUE = {100, 320, 330, 500, 950, 20_000};

    private StaticExchange() {
    }

    /** The exchange value of a piece type. */
    public static int value(int type) {
        return VALUE[type];
    }

    /** The type of the piece a move takes (a pawn for en passant), or {@link Piece#NONE} for a quiet move. */
    public static int capturedType(Position position, int move) {
        if (Move.isEnPassant(move)) {
            return Piece.PAWN;
        }
        if (Move.isCastling(move)) {
            return Piece.NONE;
        }
        int captured = position.pieceAt(Move.to(move));
        return captured == Piece.NONE ? Piece.NONE : Piece.type(captured);
    }

    /** True when the move wins at least {@code threshold} centipawns once the exchange on its square is over. */
    public static boolean atLeast(Position position, int move, int threshold) {
        if (Move.isCastling(move)) {
            return threshold <= 0;
        }
        int from = Move.from(move);
        int to = Move.to(move);
        int captured = capturedType(position, move);
        int gain = captured == Piece.NONE ? 0 : VALUE[captured];
        int mover = Piece.type(position.pieceAt(from));
        if (Move.isPromotion(move)) {
            gain += VALUE[Move.promotionType(move)] - VALUE[Piece.PAWN];
            mover = Move.promotionType(move);
        }

        // balance: what the side that moved first is ahead by, relative to the threshold, when the other side
        // declines to go on. If even losing the mover for nothing keeps it ahead, the exchange is good.
        int balance = gain - threshold;
        if (balance < 0) {
            return false;
        }
        balance -= VALUE[mover];
        if (balance >= 0) {
            return true;
        }

        long occupied = position.occupied() ^ (1L << from) ^ (1L << to);
        if (Move.isEnPassant(move)) {
            occupied ^= 1L << (to ^ 8);
        }
        long diagonal = position.piecesOfType(Piece.BISHOP) | position.piecesOfType(Piece.QUEEN);
        long straight = position.piecesOfType(Piece.ROOK) | position.piecesOfType(Piece.QUEEN);
        long attackers = position.attackersTo(to, occupied) & occupied;
        int side = position.sideToMove() ^ 1;

        // Each round, 'side' recaptures with its least valuable attacker; the sign of 'balance' flips with the side.
        while (true) {
            long ours = attackers & position.piecesOfColor(side);
            if (ours == 0) {
                break;
            }
            int type = Piece.PAWN;
            while ((ours & position.piecesOfType(type)) == 0) {
                type++;
            }
            // The attacker leaves its square, which may uncover a slider behind it.
            occupied ^= Long.lowestOneBit(ours & position.piecesOfType(type));
            if (type == Piece.PAWN || type == Piece.BISHOP || type == Piece.QUEEN) {
                attackers |= Attacks.bishop(to, occupied) & diagonal;
            }
            if (type == Piece.ROOK || type == Piece.QUEEN) {
                attackers |= Attacks.rook(to, occupied) & straight;
            }
            attackers &= occupied;
            side ^= 1;
            balance = -balance - 1 - VALUE[type];
            if (balance >= 0) {
                // A king may not take if the square is still defended: then the other side has the last word.
                if (type == Piece.KING && (attackers & position.piecesOfColor(side)) != 0) {
                    side ^= 1;
                }
                break;
            }
        }
        // The side left to move when the exchange stops is the one that loses it.
        return side != position.sideToMove();
    }
}
