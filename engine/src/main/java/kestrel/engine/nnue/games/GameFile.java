package kestrel.engine.nnue.games;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The game file: training positions stored as the self-play games they come from, a game once (its start, its
 * moves, the search score of each position kept for training, its result) instead of a 32-byte {@link
 * kestrel.engine.nnue.TrainingRecord} per position. Decoding a game gives back its records bit for bit, in order:
 * each kept position is replayed on the board and encoded as datagen encodes it. {@code kestrel train} reads it
 * directly; {@code kestrel data convert} converts both ways. See docs/data.md.
 *
 * <p>Layout, version 1. Multi-byte numbers are little-endian; a varint is LEB128 (7 bits a byte, low bits first,
 * high bit set on every byte but the last); a zigzag varint is the varint of {@code (v << 1) ^ (v >> 31)}.
 *
 * <pre>
 * header   8 bytes  the magic "KestrelG" (4B 65 73 74 72 65 6C 47): 33 bits set, so never the occupancy of a
 *                   record, which has at most 32
 *          1 byte   format version: 1
 * frames, to the end of the file, each:
 *          varint   n, the bytes of the frame after this number
 *          1 byte   kind: 0, 1, 2 a game, the result (White's view: 0 Black won, 1 draw, 2 White won) that every
 *                   record of it carries; 3 raw records
 * a game (kinds 0 to 2):
 *          varint   P, the moves (at most 4,096); the game has P + 1 positions, position 0 the start, position
 *                   i + 1 the one after move i
 *          ceil((P + 1) / 8) bytes
 *                   kept bits: bit i % 8 of byte i / 8 set when position i is a record; bits past P zero
 *          8 bytes  the start's occupancy, bit s = square s (a1 = 0, h8 = 63)
 *          ceil(k / 2) bytes
 *                   a 4-bit piece code (the record's: 2 * type + colour) for each of its k pieces, in increasing
 *                   square order, low nibble first; an unused high nibble zero
 *          1 byte   bit 0 side to move (1 Black); bits 1 to 4 castling rights White king side, White queen side,
 *                   Black king side, Black queen side (standard chess: each right's rook on its corner); bits 5
 *                   to 7 zero
 *          1 byte   the en-passant square, 0 to 63, only when a pawn of the side to move can take there; else 64
 *          1 byte   halfmove clock (capped at 255, as in the record)
 *          2 bytes  fullmove number
 *          P bytes  move i as its index among the legal moves of position i sorted by {@link MoveIndex}'s key
 *          then, for each kept position in order, its search score in centipawns from White's view (at most
 *          32,000 either way, as the record clamps it) as the zigzag varint of its difference from the previous
 *          kept position's score (from 0 for the first)
 * raw records (kind 3):
 *          varint   m (at most 4,096), then m records of 32 bytes, verbatim: what no game reproduces, a record
 *                   that is no legal position or holds bytes the record's encoder never writes
 * </pre>
 *
 * A frame is whole or absent: datagen appends a game at a time, and a reader ignores a partial frame at the end of a
 * file, as it ignores a partial record in a record file.
 */
public final class GameFile {
    /** The header's first bytes. */
    public static final byte[] MAGIC = {'K', 'e', 's', 't', 'r', 'e', 'l', 'G'};
    public static final int VERSION = 1;
    /** Magic and version. */
    public static final int HEADER_BYTES = MAGIC.length + 1;
    /** The frame kind of raw records; kinds below it are games with that result. */
    public static final int RAW = 3;
    /** The en-passant byte of a start without an en-passant square. */
    public static final int NO_EN_PASSANT = 64;
    /** The most records one raw frame holds. */
    public static final int MAX_RAW_RECORDS = 4096;
    /** The most moves one game holds. */
    public static final int MAX_PLIES = 4096;

    private GameFile() {
    }

    /** True when {@code head[0 .. length)} starts with the magic. */
    public static boolean hasMagic(byte[] head, int length) {
        if (length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** True when the file starts with the magic (a game file, whatever its version). */
    public static boolean isGameFile(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(MAGIC.length);
            return hasMagic(head, head.length);
        }
    }

    /** The header of a file of this version. */
    public static byte[] header() {
        byte[] header = new byte[HEADER_BYTES];
        System.arraycopy(MAGIC, 0, header, 0, MAGIC.length);
        header[MAGIC.length] = VERSION;
        return header;
    }
}
