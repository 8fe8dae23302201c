package kestrel.engine.syzygy;

/**
 * The two files of one material, found under the material key with White first ({@link #key}) and, unless the
 * material is symmetric, under the key with colours swapped. Either file may be missing (null): a WDL table alone
 * answers WDL probes, a DTZ table is only used together with its WDL table.
 */
final class TableEntry {
    final long key;
    final boolean symmetric;
    final SyzygyTable wdl;
    final SyzygyTable dtz;

    TableEntry(long key, SyzygyTable wdl, SyzygyTable dtz) {
        this.key = key;
        this.symmetric = key == Material.swapColors(key);
        this.wdl = wdl;
        this.dtz = dtz;
    }
}
