package kestrel.engine.syzygy;

import java.io.IOException;
import java.nio.file.Path;
import kestrel.engine.Piece;

/**
 * One table file, {@code .rtbw} (win/draw/loss) or {@code .rtbz} (distance to zeroing), with its header parsed.
 *
 * <p>Layout, all numbers little-endian:
 * <pre>
 *  4 bytes   magic: 71 E8 23 5D (WDL) or D7 66 0C A5 (DTZ)
 *  1 byte    bit 0: both sides to move stored (WDL of an asymmetric table), bit 1: the table has pawns
 *  per file (1, or 4 with pawns: leading pawn on a, b, c, d):
 *            1 byte order of the leading group (low nibble side 0, high nibble side 1),
 *            1 more byte, only when both sides have pawns: order of the other pawns,
 *            one byte per piece: its code (low nibble side 0, high nibble side 1)
 *  pad to an even offset
 *  per file, per side: the decoder header (see PairsDecoder), each padded to even
 *  DTZ only: per file whose flags say "mapped", four value maps (win, loss, cursed win, blessed loss),
 *            each a count and that many values (bytes, or 16-bit words after an even pad when "wide"); pad to even
 *  per file, per side: the sparse index; then per file, per side: the block sizes
 *  per file, per side: the compressed blocks, each stream starting at a multiple of 64
 * </pre>
 * Nothing is parsed lazily: once constructed the object is immutable and serves every thread.
 */
final class SyzygyTable {
    static final long WDL_MAGIC = 0x5d23e871L;
    static final long DTZ_MAGIC = 0xa50c66d7L;
    /** DTZ flags, per file. */
    static final int DTZ_STORED_SIDE = 1;
    static final int DTZ_MAPPED = 2;
    static final int DTZ_WIN_IN_PLIES = 4;
    static final int DTZ_LOSS_IN_PLIES = 8;
    static final int DTZ_WIDE_MAP = 16;

    final boolean dtz;
    final long materialKey;
    final int pieceCount;
    final boolean hasPawns;
    /** Table colour of the leading pawns (White unless Black has fewer pawns, but some). */
    final int leadColor;
    final int leadPawns;
    final int otherPawns;
    /** {@code parts[file][side]}; one side for DTZ and symmetric WDL tables. */
    final TablePart[][] parts;
    /** DTZ: flags per file. */
    final int[] dtzFlags;
    /** DTZ: {@code dtzMaps[file][category]} with categories win, loss, cursed win, blessed loss; null if unmapped. */
    final int[][][] dtzMaps;
    private final MappedTableFile file;

    /** Maps and parses the file; a broken file is an {@link IOException} naming what is wrong. */
    SyzygyTable(Path path, long materialKey, boolean dtz, int mapPieceBits) throws IOException {
        this.dtz = dtz;
        this.materialKey = materialKey;
        this.file = MappedTableFile.open(path, mapPieceBits);
        this.pieceCount = Material.pieceCount(materialKey);
        int whitePawns = Material.pawns(materialKey, Piece.WHITE);
        int blackPawns = Material.pawns(materialKey, Piece.BLACK);
        this.hasPawns = whitePawns + blackPawns > 0;
        this.leadColor = blackPawns > 0 && (whitePawns == 0 || blackPawns < whitePawns) ? Piece.BLACK : Piece.WHITE;
        this.leadPawns = leadColor == Piece.WHITE ? whitePawns : blackPawns;
        this.otherPawns = leadColor == Piece.WHITE ? blackPawns : whitePawns;
        boolean symmetric = materialKey == Material.swapColors(materialKey);

        if (file.length() < 16) {
            throw new IOException("too short to be a table (" + file.length() + " bytes)");
        }
        long magic = file.u32(0);
        if (magic != (dtz ? DTZ_MAGIC : WDL_MAGIC)) {
            throw new IOException(String.format("bad magic number %08x", magic));
        }
        int flags = file.u8(4);
        boolean split = !dtz && (flags & 1) != 0;
        if (((flags & 2) != 0) != hasPawns) {
            throw new IOException("the pawn flag does not match the table's name");
        }
        if (!dtz && split == symmetric) {
            throw new IOException("the side flag does not match the table's name");
        }
        int sides = split ? 2 : 1;
        int files = hasPawns ? 4 : 1;
        parts = new TablePart[files][sides];
        dtzFlags = new int[files];
        dtzMaps = new int[files][][];

        long offset = 5;
        boolean threeUnique = countUniquePieces(materialKey) >= 3;
        for (int f = 0; f < files; f++) {
            int orderByte = file.u8(offset);
            int order2Byte = hasPawns && otherPawns > 0 ? file.u8(offset + 1) : 0xFF;
            offset += hasPawns && otherPawns > 0 ? 2 : 1;
            for (int side = 0; side < sides; side++) {
                int shift = side == 0 ? 0 : 4;
                int[] pieces = new int[pieceCount];
                for (int k = 0; k < pieceCount; k++) {
                    pieces[k] = file.u8(offset + k) >>> shift & 0xF;
                }
                checkPieces(pieces);
                int order = orderByte >>> shift & 0xF;
                int order2 = order2Byte >>> shift & 0xF;
                parts[f][side] = hasPawns
                        ? TablePart.withPawns(pieces, order, order2, leadPawns, otherPawns, f)
                        : TablePart.withoutPawns(pieces, order, threeUnique);
            }
            offset += pieceCount;
        }
        offset += offset & 1;

        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                PairsDecoder decoder = new PairsDecoder(file, offset, parts[f][side].size);
                parts[f][side].decoder = decoder;
                offset = decoder.headerEnd();
            }
        }
        if (dtz) {
            offset = readDtzMaps(offset);
        }
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                parts[f][side].decoder.placeIndexTable(offset);
                offset += parts[f][side].decoder.indexTableBytes();
            }
        }
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                parts[f][side].decoder.placeSizeTable(offset);
                offset += parts[f][side].decoder.sizeTableBytes();
            }
        }
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                offset = (offset + 63) & ~63L;
                parts[f][side].decoder.placeData(offset);
                offset += parts[f][side].decoder.dataBytes();
            }
        }
        if (offset > file.length()) {
            throw new IOException("truncated: the header describes " + offset + " bytes, the file has "
                    + file.length());
        }
    }

    private long readDtzMaps(long offset) throws IOException {
        for (int f = 0; f < parts.length; f++) {
            int flags = parts[f][0].decoder.flags();
            dtzFlags[f] = flags;
            if ((flags & DTZ_MAPPED) == 0) {
                continue;
            }
            boolean wide = (flags & DTZ_WIDE_MAP) != 0;
            if (wide) {
                offset += offset & 1;
            }
            int[][] maps = new int[4][];
            for (int category = 0; category < 4; category++) {
                int count = wide ? file.u16(offset) : file.u8(offset);
                offset += wide ? 2 : 1;
                maps[category] = new int[count];
                for (int i = 0; i < count; i++) {
                    maps[category][i] = wide ? file.u16(offset) : file.u8(offset);
                    offset += wide ? 2 : 1;
                }
                if (offset > file.length()) {
                    throw new IOException("truncated in the DTZ value maps");
                }
            }
            dtzMaps[f] = maps;
        }
        return offset + (offset & 1);
    }

    /** The pieces listed in the header must be this table's material. */
    private void checkPieces(int[] pieces) throws IOException {
        long key = 0;
        int kings = 0;
        for (int code : pieces) {
            int type = (code & 7) - 1;
            int color = code >>> 3;
            if (type < Piece.PAWN || type > Piece.KING || color > 1) {
                throw new IOException("bad piece code " + code + " in the header");
            }
            if (type == Piece.KING) {
                kings++;
            } else {
                key += 1L << 4 * (5 * color + type);
            }
        }
        if (kings != 2 || key != materialKey) {
            throw new IOException("the header's pieces are not " + Material.name(materialKey));
        }
        if (hasPawns && (pieces[0] != (Piece.PAWN + 1 | leadColor << 3))) {
            throw new IOException("the header does not start with the leading pawns");
        }
    }

    /** Kinds of piece (kings included) present exactly once: three or more allow the 3-piece leading group. */
    private static int countUniquePieces(long key) {
        int unique = 2;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            for (int type = Piece.PAWN; type <= Piece.QUEEN; type++) {
                if (Material.count(key, color, type) == 1) {
                    unique++;
                }
            }
        }
        return unique;
    }

    Path path() {
        return file.path();
    }

    int mapPieces() {
        return file.pieceCount();
    }
}
