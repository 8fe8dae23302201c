package kestrel.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A deliberately simple move generator for tests, independent of {@link MoveGenerator} and {@link Attacks}: it
 * reads the board square by square, walks rays one step at a time, and decides legality by playing each pseudo-legal
 * move on a copy of the mailbox and looking for an attack on the king. Castling follows the rule as stated: not out
 * of check, through or onto an attacked square (judged on the board before the move), nor into check.
 */
final class SlowMoveGenerator {
    private static final int[][] KNIGHT_STEPS =
            {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    private static final int[][] KING_STEPS = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    private static final int[][] ROOK_RAYS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_RAYS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    /** What {@link #pieceAt} answers for a square beyond the edge. */
    private static final int OFF_BOARD = -1;

    private SlowMoveGenerator() {
    }

    /** The legal moves of the position, in the engine's move encoding. */
    static Set<Integer> legalMoves(Position position) {
        int[] board = board(position);
        int us = position.sideToMove();
        Set<Integer> legal = new HashSet<>();
        for (int move : pseudoLegalMoves(position)) {
            if (Move.isCastling(move) ? castlingIsLegal(position, board, move) : !leavesKingAttacked(board, move, us)) {
                legal.add(move);
            }
        }
        return legal;
    }

    /** Every move that obeys how the pieces move, whether or not it leaves the king attacked. */
    static List<Integer> pseudoLegalMoves(Position position) {
        int[] board = board(position);
        int us = position.sideToMove();
        List<Integer> moves = new ArrayList<>();
        for (int from = 0; from < 64; from++) {
            int piece = board[from];
            if (piece == Piece.NONE || Piece.color(piece) != us) {
                continue;
            }
            switch (Piece.type(piece)) {
                case Piece.PAWN:
                    pawnMoves(position, board, from, us, moves);
                    break;
                case Piece.KNIGHT:
                    steps(board, from, us, KNIGHT_STEPS, moves);
                    break;
                case Piece.BISHOP:
                    rays(board, from, us, BISHOP_RAYS, moves);
                    break;
                case Piece.ROOK:
                    rays(board, from, us, ROOK_RAYS, moves);
                    break;
                case Piece.QUEEN:
                    rays(board, from, us, BISHOP_RAYS, moves);
                    rays(board, from, us, ROOK_RAYS, moves);
                    break;
                default:
                    steps(board, from, us, KING_STEPS, moves);
                    break;
            }
        }
        castlingMoves(position, board, us, moves);
        return moves;
    }

    /** True when a piece of {@code attacker} attacks {@code square} on this mailbox. */
    static boolean isAttacked(int[] board, int square, int attacker) {
        int file = Square.file(square);
        int rank = Square.rank(square);
        // A pawn of the attacker attacks forward from its side: it stands one rank behind the square.
        int pawnRank = attacker == Piece.WHITE ? rank - 1 : rank + 1;
        for (int df = -1; df <= 1; df += 2) {
            if (pieceAt(board, file + df, pawnRank) == Piece.of(attacker, Piece.PAWN)) {
                return true;
            }
        }
        for (int[] step : KNIGHT_STEPS) {
            if (pieceAt(board, file + step[0], rank + step[1]) == Piece.of(attacker, Piece.KNIGHT)) {
                return true;
            }
        }
        for (int[] step : KING_STEPS) {
            if (pieceAt(board, file + step[0], rank + step[1]) == Piece.of(attacker, Piece.KING)) {
                return true;
            }
        }
        return rayHits(board, file, rank, ROOK_RAYS, Piece.of(attacker, Piece.ROOK), Piece.of(attacker, Piece.QUEEN))
                || rayHits(board, file, rank, BISHOP_RAYS, Piece.of(attacker, Piece.BISHOP),
                        Piece.of(attacker, Piece.QUEEN));
    }

    static int[] board(Position position) {
        int[] board = new int[64];
        for (int square = 0; square < 64; square++) {
            board[square] = position.pieceAt(square);
        }
        return board;
    }

    private static void pawnMoves(Position position, int[] board, int from, int us, List<Integer> moves) {
        int forward = us == Piece.WHITE ? 1 : -1;
        int startRank = us == Piece.WHITE ? 1 : 6;
        int lastRank = us == Piece.WHITE ? 7 : 0;
        int file = Square.file(from);
        int rank = Square.rank(from);
        int oneAhead = Square.of(file, rank + forward);
        if (board[oneAhead] == Piece.NONE) {
            addPawnMove(from, oneAhead, lastRank, moves);
            int twoAhead = Square.of(file, rank + 2 * forward);
            if (rank == startRank && board[twoAhead] == Piece.NONE) {
                moves.add(Move.of(from, twoAhead));
            }
        }
        for (int df = -1; df <= 1; df += 2) {
            if (file + df < 0 || file + df > 7) {
                continue;
            }
            int to = Square.of(file + df, rank + forward);
            if (board[to] != Piece.NONE && Piece.color(board[to]) != us) {
                addPawnMove(from, to, lastRank, moves);
            } else if (to == position.enPassantSquare()) {
                moves.add(Move.of(from, to, Move.EN_PASSANT));
            }
        }
    }

    private static void addPawnMove(int from, int to, int lastRank, List<Integer> moves) {
        if (Square.rank(to) != lastRank) {
            moves.add(Move.of(from, to));
            return;
        }
        for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) {
            moves.add(Move.promotion(from, to, type));
        }
    }

    private static void steps(int[] board, int from, int us, int[][] steps, List<Integer> moves) {
        for (int[] step : steps) {
            int file = Square.file(from) + step[0];
            int rank = Square.rank(from) + step[1];
            int target = pieceAt(board, file, rank);
            if (target == Piece.NONE || (target != OFF_BOARD && Piece.color(target) != us)) {
                moves.add(Move.of(from, Square.of(file, rank)));
            }
        }
    }

    private static void rays(int[] board, int from, int us, int[][] rays, List<Integer> moves) {
        for (int[] ray : rays) {
            int file = Square.file(from) + ray[0];
            int rank = Square.rank(from) + ray[1];
            while (true) {
                int target = pieceAt(board, file, rank);
                if (target == OFF_BOARD || (target != Piece.NONE && Piece.color(target) == us)) {
                    break;
                }
                moves.add(Move.of(from, Square.of(file, rank)));
                if (target != Piece.NONE) {
                    break;
                }
                file += ray[0];
                rank += ray[1];
            }
        }
    }

    /** Castling whose king and rook paths are clear of every other piece; attacks are judged in castlingIsLegal. */
    private static void castlingMoves(Position position, int[] board, int us, List<Integer> moves) {
        int backRank = us == Piece.WHITE ? 0 : 7;
        for (int wing = 0; wing < 2; wing++) {
            boolean kingSide = wing == 0;
            int right = CastlingRights.index(us, kingSide);
            if ((position.castlingRights() & (1 << right)) == 0) {
                continue;
            }
            int king = -1;
            for (int square = Square.of(0, backRank); square <= Square.of(7, backRank); square++) {
                if (board[square] == Piece.of(us, Piece.KING)) {
                    king = square;
                }
            }
            int rook = position.castlingRookSquare(right);
            int kingTarget = Square.of(kingSide ? 6 : 2, backRank);
            int rookTarget = Square.of(kingSide ? 5 : 3, backRank);
            if (king < 0 || board[rook] != Piece.of(us, Piece.ROOK)) {
                continue;
            }
            boolean clear = true;
            int low = Math.min(Math.min(king, kingTarget), Math.min(rook, rookTarget));
            int high = Math.max(Math.max(king, kingTarget), Math.max(rook, rookTarget));
            for (int square = low; square <= high; square++) {
                boolean onAPath = inRange(square, king, kingTarget) || inRange(square, rook, rookTarget);
                if (onAPath && square != king && square != rook && board[square] != Piece.NONE) {
                    clear = false;
                }
            }
            if (clear) {
                moves.add(Move.of(king, rook, Move.CASTLING));
            }
        }
    }

    private static boolean castlingIsLegal(Position position, int[] board, int move) {
        int us = position.sideToMove();
        int king = Move.from(move);
        int rook = Move.to(move);
        int kingTarget = Square.of(rook > king ? 6 : 2, Square.rank(king));
        int step = kingTarget > king ? 1 : -1;
        for (int square = king; ; square += step) {
            if (isAttacked(board, square, us ^ 1)) {
                return false;
            }
            if (square == kingTarget) {
                break;
            }
        }
        // The rook may have shielded the king's target square (a Chess960 king that does not move, say).
        return !leavesKingAttacked(board, move, us);
    }

    /** Plays the move on a copy of the mailbox and looks for an attack on the mover's king. */
    private static boolean leavesKingAttacked(int[] original, int move, int us) {
        int[] board = original.clone();
        int from = Move.from(move);
        int to = Move.to(move);
        int piece = board[from];
        switch (Move.kind(move)) {
            case Move.CASTLING: {
                int rook = board[to];
                board[from] = Piece.NONE;
                board[to] = Piece.NONE;
                board[Square.of(to > from ? 6 : 2, Square.rank(from))] = piece;
                board[Square.of(to > from ? 5 : 3, Square.rank(from))] = rook;
                break;
            }
            case Move.EN_PASSANT:
                board[Square.of(Square.file(to), Square.rank(from))] = Piece.NONE;
                board[from] = Piece.NONE;
                board[to] = piece;
                break;
            case Move.PROMOTION:
                board[from] = Piece.NONE;
                board[to] = Piece.of(us, Move.promotionType(move));
                break;
            default:
                board[from] = Piece.NONE;
                board[to] = piece;
                break;
        }
        for (int square = 0; square < 64; square++) {
            if (board[square] == Piece.of(us, Piece.KING)) {
                return isAttacked(board, square, us ^ 1);
            }
        }
        throw new IllegalStateException("no king after " + Move.toUci(move, true));
    }

    private static int pieceAt(int[] board, int file, int rank) {
        if (file < 0 || file > 7 || rank < 0 || rank > 7) {
            return OFF_BOARD;
        }
        return board[Square.of(file, rank)];
    }

    private static boolean rayHits(int[] board, int file, int rank, int[][] rays, int slider, int queen) {
        for (int[] ray : rays) {
            int f = file + ray[0];
            int r = rank + ray[1];
            while (true) {
                int piece = pieceAt(board, f, r);
                if (piece == slider || piece == queen) {
                    return true;
                }
                if (piece != Piece.NONE) {
                    break; // a blocker, or off the board
                }
                f += ray[0];
                r += ray[1];
            }
        }
        return false;
    }

    private static boolean inRange(int square, int a, int b) {
        return square >= Math.min(a, b) && square <= Math.max(a, b);
    }
}
