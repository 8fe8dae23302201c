package kestrel.engine.nnue;

import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;

/**
 * One training position in 32 bytes, as {@code kestrel datagen} writes it and {@code kestrel train} reads it.
 *
 * <pre>
 *  bytes  0-7   occupancy, little-endian; bit i is square i (a1 = 0, h8 = 63)
 *  bytes  8-23  one nibble per occupied square, in increasing square order, low nibble first: the piece
 *               (Kestrel's numbering, 2 * type + colour: white pawn 0, black pawn 1, ... black king 11)
 *  byte  24     side to move: 0 White, 1 Black
 *  byte  25     the game's result from White's view: 0 Black won, 1 draw, 2 White won
 *  bytes 26-27  the search score in centipawns from White's view, signed little-endian
 *  byte  28     halfmove clock (at most 255)
 *  bytes 29-30  fullmove number, unsigned little-endian (at most 65535)
 *  byte  31     zero
 * </pre>
 *
 * Castling rights and the en-passant square are left out: the network does not see them. A file is a plain
 * sequence of records with no header, so a run that is cut off leaves every complete record readable; a reader
 * ignores a partial record at the end. See docs/nnue.md.
 */
public final class TrainingRecord {
    public static final int BYTES = 32;
    public static final int BLACK_WIN = 0, DRAW = 1, WHITE_WIN = 2;
    /** Scores beyond this (mates) are stored clamped to it. */
    public static final int MAX_SCORE = 32_000;

    private static final int PIECES_OFFSET = 8;
    private static final int SIDE_OFFSET = 24;
    private static final int RESULT_OFFSET = 25;
    private static final int SCORE_OFFSET = 26;
    private static final int HALFMOVE_OFFSET = 28;
    private static final int FULLMOVE_OFFSET = 29;

    private TrainingRecord() {
    }

    /** Writes {@code position} with its White-view score and result into {@code out} at {@code offset}. */
    public static void encode(Position position, int whiteScore, int result, byte[] out, int offset) {
        if (result < BLACK_WIN || result > WHITE_WIN) {
            throw new IllegalArgumentException("result must be 0, 1 or 2: " + result);
        }
        long occupied = position.occupied();
        if (Long.bitCount(occupied) > 32) {
            throw new IllegalArgumentException("more than 32 pieces");
        }
        putLong(out, offset, occupied);
        java.util.Arrays.fill(out, offset + PIECES_OFFSET, offset + BYTES, (byte) 0);
        int index = 0;
        for (long rest = occupied; rest != 0; rest &= rest - 1) {
            int piece = position.pieceAt(Long.numberOfTrailingZeros(rest));
            int at = offset + PIECES_OFFSET + (index >>> 1);
            out[at] |= (byte) ((index & 1) == 0 ? piece : piece << 4);
            index++;
        }
        out[offset + SIDE_OFFSET] = (byte) position.sideToMove();
        out[offset + RESULT_OFFSET] = (byte) result;
        int score = Math.max(-MAX_SCORE, Math.min(MAX_SCORE, whiteScore));
        out[offset + SCORE_OFFSET] = (byte) score;
        out[offset + SCORE_OFFSET + 1] = (byte) (score >> 8);
        out[offset + HALFMOVE_OFFSET] = (byte) Math.min(255, position.halfmoveClock());
        int fullmove = Math.min(65_535, position.fullmoveNumber());
        out[offset + FULLMOVE_OFFSET] = (byte) fullmove;
        out[offset + FULLMOVE_OFFSET + 1] = (byte) (fullmove >>> 8);
        out[offset + BYTES - 1] = 0;
    }

    /** Replaces the result of an encoded record: self-play knows it only when the game is over. */
    public static void setResult(byte[] out, int offset, int result) {
        if (result < BLACK_WIN || result > WHITE_WIN) {
            throw new IllegalArgumentException("result must be 0, 1 or 2: " + result);
        }
        out[offset + RESULT_OFFSET] = (byte) result;
    }

    public static long occupancy(byte[] in, int offset) {
        long value = 0;
        for (int i = 7; i >= 0; i--) {
            value = (value << 8) | (in[offset + i] & 0xFF);
        }
        return value;
    }

    /**
     * Fills {@code squares} and {@code pieces} with the record's pieces, in increasing square order, and returns
     * how many there are. Both arrays need room for 32.
     */
    public static int pieces(byte[] in, int offset, int[] squares, int[] pieces) {
        int count = 0;
        for (long rest = occupancy(in, offset); rest != 0; rest &= rest - 1) {
            int packed = in[offset + PIECES_OFFSET + (count >>> 1)] & 0xFF;
            squares[count] = Long.numberOfTrailingZeros(rest);
            pieces[count] = (count & 1) == 0 ? packed & 0xF : packed >>> 4;
            count++;
        }
        return count;
    }

    public static int sideToMove(byte[] in, int offset) {
        return in[offset + SIDE_OFFSET];
    }

    public static int result(byte[] in, int offset) {
        return in[offset + RESULT_OFFSET];
    }

    public static int whiteScore(byte[] in, int offset) {
        return (short) ((in[offset + SCORE_OFFSET] & 0xFF) | (in[offset + SCORE_OFFSET + 1] << 8));
    }

    public static int halfmoveClock(byte[] in, int offset) {
        return in[offset + HALFMOVE_OFFSET] & 0xFF;
    }

    public static int fullmoveNumber(byte[] in, int offset) {
        return (in[offset + FULLMOVE_OFFSET] & 0xFF) | ((in[offset + FULLMOVE_OFFSET + 1] & 0xFF) << 8);
    }

    /** The record's board as FEN, without castling rights or en passant (the record does not keep them). */
    public static String toFen(byte[] in, int offset) {
        int[] board = new int[64];
        java.util.Arrays.fill(board, Piece.NONE);
        int[] squares = new int[32];
        int[] pieces = new int[32];
        int count = pieces(in, offset, squares, pieces);
        for (int i = 0; i < count; i++) {
            board[squares[i]] = pieces[i];
        }
        StringBuilder fen = new StringBuilder(Fen.placement(square -> board[square]));
        fen.append(sideToMove(in, offset) == Piece.WHITE ? " w - - " : " b - - ")
                .append(halfmoveClock(in, offset)).append(' ').append(fullmoveNumber(in, offset));
        return fen.toString();
    }

    private static void putLong(byte[] out, int offset, long value) {
        for (int i = 0; i < 8; i++) {
            out[offset + i] = (byte) (value >>> (8 * i));
        }
    }
}
