package kestrel.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Zobrist keys: the 781 numbers Random64[0..780] of the Polyglot book format, laid out as Polyglot lays them out,
 * so that a position's key is its Polyglot key and books can be probed with it directly.
 *
 * <ul>
 *   <li>0..767: piece on square, index {@code 64 * kind + square} with kind = {@code piece ^ 1};</li>
 *   <li>768..771: castling rights white short, white long, black short, black long;</li>
 *   <li>772..779: en-passant file, hashed only when a pawn of the side to move can capture e.p. (pseudo-legally);</li>
 *   <li>780: XOR-ed in when White is to move.</li>
 * </ul>
 *
 * The numbers come from {@code polyglot-random64.txt}; see docs/zobrist.md.
 */
public final class Zobrist {
    private static final String RESOURCE = "polyglot-random64.txt";
    private static final long[] RANDOM64 = load();

    /** PIECE_SQUARE[piece][square]. */
    private static final long[][] PIECE_SQUARE = new long[Piece.COUNT][64];
    /** CASTLING[rights]: the XOR of the keys of every right present in the 4-bit set. */
    private static final long[] CASTLING = new long[16];
    private static final long[] EN_PASSANT_FILE = new long[8];
    private static final long WHITE_TO_MOVE = RANDOM64[780];

    static {
        for (int piece = 0; piece < Piece.COUNT; piece++) {
            for (int square = 0; square < 64; square++) {
                PIECE_SQUARE[piece][square] = RANDOM64[64 * (piece ^ 1) + square];
            }
        }
        for (int rights = 0; rights < 16; rights++) {
            long key = 0;
            for (int right = 0; right < 4; right++) {
                if ((rights & (1 << right)) != 0) {
                    key ^= RANDOM64[768 + right];
                }
            }
            CASTLING[rights] = key;
        }
        for (int file = 0; file < 8; file++) {
            EN_PASSANT_FILE[file] = RANDOM64[772 + file];
        }
    }

    private Zobrist() {
    }

    public static long piece(int piece, int square) {
        return PIECE_SQUARE[piece][square];
    }

    public static long castling(int rights) {
        return CASTLING[rights];
    }

    public static long enPassantFile(int file) {
        return EN_PASSANT_FILE[file];
    }

    public static long whiteToMove() {
        return WHITE_TO_MOVE;
    }

    private static long[] load() {
        long[] numbers = new long[781];
        try (InputStream in = Zobrist.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            int count = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                line = line.trim();
                if (line.isEmpty()) {
                    continue;
                }
                if (count == numbers.length) {
                    throw new IllegalStateException(RESOURCE + " has more than 781 numbers");
                }
                numbers[count++] = Long.parseUnsignedLong(line, 16);
            }
            if (count != numbers.length) {
                throw new IllegalStateException(RESOURCE + " has " + count + " numbers, expected 781");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return numbers;
    }
}
