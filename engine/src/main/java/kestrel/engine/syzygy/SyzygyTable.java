package kestrel.engine.syzygy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import kestrel.engine.FileProblem;
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
    /** WDL values are stored as 0..4 (loss .. win); DTZ values are any 12-bit leaf. */
    static final int MAX_WDL_VALUE = 4;
    static final int MAX_DTZ_VALUE = 0xFFF;
    /** More than any file holds; where the sum of a header's table sizes stops counting. */
    private static final long MAX_DESCRIBED_BYTES = 1L << 62;

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
    /** Set, once, when a probe finds the file corrupt: it is not read again. */
    private final AtomicBoolean disabled = new AtomicBoolean();

    /**
     * Maps and parses the file, checking every number of the header against the file's size and the material's
     * structure; a broken file is an {@link IOException} naming what is wrong.
     */
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

        file.require(5);
        long magic = file.u32(0);
        if (magic != (dtz ? DTZ_MAGIC : WDL_MAGIC)) {
            throw new TableFormatException(String.format("not a %s table (magic number %08x)",
                    dtz ? "DTZ" : "WDL", magic));
        }
        int flags = file.u8(4);
        boolean split = !dtz && (flags & 1) != 0;
        if (((flags & 2) != 0) != hasPawns) {
            throw new TableFormatException("the pawn flag does not match the table's name");
        }
        if (!dtz && split == symmetric) {
            throw new TableFormatException("the side flag does not match the table's name");
        }
        int sides = split ? 2 : 1;
        int files = hasPawns ? 4 : 1;
        parts = new TablePart[files][sides];
        dtzFlags = new int[files];
        dtzMaps = new int[files][][];

        long offset = 5;
        boolean threeUnique = countUniquePieces(materialKey) >= 3;
        for (int f = 0; f < files; f++) {
            file.require(offset + (hasPawns && otherPawns > 0 ? 2 : 1) + pieceCount);
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
                PairsDecoder decoder = new PairsDecoder(file, offset, parts[f][side].size,
                        dtz ? MAX_DTZ_VALUE : MAX_WDL_VALUE);
                parts[f][side].decoder = decoder;
                offset = decoder.headerEnd();
            }
        }
        if (dtz) {
            offset = readDtzMaps(offset);
        }
        // The tables the headers describe, in order. Each is under 2^62 bytes, and the sum is capped there, so a
        // header's absurd sizes cannot overflow it.
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                parts[f][side].decoder.placeIndexTable(offset);
                offset = advance(offset, parts[f][side].decoder.indexTableBytes());
            }
        }
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                parts[f][side].decoder.placeSizeTable(offset);
                offset = advance(offset, parts[f][side].decoder.sizeTableBytes());
            }
        }
        for (int f = 0; f < files; f++) {
            for (int side = 0; side < sides; side++) {
                offset = (offset + 63) & ~63L;
                parts[f][side].decoder.placeData(offset);
                offset = advance(offset, parts[f][side].decoder.dataBytes());
            }
        }
        if (offset > file.length()) {
            throw TableFormatException.truncated(file.length(), offset, false);
        }
        for (TablePart[] sidesOfFile : parts) {
            for (TablePart part : sidesOfFile) {
                part.decoder.readSymbols(dtz ? MAX_DTZ_VALUE : MAX_WDL_VALUE);
            }
        }
    }

    private static long advance(long offset, long bytes) {
        return Math.min(offset + bytes, MAX_DESCRIBED_BYTES);
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
            int width = wide ? 2 : 1;
            int[][] maps = new int[4][];
            for (int category = 0; category < 4; category++) {
                file.require(offset + width);
                int count = wide ? file.u16(offset) : file.u8(offset);
                offset += width;
                file.require(offset + (long) width * count);
                maps[category] = new int[count];
                for (int i = 0; i < count; i++) {
                    maps[category][i] = wide ? file.u16(offset) : file.u8(offset);
                    offset += width;
                }
            }
            dtzMaps[f] = maps;
        }
        return offset + (offset & 1);
    }

    /** The pieces listed in the header must be this table's material. */
    private void checkPieces(int[] pieces) throws TableFormatException {
        long key = 0;
        int kings = 0;
        for (int code : pieces) {
            int type = (code & 7) - 1;
            int color = code >>> 3;
            if (type < Piece.PAWN || type > Piece.KING || color > 1) {
                throw new TableFormatException("bad piece code " + code + " in the header");
            }
            if (type == Piece.KING) {
                kings++;
            } else {
                key += 1L << 4 * (5 * color + type);
            }
        }
        if (kings != 2 || key != materialKey) {
            throw new TableFormatException("the header's pieces are not " + Material.name(materialKey));
        }
        // The index encodes the first pieces as the leading group: they must be what the encoders expect there.
        if (hasPawns) {
            int leadPawn = Piece.PAWN + 1 | leadColor << 3;
            int otherPawn = Piece.PAWN + 1 | (leadColor ^ 1) << 3;
            for (int i = 0; i < leadPawns + otherPawns; i++) {
                if (pieces[i] != (i < leadPawns ? leadPawn : otherPawn)) {
                    throw new TableFormatException("the header does not start with the pawns");
                }
            }
        } else if (countUniquePieces(materialKey) < 3
                && ((pieces[0] & 7) != Piece.KING + 1 || (pieces[1] & 7) != Piece.KING + 1)) {
            throw new TableFormatException("the header does not start with the kings");
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

    /**
     * Where each structure of the file starts, in file order, by name ("symbols 0/1": file 0, side 1), ending with
     * the end the header describes: the boundaries the fuzz tests cut and damage at.
     */
    Map<String, Long> layout() {
        Map<String, Long> starts = new LinkedHashMap<>();
        starts.put("magic", 0L);
        starts.put("flags", 4L);
        starts.put("pieces", 5L);
        for (int f = 0; f < parts.length; f++) {
            for (int side = 0; side < parts[f].length; side++) {
                PairsDecoder decoder = parts[f][side].decoder;
                starts.put("stream header " + f + "/" + side, decoder.headerStart());
                starts.put("symbols " + f + "/" + side, decoder.symbolTableOffset());
            }
        }
        PairsDecoder last = parts[parts.length - 1][parts[parts.length - 1].length - 1].decoder;
        if (dtz) {
            starts.put("value maps", last.headerEnd());
        }
        for (String table : List.of("sparse index ", "block sizes ", "blocks ")) {
            for (int f = 0; f < parts.length; f++) {
                for (int side = 0; side < parts[f].length; side++) {
                    PairsDecoder decoder = parts[f][side].decoder;
                    starts.put(table + f + "/" + side, table.startsWith("sparse") ? decoder.indexTableOffset()
                            : table.startsWith("block sizes") ? decoder.sizeTableOffset() : decoder.dataOffset());
                }
            }
        }
        starts.put("end", last.dataOffset() + last.dataBytes());
        return starts;
    }

    /** The file's length as it was mapped. */
    long fileLength() {
        return file.length();
    }

    /** Whether the file is now shorter than its mapping ({@link FileProblem#cutShort}). */
    boolean fileShrunk() {
        return FileProblem.cutShort(file.path(), file.length());
    }

    /** Whether a probe found the file corrupt. */
    boolean disabled() {
        return disabled.get();
    }

    /** Marks the file corrupt; true for the one call that did, so it is reported once. */
    boolean disable() {
        return disabled.compareAndSet(false, true);
    }

    int mapPieces() {
        return file.pieceCount();
    }
}
