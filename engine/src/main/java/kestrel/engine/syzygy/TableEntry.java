package kestrel.engine.syzygy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The two files of one material, found under the material key with White first ({@link #key}) and, unless the
 * material is symmetric, under the key with colours swapped. Either file may be missing (null): a WDL table alone
 * answers WDL probes, a DTZ table is only used together with its WDL table.
 *
 * <p>Where several folders hold the material, the first copy of each file that opened is in use and the later ones
 * are kept as spares, in folder order: when the file in use is put aside (damaged, cut short), {@link Tablebases}
 * opens the next spare and puts it here, which the probes see from their next look-up on.
 */
final class TableEntry {
    final long key;
    final boolean symmetric;
    volatile SyzygyTable wdl;
    volatile SyzygyTable dtz;
    /** The further copies of the WDL file and of the DTZ file not tried yet, in folder order. Guarded by this. */
    private final List<Path> wdlSpares;
    private final List<Path> dtzSpares;
    /** The files put aside so far, to pass over another path to the same file. Guarded by this. */
    private final List<Path> putAside = new ArrayList<>();

    TableEntry(long key, SyzygyTable wdl, SyzygyTable dtz) {
        this(key, wdl, dtz, List.of(), List.of());
    }

    TableEntry(long key, SyzygyTable wdl, SyzygyTable dtz, List<Path> wdlSpares, List<Path> dtzSpares) {
        this.key = key;
        this.symmetric = key == Material.swapColors(key);
        this.wdl = wdl;
        this.dtz = dtz;
        this.wdlSpares = new ArrayList<>(wdlSpares);
        this.dtzSpares = new ArrayList<>(dtzSpares);
    }

    /** Whether a spare copy of the WDL file ({@code dtz} false) or of the DTZ file is left to try. */
    synchronized boolean hasSpare(boolean dtz) {
        return !(dtz ? dtzSpares : wdlSpares).isEmpty();
    }

    /** The next spare copy of the WDL or DTZ file, taken off the list; null when none is left. */
    synchronized Path takeSpare(boolean dtz) {
        List<Path> spares = dtz ? dtzSpares : wdlSpares;
        return spares.isEmpty() ? null : spares.remove(0);
    }

    /** Notes that the file at {@code path} was put aside. */
    synchronized void putAside(Path path) {
        putAside.add(path);
    }

    /**
     * Whether {@code path} names a file already put aside here (the same file by another path too); a path that
     * cannot be compared (a file deleted since) is not taken for one.
     */
    synchronized boolean wasPutAside(Path path) {
        for (Path bad : putAside) {
            try {
                if (Files.isSameFile(path, bad)) {
                    return true;
                }
            } catch (IOException | SecurityException e) {
                // Not comparable: the spare is tried, and its own opening says what is wrong with it.
            }
        }
        return false;
    }

    /** Puts {@code table} in use as the entry's WDL or DTZ file. */
    void use(SyzygyTable table, boolean dtz) {
        if (dtz) {
            this.dtz = table;
        } else {
            this.wdl = table;
        }
    }
}
