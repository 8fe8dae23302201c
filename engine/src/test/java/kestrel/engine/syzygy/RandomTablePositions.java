package kestrel.engine.syzygy;

import java.util.SplittableRandom;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * Random legal positions of one material, seeded: pieces on random distinct squares (pawns on ranks 2-7), a random
 * side to move, no castling; where the last move could have been a double pawn push that the side to move can take
 * en passant, half of the positions get that en-passant square. Positions where the side not to move is in check
 * are dropped (Fen rejects them).
 */
final class RandomTablePositions {
    private final SplittableRandom random;

    RandomTablePositions(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * A random legal FEN of the material of {@code tableName} (such as {@code KRPvKR}), either colour first. With
     * pawns on both sides, a quarter of the positions are built around an en-passant capture.
     */
    String next(String tableName) {
        while (true) {
            char[] board = new char[64];
            boolean swapColors = random.nextBoolean();
            int sideToMove = random.nextBoolean() ? Piece.WHITE : Piece.BLACK;
            StringBuilder pieces = new StringBuilder();
            int color = Piece.WHITE;
            for (char c : tableName.toCharArray()) {
                if (c == 'v') {
                    color = Piece.BLACK;
                    continue;
                }
                int pieceColor = swapColors ? color ^ 1 : color;
                pieces.append(pieceColor == Piece.WHITE ? c : Character.toLowerCase(c));
            }
            String enPassant = "-";
            boolean bothPawns = pieces.indexOf("P") >= 0 && pieces.indexOf("p") >= 0;
            if (bothPawns && random.nextInt(4) == 0) {
                enPassant = placeEnPassant(board, sideToMove);
                pieces.deleteCharAt(pieces.indexOf("P"));
                pieces.deleteCharAt(pieces.indexOf("p"));
            }
            for (int i = 0; i < pieces.length(); i++) {
                char letter = pieces.charAt(i);
                board[randomSquare(board, Character.toUpperCase(letter) == 'P')] = letter;
            }
            if (enPassant.equals("-") && random.nextBoolean()) {
                enPassant = enPassantSquare(board, sideToMove);
            } else if (!enPassant.equals("-")) {
                // The squares the pawn crossed were reserved with a marker: empty them again.
                for (int sq = 0; sq < 64; sq++) {
                    if (board[sq] == '*') {
                        board[sq] = 0;
                    }
                }
            }
            String fen = placement(board) + (sideToMove == Piece.WHITE ? " w - " : " b - ") + enPassant + " 0 1";
            try {
                Position position = Fen.parse(fen);
                if (position.isAttacked(position.kingSquare(position.sideToMove() ^ 1), position.sideToMove())) {
                    continue;
                }
                return fen;
            } catch (FenException e) {
                // the side not to move in check, or an impossible en-passant square: draw again
            }
        }
    }

    /** An enemy pawn just pushed two squares beside one of ours; the squares it crossed reserved with '*'. */
    private String placeEnPassant(char[] board, int sideToMove) {
        int rank = sideToMove == Piece.WHITE ? 4 : 3;
        int behind = sideToMove == Piece.WHITE ? 8 : -8;
        int file = random.nextInt(8);
        int ownFile = file == 0 ? 1 : file == 7 ? 6 : file + (random.nextBoolean() ? 1 : -1);
        int square = rank * 8 + file;
        board[square] = sideToMove == Piece.WHITE ? 'p' : 'P';
        board[rank * 8 + ownFile] = sideToMove == Piece.WHITE ? 'P' : 'p';
        board[square + behind] = '*';
        board[square + 2 * behind] = '*';
        int target = square + behind;
        return "" + (char) ('a' + (target & 7)) + (char) ('1' + (target >>> 3));
    }

    private int randomSquare(char[] board, boolean pawn) {
        while (true) {
            int square = pawn ? 8 + random.nextInt(48) : random.nextInt(64);
            if (board[square] == 0) {
                return square;
            }
        }
    }

    /** A square the side to move could take en passant on, if the enemy pawn could have just double-pushed. */
    private String enPassantSquare(char[] board, int sideToMove) {
        char enemyPawn = sideToMove == Piece.WHITE ? 'p' : 'P';
        char ownPawn = sideToMove == Piece.WHITE ? 'P' : 'p';
        int rank = sideToMove == Piece.WHITE ? 4 : 3; // where the pushed pawn stands
        int behind = sideToMove == Piece.WHITE ? 8 : -8;
        for (int file = 0; file < 8; file++) {
            int square = rank * 8 + file;
            if (board[square] != enemyPawn || board[square + behind] != 0 || board[square + 2 * behind] != 0) {
                continue;
            }
            boolean capturable = (file > 0 && board[square - 1] == ownPawn) || (file < 7 && board[square + 1] == ownPawn);
            if (capturable) {
                int target = square + behind;
                return "" + (char) ('a' + (target & 7)) + (char) ('1' + (target >>> 3));
            }
        }
        return "-";
    }

    private static String placement(char[] board) {
        StringBuilder fen = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (c == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    fen.append(empty);
                    empty = 0;
                }
                fen.append(c);
            }
            if (empty > 0) {
                fen.append(empty);
            }
            if (rank > 0) {
                fen.append('/');
            }
        }
        return fen.toString();
    }
}
