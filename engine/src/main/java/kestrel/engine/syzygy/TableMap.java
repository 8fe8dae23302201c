package kestrel.engine.syzygy;

import java.util.Arrays;

/**
 * Material key to {@link TableEntry}, by open addressing on primitive keys: a look-up allocates nothing (a
 * {@code HashMap<Long, ...>} would box the key on every probe). Filled once when the tables are opened, read-only
 * after that.
 */
final class TableMap {
    private static final long EMPTY = -1;
    private final long[] keys;
    private final TableEntry[] entries;
    private final int mask;

    TableMap(int expectedEntries) {
        int capacity = Integer.highestOneBit(Math.max(16, expectedEntries * 4 - 1)) << 1;
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        entries = new TableEntry[capacity];
        mask = capacity - 1;
    }

    void put(long key, TableEntry entry) {
        int slot = slot(key);
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        entries[slot] = entry;
    }

    /** The entry for this material, or null. */
    TableEntry get(long key) {
        int slot = slot(key);
        while (true) {
            long stored = keys[slot];
            if (stored == key) {
                return entries[slot];
            }
            if (stored == EMPTY) {
                return null;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }
}
