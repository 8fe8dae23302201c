package kestrel.engine.nnue.games;

import kestrel.engine.CastlingRights;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * A game's start in a {@link GameFile}: occupancy, piece nibbles, side and castling, en-passant square, clocks
 * (the layout is in {@link GameFile}). Read back through a FEN, so that the position is set up and checked as any
 * other. Castling is standard chess's: each right's rook on its corner.
 */
final class StartPosition {
    private static final int[] CORNERS = new int[4];

    static {
        CORNERS[CastlingRights.WHITE_KING_SIDE_INDEX] = Square.of(7, 0);
        CORNERS[CastlingRights.WHITE_QUEEN_SIDE_INDEX] = Square.of(0, 0);
        CORNERS[CastlingRights.BLACK_KING_SIDE_INDEX] = Square.of(7, 7);
        CORNERS[CastlingRights.BLACK_QUEEN_SIDE_INDEX] = Square.of(0, 7);
    }

    private static final String CASTLING_LETTERS = "KQkq";

    private StartPosition() {
    }

    /**
     * Writes {@code position}. Refuses (IllegalArgumentException) a position this layout cannot hold: more than 32
     * pieces, or a castling rook off its corner (Chess960).
     */
    static void write(Position position, FrameBuffer out) {
        long occupied = position.occupied();
        if (Long.bitCount(occupied) > 32) {
            throw new IllegalArgumentException("more than 32 pieces");
        }
        out.writeLong(occupied);
        int packed = 0;
        int index = 0;
        for (long rest = occupied; rest != 0; rest &= rest - 1) {
            int piece = position.pieceAt(Long.numberOfTrailingZeros(rest));
            if ((index & 1) == 0) {
                packed = piece;
            } else {
                out.write(packed | piece << 4);
            }
            index++;
        }
        if ((index & 1) != 0) {
            out.write(packed);
        }
        int flags = position.sideToMove();
        for (int right = 0; right < 4; right++) {
            if ((position.castlingRights() & (1 << right)) != 0) {
                if (position.castlingRookSquare(right) != CORNERS[right]) {
                    throw new IllegalArgumentException("a castling rook off its corner (Chess960) cannot be stored");
                }
                flags |= 2 << right;
            }
        }
        out.write(flags);
        out.write(position.enPassantSquare() == Square.NONE ? GameFile.NO_EN_PASSANT : position.enPassantSquare());
        out.write(Math.min(255, position.halfmoveClock()));
        int fullmove = Math.min(65_535, position.fullmoveNumber());
        out.write(fullmove);
        out.write(fullmove >>> 8);
    }

    /** The bytes the start takes in a frame, from the occupancy at {@code offset}. */
    static int length(byte[] in, int offset) {
        return 8 + (Long.bitCount(occupancy(in, offset)) + 1) / 2 + 5;
    }

    /**
     * Reads the start at {@code offset} ({@link #length} bytes). Throws GameFormatException when the bytes are no
     * position.
     */
    static Position read(byte[] in, int offset) {
        long occupied = occupancy(in, offset);
        int[] board = new int[64];
        java.util.Arrays.fill(board, Piece.NONE);
        int index = 0;
        for (long rest = occupied; rest != 0; rest &= rest - 1) {
            int packed = in[offset + 8 + (index >>> 1)] & 0xFF;
            int piece = (index & 1) == 0 ? packed & 0xF : packed >>> 4;
            if (piece >= Piece.COUNT) {
                throw new GameFormatException("bad piece code " + piece + " in a start position");
            }
            board[Long.numberOfTrailingZeros(rest)] = piece;
            index++;
        }
        int at = offset + 8 + (index + 1) / 2;
        int flags = in[at] & 0xFF;
        int enPassant = in[at + 1] & 0xFF;
        int halfmove = in[at + 2] & 0xFF;
        int fullmove = (in[at + 3] & 0xFF) | (in[at + 4] & 0xFF) << 8;
        if ((flags & ~0x1F) != 0 || enPassant > GameFile.NO_EN_PASSANT) {
            throw new GameFormatException("bad side, castling or en-passant byte in a start position");
        }
        StringBuilder fen = new StringBuilder(Fen.placement(square -> board[square]));
        fen.append((flags & 1) == 0 ? " w " : " b ");
        int rights = flags >>> 1;
        if (rights == 0) {
            fen.append('-');
        }
        for (int right = 0; right < 4; right++) {
            if ((rights & (1 << right)) != 0) {
                fen.append(CASTLING_LETTERS.charAt(right));
            }
        }
        fen.append(' ').append(enPassant == GameFile.NO_EN_PASSANT ? "-" : Square.name(enPassant));
        fen.append(' ').append(halfmove).append(' ').append(fullmove);
        try {
            return Fen.parse(fen.toString());
        } catch (FenException e) {
            throw new GameFormatException("a start position that is no position: " + e.getMessage());
        }
    }

    private static long occupancy(byte[] in, int offset) {
        long value = 0;
        for (int i = 7; i >= 0; i--) {
            value = (value << 8) | (in[offset + i] & 0xFF);
        }
        return value;
    }
}
