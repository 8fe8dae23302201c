package kestrel.engine.syzygy;

/**
 * One compressed value stream of a table file (one side to move, one leading-pawn file): random access to the
 * value at any index.
 *
 * <p>The generator compresses a table's values (one byte per position index) in two stages. First "recursive
 * pairing" (Re-Pair): the most frequent pair of adjacent symbols becomes a new symbol, again and again, so one
 * symbol stands for a run of values, described as a binary tree of (left, right) symbols with values at the leaves.
 * Then the symbols are coded with a canonical Huffman code, in blocks of {@code 2^blockSizeBits} bytes, each holding
 * a whole number of symbols (at most 65536 values: the size table stores each block's value count minus one).
 *
 * <p>Finding index {@code i}: the sparse index holds, for every {@code 2^indexBits} values, the block and the offset
 * inside it of the value in the middle of that stretch; from there the size table is walked forward or back to the
 * block that holds {@code i}. The block is then decoded symbol by symbol, skipping whole symbols (their lengths in
 * values are known) until the symbol that covers {@code i}, whose tree is descended to the value.
 *
 * <p>The header is parsed once into arrays; the per-lookup work reads only the mapped file and those arrays.
 */
final class PairsDecoder {
    private final MappedTableFile file;
    /** True when the whole stream is one value ({@link #singleValue}); nothing else is stored then. */
    private final boolean singleValued;
    private final int singleValue;
    private final int flags;
    private final int blockSizeBits;
    private final int indexBits;
    private final int minLength;
    /** {@code base[l - minLength]}: the smallest code of length l, left-aligned in 64 bits (compared unsigned). */
    private final long[] base;
    /** {@code symbolOffset[l - minLength]}: the first symbol number of the codes of length l. */
    private final int[] symbolOffset;
    /** Values a symbol stands for, minus one. */
    private final int[] symbolLength;
    private final int[] left;
    private final int[] right;
    private final long tableSize;
    private final long numIndexEntries;
    private final long sizeTableEntries;
    private final long realBlockCount;
    private long indexTableOffset;
    private long sizeTableOffset;
    private long dataOffset;
    /** Where the next header starts in the file. */
    private final long headerEnd;

    /**
     * Parses the header at {@code offset} of a stream of {@code tableSize} values. The offsets of the index, size
     * and data tables, which come later in the file, are set with {@link #placeIndexTable} and its siblings.
     */
    PairsDecoder(MappedTableFile file, long offset, long tableSize) {
        this.file = file;
        this.tableSize = tableSize;
        this.flags = file.u8(offset);
        if ((flags & 0x80) != 0) {
            singleValued = true;
            singleValue = file.u8(offset + 1);
            blockSizeBits = indexBits = minLength = 0;
            base = new long[0];
            symbolOffset = symbolLength = left = right = new int[0];
            numIndexEntries = sizeTableEntries = realBlockCount = 0;
            headerEnd = offset + 2;
            return;
        }
        singleValued = false;
        singleValue = 0;
        blockSizeBits = file.u8(offset + 1);
        indexBits = file.u8(offset + 2);
        int padding = file.u8(offset + 3);
        realBlockCount = file.u32(offset + 4);
        int maxLength = file.u8(offset + 8);
        minLength = file.u8(offset + 9);
        int lengths = maxLength - minLength + 1;
        symbolOffset = new int[lengths];
        for (int i = 0; i < lengths; i++) {
            symbolOffset[i] = file.u16(offset + 10 + 2L * i);
        }
        // Canonical Huffman: codes of one length are consecutive, and the first code of length l follows from the
        // first of length l + 1 and the symbol counts. Left-aligned so a 64-bit window compares directly.
        base = new long[lengths];
        for (int i = lengths - 2; i >= 0; i--) {
            base[i] = (base[i + 1] + symbolOffset[i] - symbolOffset[i + 1]) / 2;
        }
        for (int i = 0; i < lengths; i++) {
            base[i] <<= 64 - (minLength + i);
        }
        int symbols = file.u16(offset + 10 + 2L * lengths);
        long patterns = offset + 12 + 2L * lengths;
        left = new int[symbols];
        right = new int[symbols];
        for (int s = 0; s < symbols; s++) {
            long p = patterns + 3L * s;
            int b0 = file.u8(p);
            int b1 = file.u8(p + 1);
            int b2 = file.u8(p + 2);
            left[s] = (b1 & 0xF) << 8 | b0;
            right[s] = b2 << 4 | b1 >>> 4;
        }
        symbolLength = new int[symbols];
        boolean[] known = new boolean[symbols];
        for (int s = 0; s < symbols; s++) {
            computeLength(s, known);
        }
        headerEnd = patterns + 3L * symbols + (symbols & 1);
        numIndexEntries = (tableSize + (1L << indexBits) - 1) >>> indexBits;
        sizeTableEntries = realBlockCount + padding;
    }

    /** A leaf (right = 0xFFF) stands for one value; an inner symbol for its two halves. */
    private void computeLength(int symbol, boolean[] known) {
        if (known[symbol]) {
            return;
        }
        if (right[symbol] == 0xFFF) {
            symbolLength[symbol] = 0;
        } else {
            computeLength(left[symbol], known);
            computeLength(right[symbol], known);
            symbolLength[symbol] = symbolLength[left[symbol]] + symbolLength[right[symbol]] + 1;
        }
        known[symbol] = true;
    }

    long headerEnd() {
        return headerEnd;
    }

    /** The flags byte of the header: for DTZ, the stored side and how values are scaled (see {@link SyzygyTable}). */
    int flags() {
        return flags;
    }

    long tableSize() {
        return tableSize;
    }

    /** Bytes of the sparse index: 6 per {@code 2^indexBits} values (a 32-bit block, a 16-bit offset). */
    long indexTableBytes() {
        return 6 * numIndexEntries;
    }

    long sizeTableBytes() {
        return 2 * sizeTableEntries;
    }

    long dataBytes() {
        return realBlockCount << blockSizeBits;
    }

    void placeIndexTable(long offset) {
        indexTableOffset = offset;
    }

    void placeSizeTable(long offset) {
        sizeTableOffset = offset;
    }

    void placeData(long offset) {
        dataOffset = offset;
    }

    /** The value stored at {@code index} (0 .. tableSize - 1). */
    int valueAt(long index) {
        if (singleValued) {
            return singleValue;
        }
        long mainIndex = index >>> indexBits;
        int literal = (int) (index & ((1L << indexBits) - 1)) - (1 << (indexBits - 1));
        long entry = indexTableOffset + 6 * mainIndex;
        long block = file.u32(entry);
        literal += file.u16(entry + 4);
        if (literal < 0) {
            do {
                literal += file.u16(sizeTableOffset + 2 * --block) + 1;
            } while (literal < 0);
        } else {
            int size;
            while (literal > (size = file.u16(sizeTableOffset + 2 * block))) {
                literal -= size + 1;
                block++;
            }
        }

        long pointer = dataOffset + (block << blockSizeBits);
        long code = file.long64BigEndian(pointer);
        pointer += 8;
        int bitsUsed = 0;
        int symbol;
        while (true) {
            int l = 0;
            while (Long.compareUnsigned(code, base[l]) < 0) {
                l++;
            }
            int length = l + minLength;
            symbol = symbolOffset[l] + (int) ((code - base[l]) >>> (64 - length));
            if (literal < symbolLength[symbol] + 1) {
                break;
            }
            literal -= symbolLength[symbol] + 1;
            code <<= length;
            bitsUsed += length;
            if (bitsUsed >= 32) {
                bitsUsed -= 32;
                code |= (file.int32BigEndian(pointer) & 0xFFFFFFFFL) << bitsUsed;
                pointer += 4;
            }
        }
        // Descend the pair tree to the leaf that holds the value.
        while (symbolLength[symbol] != 0) {
            int first = left[symbol];
            if (literal < symbolLength[first] + 1) {
                symbol = first;
            } else {
                literal -= symbolLength[first] + 1;
                symbol = right[symbol];
            }
        }
        return left[symbol] & 0xFF;
    }
}
