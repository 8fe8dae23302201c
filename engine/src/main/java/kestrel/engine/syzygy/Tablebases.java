package kestrel.engine.syzygy;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import kestrel.engine.FileProblem;
import kestrel.engine.Position;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A set of Syzygy tables opened from one or more folders: the entry point of the prober.
 *
 * <p>{@link #open} maps every {@code .rtbw}/{@code .rtbz} file it finds and parses their headers at once, so the
 * object is fixed afterwards (but for a spare copy of a file taking the place of one put aside, published through a
 * volatile field) and any number of search threads may probe it without locks. Problems (a missing
 * folder, a broken file) never throw: they are collected in {@link #problems()} and the tables that did open are
 * used; {@link #EMPTY} answers every probe with {@link Wdl#FAILED}. A table that a probe finds corrupt is put aside
 * for good and reported once ({@link #open(String, Consumer)}): the probe, and every later one of that table, fails
 * as if it were missing. {@link #startVerification} checks every file against the checksum it ends with, in the
 * background: damage inside a compressed block can decode to wrong values that no probe would notice, and such a file
 * is put aside and reported the same way.
 *
 * <p>Values are from the side to move's point of view ({@link Wdl}); DTZ is in plies to the next capture or pawn
 * move (positive when winning, 100 more for cursed wins and blessed losses).
 *
 * <p>The probes here ({@link #probeWdl}, {@link #probeDtz}, {@link #rankRootMoves}) use one {@link TablebaseProber}
 * per thread from a {@link ThreadLocal}; a search thread should rather keep its own from {@link #newProber()}.
 */
public final class Tablebases {
    private static final Logger LOG = LoggerFactory.getLogger(Tablebases.class);
    /** How long the thread that opens spares waits for more work before it ends. */
    private static final long SPARE_OPENER_IDLE_SECONDS = 10;

    /** The most pieces any Syzygy table has. */
    public static final int MAX_PIECES = TablebaseProber.MAX_PIECES;

    /** No tables: every probe fails. */
    public static final Tablebases EMPTY = new Tablebases(new TableMap(0), 0, 0, 0, List.of(), fault -> { },
            List.of(), Map.of(), MappedTableFile.DEFAULT_PIECE_BITS);

    private final TableMap tables;
    private final int maxPieces;
    private final int wdlCount;
    private final int dtzCount;
    private final List<String> problems;
    private final Consumer<String> faults;
    /** Every file opened, spares put in use included, for the check of the checksums and of the sizes. */
    private final List<SyzygyTable> files;
    /** The entry each opened file belongs to, to find its spare when it is put aside. */
    private final Map<SyzygyTable, TableEntry> entryOf;
    private final int mapPieceBits;
    /** Checks the files' checksums in the background; null until {@link #startVerification}. */
    private TableVerifier verifier;
    /** Spare copies waiting to be opened (and checked), or being opened. Guarded by this. */
    private int sparesPending;
    /**
     * Opens the spares one after another on a low-priority thread of its own, started when one is needed and ended
     * after a while without work: a burst of bad files (a damaged drive, a folder being overwritten) then reads one
     * spare at a time instead of all at once. Null until the first spare. Guarded by this.
     */
    private ThreadPoolExecutor spareOpener;
    /** Set by {@link #stopVerification}: no spare is opened, put in use or reported from then on. */
    private volatile boolean replaced;
    private final ThreadLocal<TablebaseProber> probers = ThreadLocal.withInitial(this::newProber);

    private Tablebases(TableMap tables, int maxPieces, int wdlCount, int dtzCount, List<String> problems,
            Consumer<String> faults, List<SyzygyTable> files, Map<SyzygyTable, TableEntry> entryOf,
            int mapPieceBits) {
        this.tables = tables;
        this.maxPieces = maxPieces;
        this.wdlCount = wdlCount;
        this.dtzCount = dtzCount;
        this.problems = List.copyOf(problems);
        this.faults = faults;
        this.files = new CopyOnWriteArrayList<>(files);
        this.entryOf = new ConcurrentHashMap<>(entryOf);
        this.mapPieceBits = mapPieceBits;
    }

    /**
     * Opens the tables in the folders of {@code paths}, separated by {@link File#pathSeparator}; an empty or blank
     * string (or {@code <empty>}) gives {@link #EMPTY}. Where a material is in several folders the first copy that
     * opens is used. A table that a probe later finds corrupt, or whose file does not match its checksum once
     * {@link #startVerification} has checked it, is logged and put aside; the next folder's copy of the file, if
     * there is one, then takes its place (checked first, when the check of the checksums was started).
     */
    public static Tablebases open(String paths) {
        return open(paths, fault -> { });
    }

    /**
     * As {@link #open(String)}; {@code faults} is also told, once per file and on whichever search thread found
     * it, of each table a probe finds corrupt (its path and why), which is then put aside for good; and, from the
     * background thread of {@link #startVerification}, of each file that does not match its checksum.
     */
    public static Tablebases open(String paths, Consumer<String> faults) {
        return open(paths, MappedTableFile.DEFAULT_PIECE_BITS, faults);
    }

    /** As {@link #open(String)}, mapping files in pieces of {@code 2^mapPieceBits} bytes (tests use small ones). */
    static Tablebases open(String paths, int mapPieceBits) {
        return open(paths, mapPieceBits, fault -> { });
    }

    /**
     * Never throws and never waits on a file: only regular files are opened (links followed), so a FIFO, a device
     * or a folder named like a table is reported, not opened; every header is checked before it is used.
     */
    static Tablebases open(String paths, int mapPieceBits, Consumer<String> faults) {
        if (paths == null || paths.isBlank() || paths.strip().equals("<empty>")) {
            return EMPTY;
        }
        Consumer<String> reported = fault -> {
            LOG.warn("Syzygy: {}", fault);
            faults.accept(fault);
        };
        List<String> problems = new ArrayList<>();
        // Material key (White first, as named) -> its WDL files and its DTZ files, in folder order.
        TreeMap<Long, List<List<Path>>> found = new TreeMap<>();
        for (String folder : paths.split(File.pathSeparator)) {
            if (!folder.isBlank()) {
                listTables(folder.strip(), found, problems);
            }
        }
        TableMap map = new TableMap(2 * found.size());
        int maxPieces = 0;
        int wdlCount = 0;
        int dtzCount = 0;
        List<SyzygyTable> opened = new ArrayList<>();
        Map<SyzygyTable, TableEntry> entryOf = new HashMap<>();
        for (var material : found.entrySet()) {
            long key = material.getKey();
            List<Path> wdlPaths = material.getValue().get(0);
            List<Path> dtzPaths = material.getValue().get(1);
            SyzygyTable wdl = openFirst(wdlPaths, key, false, mapPieceBits, problems);
            SyzygyTable dtz = openFirst(dtzPaths, key, true, mapPieceBits, problems);
            if (wdl == null) {
                if (dtz != null) {
                    problems.add(dtz.path() + ": a DTZ table without its WDL table, not used");
                }
                continue;
            }
            opened.add(wdl);
            if (dtz != null) {
                opened.add(dtz);
            }
            TableEntry entry = new TableEntry(key, wdl, dtz, sparesAfter(wdlPaths, wdl), sparesAfter(dtzPaths, dtz));
            entryOf.put(wdl, entry);
            if (dtz != null) {
                entryOf.put(dtz, entry);
            }
            map.put(key, entry);
            map.put(Material.swapColors(key), entry);
            maxPieces = Math.max(maxPieces, wdl.pieceCount);
            wdlCount++;
            dtzCount += dtz != null ? 1 : 0;
        }
        for (String problem : problems) {
            LOG.warn("Syzygy: {}", problem);
        }
        LOG.info("Syzygy: {} WDL and {} DTZ tables, up to {} pieces", wdlCount, dtzCount, maxPieces);
        return new Tablebases(map, maxPieces, wdlCount, dtzCount, problems, reported, opened, entryOf,
                mapPieceBits);
    }

    /** The copies of a file in the folders after the one of {@code opened} (all of them when none opened). */
    private static List<Path> sparesAfter(List<Path> paths, SyzygyTable opened) {
        return opened == null ? List.of() : paths.subList(paths.indexOf(opened.path()) + 1, paths.size());
    }

    /** Adds the table files of one folder to {@code found}; what cannot be used goes to {@code problems}. */
    private static void listTables(String folder, TreeMap<Long, List<List<Path>>> found, List<String> problems) {
        Path dir;
        try {
            dir = Path.of(folder);
        } catch (InvalidPathException e) {
            problems.add("not a valid folder name (" + e.getReason() + "): " + folder);
            return;
        }
        if (!Files.isDirectory(dir)) {
            problems.add(Files.isRegularFile(dir) ? "a file, not a folder: " + dir
                    : Files.exists(dir) ? "not a folder: " + dir : "no such folder: " + dir);
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.{rtbw,rtbz}")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                boolean dtz = name.endsWith(".rtbz");
                long key = Material.parse(name.substring(0, name.length() - 5));
                if (key < 0 || Material.pieceCount(key) > MAX_PIECES) {
                    problems.add(file + ": not a table name");
                    continue;
                }
                // Only regular files: a FIFO would block the opening thread until a writer came.
                if (!Files.isRegularFile(file)) {
                    problems.add(file + ": " + (Files.isDirectory(file) ? "a folder, not a table file"
                            : Files.exists(file) ? "not a regular file" : "a link to nothing"));
                    continue;
                }
                found.computeIfAbsent(key, k -> List.of(new ArrayList<>(), new ArrayList<>()))
                        .get(dtz ? 1 : 0).add(file);
            }
        } catch (IOException | RuntimeException e) {
            problems.add("cannot read folder " + dir + ": " + reason(e));
        }
    }

    /** The first of the files that opens; a broken one is reported and the next folder's copy tried. */
    private static SyzygyTable openFirst(List<Path> paths, long key, boolean dtz, int mapPieceBits,
            List<String> problems) {
        for (Path path : paths) {
            try {
                return new SyzygyTable(path, key, dtz, mapPieceBits);
            } catch (IOException | RuntimeException e) {
                problems.add(path + ": " + reason(e));
            }
        }
        return null;
    }

    /** Why a file or folder could not be used, in words and without repeating its path. */
    private static String reason(Exception e) {
        if (e instanceof TableFormatException) {
            return e.getMessage();
        }
        if (e instanceof IOException io) {
            return FileProblem.ofReading(io);
        }
        return "cannot be read (" + e + ")";
    }

    /** The largest piece count (kings included) of the WDL tables; 0 when none opened. */
    public int maxPieces() {
        return maxPieces;
    }

    /** WDL tables opened (materials that can be probed). */
    public int wdlTableCount() {
        return wdlCount;
    }

    /** DTZ tables opened. */
    public int dtzTableCount() {
        return dtzCount;
    }

    /** What went wrong while opening, one line each; empty when all went well. */
    public List<String> problems() {
        return problems;
    }

    /**
     * Starts checking every file against the checksum it ends with, on a thread of its own, the smallest files first;
     * a file that does not match is put aside and the listener of {@link #open(String, Consumer)} told once. Until a
     * file's turn its table is used as it is; files beyond the first 4 GiB (smallest first) are used unchecked. A
     * second call does nothing. Returns this.
     */
    public Tablebases startVerification() {
        return startVerification(TableVerifier.BUDGET_BYTES);
    }

    /** As {@link #startVerification()}, reading at most {@code budgetBytes} of files. */
    synchronized Tablebases startVerification(long budgetBytes) {
        if (verifier == null && !files.isEmpty()) {
            verifier = TableVerifier.start(List.copyOf(files), this::putAside, budgetBytes);
        }
        return this;
    }

    /**
     * Waits up to {@code millis} for the check of {@link #startVerification} to end (a damaged file is put aside and
     * reported by then, and its spare copy, if any, checked and in use), and for the spares being opened after a
     * probe's find; whether all that has ended. True at once when nothing was started.
     */
    public boolean awaitVerification(long millis) {
        long start = System.nanoTime();
        long nanos = TimeUnit.MILLISECONDS.toNanos(millis); // saturates: Long.MAX_VALUE waits for good
        TableVerifier running;
        synchronized (this) {
            running = verifier;
        }
        if (running != null && !running.await(millis)) {
            return false;
        }
        synchronized (this) {
            try {
                for (long left = nanos - (System.nanoTime() - start); sparesPending > 0 && left > 0;
                        left = nanos - (System.nanoTime() - start)) {
                    wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return sparesPending == 0;
        }
    }

    /**
     * Puts {@code table} aside for good, telling the listener of {@link #open(String, Consumer)} once, and starts
     * opening the next folder's copy of its file in its place, when there is one. Called by whoever finds the file
     * bad: a probe, the check of the checksums, the check of the sizes. Whether this call put it aside (false when
     * it was already).
     */
    boolean putAside(SyzygyTable table, String reason) {
        if (!table.disable()) {
            return false;
        }
        faults.accept(table.path() + ": " + reason + "; not used from now on");
        TableEntry entry = entryOf.get(table);
        if (entry == null) {
            return true;
        }
        entry.putAside(table.path());
        boolean dtz = entry.dtz == table;
        if (!entry.hasSpare(dtz)) {
            return true;
        }
        synchronized (this) {
            if (replaced) {
                // These tables are being replaced: the spare's line would speak of tables no longer in use.
                return true;
            }
            if (spareOpener == null) {
                spareOpener = new ThreadPoolExecutor(0, 1, SPARE_OPENER_IDLE_SECONDS, TimeUnit.SECONDS,
                        new LinkedBlockingQueue<>(), task -> {
                            // Its own thread: a search thread must not wait while a file of gigabytes is checked.
                            Thread thread = new Thread(task, "syzygy-spare");
                            thread.setDaemon(true);
                            thread.setPriority(Thread.MIN_PRIORITY);
                            return thread;
                        });
            }
            sparesPending++;
            spareOpener.execute(() -> {
                try {
                    useSpare(entry, dtz, table);
                } finally {
                    synchronized (this) {
                        sparesPending--;
                        notifyAll();
                    }
                }
            });
        }
        return true;
    }

    /**
     * Opens the spare copies of the entry's WDL or DTZ file in folder order until one opens and, when the check of the
     * checksums was started for the set, matches its own; puts that one in use. A copy of a file already put aside for
     * the entry (a folder named twice in the path) is passed over.
     */
    private void useSpare(TableEntry entry, boolean dtz, SyzygyTable broken) {
        TableChecksum checksum = new TableChecksum();
        for (Path path = entry.takeSpare(dtz); path != null && !replaced; path = entry.takeSpare(dtz)) {
            if (entry.wasPutAside(path)) {
                continue;
            }
            try {
                SyzygyTable spare = new SyzygyTable(path, entry.key, dtz, mapPieceBits);
                if (!checkedAndListed(spare, entry, checksum)) {
                    continue;
                }
                if (replaced) {
                    return;
                }
                // Said before it is in use, so that a fault a probe finds in it comes after this line.
                faults.accept(path + ": in use in place of " + broken.path());
                entry.use(spare, dtz);
                return;
            } catch (IOException | RuntimeException e) {
                if (!replaced) {
                    faults.accept(path + ": " + reason(e) + "; not used");
                }
            }
        }
    }

    /**
     * Checks a spare's checksum when the check was started for the set, then lists it among the files; whether it is
     * fit for use. Checked and listed in one step under the lock with {@link #startVerification}, so that a spare is
     * either checked here or listed before the check starts, which then reads it.
     */
    private boolean checkedAndListed(SyzygyTable spare, TableEntry entry, TableChecksum checksum) {
        boolean checked = false;
        while (true) {
            synchronized (this) {
                if (verifier == null || checked) {
                    entryOf.put(spare, entry);
                    files.add(spare);
                    return true;
                }
            }
            String damage = TableVerifier.damage(spare, checksum);
            if (damage != null) {
                spare.disable();
                entry.putAside(spare.path());
                if (!replaced) {
                    faults.accept(spare.path() + ": " + damage + "; not used");
                }
                return false;
            }
            checked = true;
        }
    }

    /**
     * Ends the check of the checksums after the file in hand, and the opening of spares after the one in hand, which
     * is then neither put in use nor reported: these tables are being replaced.
     */
    public synchronized void stopVerification() {
        replaced = true;
        if (spareOpener != null) {
            // The spares queued still run, each ending at once, so that the count of those pending comes down.
            spareOpener.shutdown();
        }
        if (verifier != null) {
            verifier.stop();
        }
    }

    /**
     * Puts aside every table whose file is now shorter than when it was opened, telling the listener of
     * {@link #open(String, Consumer)} once each; the number put aside. A read of such a file's mapping past its new
     * end is a SIGBUS, which the JVM throws as an {@code InternalError}, in compiled code not always within the
     * probe that read, so a probe cannot always catch it: whoever does catch it calls this, and the next probes fail
     * cleanly as if the table were missing. One look at each file's size.
     */
    public int putAsideCutFiles() {
        int cut = 0;
        for (SyzygyTable table : files) {
            if (!table.disabled() && table.fileShrunk() && putAside(table, FileProblem.CUT_WHILE_IN_USE)) {
                cut++;
            }
        }
        return cut;
    }

    /** The entry of a material, null when it has no table. For tests. */
    TableEntry entry(long materialKey) {
        return tables.get(materialKey);
    }

    /** A prober with its own scratch, for one thread. */
    public TablebaseProber newProber() {
        return new TablebaseProber(tables, maxPieces, this::putAside, this::putAsideCutFiles);
    }

    /** See {@link TablebaseProber#probeWdl}. */
    public int probeWdl(Position position) {
        return probers.get().probeWdl(position);
    }

    /** See {@link TablebaseProber#probeDtz}. */
    public int probeDtz(Position position) {
        return probers.get().probeDtz(position);
    }

    /** See {@link TablebaseProber#rankRootMoves}. */
    public RootMoveRanking rankRootMoves(Position position, boolean useRule50) {
        return probers.get().rankRootMoves(position, useRule50);
    }

}
