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
 *
 * <p>A file is not trusted: the header's numbers are checked when it is parsed (reads inside the file, the symbol
 * tree free of cycles, every symbol at most 256 values as the generator makes them), and a lookup that would step
 * outside its stream (a sparse index entry or block size pointing past the blocks, a code naming no symbol, a block
 * that decodes past its end) returns one of the negative {@code CORRUPT_*} values instead of a value.
 */
final class PairsDecoder {
    /** {@link #valueAt}: the position's index is outside the stream (the header's piece order is wrong). */
    static final int CORRUPT_POSITION_INDEX = -1;
    /** {@link #valueAt}: the sparse index or the block sizes lead outside the blocks. */
    static final int CORRUPT_SPARSE_INDEX = -2;
    /** {@link #valueAt}: a code in a block names no symbol. */
    static final int CORRUPT_CODE = -3;
    /** {@link #valueAt}: a block's codes run past the end of the block. */
    static final int CORRUPT_BLOCK = -4;

    /** The generator's symbols stand for at most 256 values (the probers keep lengths in a byte). */
    static final int MAX_SYMBOL_VALUES = 256;
    /** The generator's Huffman codes are at most 32 bits long, which the 64-bit window with 32-bit refills needs. */
    static final int MAX_CODE_LENGTH = 32;
    /** Larger blocks or sparse-index stretches than these would overflow the offsets; real tables use far less. */
    static final int MAX_BLOCK_SIZE_BITS = 30;
    static final int MAX_INDEX_BITS = 30;
    private static final int LEAF = 0xFFF;

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
    /** Values a symbol stands for, minus one; with the halves, read by {@link #readSymbols}. */
    private int[] symbolLength = new int[0];
    private int[] left = new int[0];
    private int[] right = new int[0];
    private final int symbols;
    private final long tableSize;
    private final long numIndexEntries;
    private final long sizeTableEntries;
    private final long realBlockCount;
    private long indexTableOffset;
    private long sizeTableOffset;
    private long dataOffset;
    /** Where this header and its symbol table start in the file, and where the next header starts. */
    private final long headerStart;
    private final long symbolTableOffset;
    private final long headerEnd;

    /**
     * Parses the fixed part of the header at {@code offset} of a stream of {@code tableSize} values, each at most
     * {@code maxValue}: enough to know the sizes of everything, so that a short file can be measured against the
     * whole layout before the symbols are read ({@link #readSymbols}). The offsets of the index, size and data
     * tables, which come later in the file, are set with {@link #placeIndexTable} and its siblings.
     */
    PairsDecoder(MappedTableFile file, long offset, long tableSize, int maxValue) throws TableFormatException {
        this.file = file;
        this.tableSize = tableSize;
        this.headerStart = offset;
        file.require(offset + 2);
        this.flags = file.u8(offset);
        if ((flags & 0x80) != 0) {
            singleValued = true;
            singleValue = file.u8(offset + 1);
            if (singleValue > maxValue) {
                throw new TableFormatException("stored value " + singleValue + " out of range");
            }
            blockSizeBits = indexBits = minLength = symbols = 0;
            base = new long[0];
            symbolOffset = new int[0];
            numIndexEntries = sizeTableEntries = realBlockCount = 0;
            symbolTableOffset = headerEnd = offset + 2;
            return;
        }
        singleValued = false;
        singleValue = 0;
        file.require(offset + 10);
        blockSizeBits = file.u8(offset + 1);
        indexBits = file.u8(offset + 2);
        int padding = file.u8(offset + 3);
        realBlockCount = file.u32(offset + 4);
        int maxLength = file.u8(offset + 8);
        minLength = file.u8(offset + 9);
        if (blockSizeBits > MAX_BLOCK_SIZE_BITS) {
            throw new TableFormatException("block size 2^" + blockSizeBits + " out of range");
        }
        if (indexBits < 1 || indexBits > MAX_INDEX_BITS) {
            throw new TableFormatException("sparse index step 2^" + indexBits + " out of range");
        }
        if (minLength < 1 || maxLength < minLength || maxLength > MAX_CODE_LENGTH) {
            throw new TableFormatException("code lengths " + minLength + ".." + maxLength + " out of range");
        }
        int lengths = maxLength - minLength + 1;
        file.require(offset + 12 + 2L * lengths);
        symbolOffset = new int[lengths];
        for (int i = 0; i < lengths; i++) {
            symbolOffset[i] = file.u16(offset + 10 + 2L * i);
        }
        // Canonical Huffman: codes of one length are consecutive, and the first code of length l follows from the
        // first of length l + 1 and the symbol counts. Left-aligned so a 64-bit window compares directly. The
        // longest length's base is 0, so a code search always ends.
        base = new long[lengths];
        for (int i = lengths - 2; i >= 0; i--) {
            base[i] = (base[i + 1] + symbolOffset[i] - symbolOffset[i + 1]) / 2;
        }
        for (int i = 0; i < lengths; i++) {
            base[i] <<= 64 - (minLength + i);
        }
        symbols = file.u16(offset + 10 + 2L * lengths);
        if (symbols == 0) {
            throw new TableFormatException("no symbols");
        }
        symbolTableOffset = offset + 12 + 2L * lengths;
        headerEnd = symbolTableOffset + 3L * symbols + (symbols & 1);
        numIndexEntries = (tableSize + (1L << indexBits) - 1) >>> indexBits;
        sizeTableEntries = realBlockCount + padding;
    }

    /** Reads and checks the symbols, each at most {@code maxValue}; once the file is known to hold them. */
    void readSymbols(int maxValue) throws TableFormatException {
        file.require(headerEnd);
        left = new int[symbols];
        right = new int[symbols];
        for (int s = 0; s < symbols; s++) {
            long p = symbolTableOffset + 3L * s;
            int b0 = file.u8(p);
            int b1 = file.u8(p + 1);
            int b2 = file.u8(p + 2);
            left[s] = (b1 & 0xF) << 8 | b0;
            right[s] = b2 << 4 | b1 >>> 4;
        }
        symbolLength = symbolLengths(left, right, maxValue);
    }

    /**
     * The values each symbol stands for, minus one: a leaf (right = 0xFFF) one value, an inner symbol its two halves.
     * Computed depth first with an explicit stack, so no file can overflow the thread's stack; a symbol that names
     * itself, directly or through others, a symbol past the last, a symbol longer than the generator makes, or a
     * leaf value above {@code maxValue} fails.
     */
    private static int[] symbolLengths(int[] left, int[] right, int maxValue) throws TableFormatException {
        int symbols = left.length;
        int[] length = new int[symbols];
        // 0: not reached, 1: on the stack (its halves are being computed), 2: done.
        byte[] state = new byte[symbols];
        int[] stack = new int[symbols];
        for (int root = 0; root < symbols; root++) {
            if (state[root] != 0) {
                continue;
            }
            int top = 0;
            stack[top++] = root;
            state[root] = 1;
            while (top > 0) {
                int s = stack[top - 1];
                if (right[s] == LEAF) {
                    if (left[s] > maxValue) {
                        throw new TableFormatException("symbol " + s + " holds value " + left[s] + ", out of range");
                    }
                    length[s] = 0;
                    state[s] = 2;
                    top--;
                    continue;
                }
                int first = left[s];
                int second = right[s];
                checkHalf(s, first, state);
                checkHalf(s, second, state);
                if (state[first] == 0 || state[second] == 0) {
                    int next = state[first] == 0 ? first : second;
                    stack[top++] = next;
                    state[next] = 1;
                    continue;
                }
                length[s] = length[left[s]] + length[right[s]] + 1;
                if (length[s] >= MAX_SYMBOL_VALUES) {
                    throw new TableFormatException("symbol " + s + " stands for more than " + MAX_SYMBOL_VALUES
                            + " values");
                }
                state[s] = 2;
                top--;
            }
        }
        return length;
    }

    /** A half of symbol {@code s} must be a symbol of the table and not one of the symbols {@code s} is part of. */
    private static void checkHalf(int s, int half, byte[] state) throws TableFormatException {
        if (half >= state.length) {
            throw new TableFormatException("symbol " + s + " names symbol " + half + ", but there are only "
                    + state.length);
        }
        if (state[half] == 1) {
            throw new TableFormatException("symbol " + s + " contains itself");
        }
    }

    /** What a {@code CORRUPT_*} value of {@link #valueAt} means, in words. */
    static String describe(int corrupt) {
        return switch (corrupt) {
            case CORRUPT_POSITION_INDEX -> "a position's index is outside its table";
            case CORRUPT_SPARSE_INDEX -> "the sparse index or the block sizes lead outside the blocks";
            case CORRUPT_CODE -> "a compressed block holds a code of no symbol";
            case CORRUPT_BLOCK -> "a compressed block runs past its end";
            default -> "value " + corrupt;
        };
    }

    long headerStart() {
        return headerStart;
    }

    /** Where the symbols start: 3 bytes each, two 12-bit halves (a leaf: its value and 0xFFF). */
    long symbolTableOffset() {
        return symbolTableOffset;
    }

    long headerEnd() {
        return headerEnd;
    }

    long indexTableOffset() {
        return indexTableOffset;
    }

    long sizeTableOffset() {
        return sizeTableOffset;
    }

    long dataOffset() {
        return dataOffset;
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

    /**
     * The value stored at {@code index} (0 .. tableSize - 1), or a negative {@code CORRUPT_*} value when the stream
     * leads outside itself on the way. Every loop is bounded by the stream's own extent, whatever the bytes.
     */
    int valueAt(long index) {
        if (index < 0 || index >= tableSize) {
            return CORRUPT_POSITION_INDEX;
        }
        if (singleValued) {
            return singleValue;
        }
        long mainIndex = index >>> indexBits;
        int literal = (int) (index & ((1L << indexBits) - 1)) - (1 << (indexBits - 1));
        long entry = indexTableOffset + 6 * mainIndex;
        long block = file.u32(entry);
        if (block >= sizeTableEntries) {
            return CORRUPT_SPARSE_INDEX;
        }
        literal += file.u16(entry + 4);
        if (literal < 0) {
            do {
                if (block == 0) {
                    return CORRUPT_SPARSE_INDEX;
                }
                literal += file.u16(sizeTableOffset + 2 * --block) + 1;
            } while (literal < 0);
        } else {
            int size;
            while (literal > (size = file.u16(sizeTableOffset + 2 * block))) {
                literal -= size + 1;
                if (++block == sizeTableEntries) {
                    return CORRUPT_SPARSE_INDEX;
                }
            }
        }
        if (block >= realBlockCount) {
            return CORRUPT_SPARSE_INDEX;
        }

        long pointer = dataOffset + (block << blockSizeBits);
        // A valid block is decoded before the window's refills pass its end (8 bytes are read ahead).
        long readLimit = pointer + (1L << blockSizeBits) + 8;
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
            if (Integer.compareUnsigned(symbol, symbolLength.length) >= 0) {
                return CORRUPT_CODE;
            }
            if (literal < symbolLength[symbol] + 1) {
                break;
            }
            literal -= symbolLength[symbol] + 1;
            code <<= length;
            bitsUsed += length;
            if (bitsUsed >= 32) {
                if (pointer >= readLimit) {
                    return CORRUPT_BLOCK;
                }
                bitsUsed -= 32;
                code |= (file.int32BigEndian(pointer) & 0xFFFFFFFFL) << bitsUsed;
                pointer += 4;
            }
        }
        // Descend the pair tree to the leaf that holds the value: each step to a shorter symbol, so at most 256.
        while (symbolLength[symbol] != 0) {
            int first = left[symbol];
            if (literal < symbolLength[first] + 1) {
                symbol = first;
            } else {
                literal -= symbolLength[first] + 1;
                symbol = right[symbol];
            }
        }
        return left[symbol];
    }
}
