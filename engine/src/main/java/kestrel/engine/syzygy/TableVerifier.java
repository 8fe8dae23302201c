package kestrel.engine.syzygy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import kestrel.engine.FileProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks every opened table file against the checksum it ends with ({@link TableChecksum}), on a thread of its own
 * so that opening the tables never waits for it: the smallest files first, since they are done in moments and the
 * most often probed. A file whose contents do not match is put aside as a probe puts aside a table it finds corrupt,
 * and reported once to the same listener; until its turn a table is used as it is. A file that matched once in this
 * process (same path, size and modification time) is not read again when the tables are opened anew.
 *
 * <p>The check reads at most {@link #BUDGET_BYTES} of files a set: all the 3- to 5-piece tables (939 MB) and the
 * smaller 6-piece ones, in a few seconds of one core. A whole 6-piece set (150 GB) would keep a core and the disk
 * busy for many minutes at every start, and a huge file could do the same; the files beyond the budget are used
 * unchecked, and the log says how many.
 */
final class TableVerifier {
    private static final Logger LOG = LoggerFactory.getLogger(TableVerifier.class);

    /** Files whose checksum matched, as "path, size, modification time". */
    private static final Set<String> MATCHED = ConcurrentHashMap.newKeySet();
    /** The most bytes of files one set's check reads, unless a test says otherwise. */
    static final long BUDGET_BYTES = 4L << 30;

    private final List<SyzygyTable> tables;
    /** {@link Tablebases#putAside}, given the table and why. */
    private final BiConsumer<SyzygyTable, String> putAside;
    private final long budgetBytes;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean stopped;

    private TableVerifier(List<SyzygyTable> tables, BiConsumer<SyzygyTable, String> putAside, long budgetBytes) {
        this.tables = tables;
        this.putAside = putAside;
        this.budgetBytes = budgetBytes;
    }

    /**
     * Starts checking {@code tables} in the background, at most {@code budgetBytes} of them, smallest first;
     * {@code putAside} is given each damaged file with the reason, in words.
     */
    static TableVerifier start(List<SyzygyTable> tables, BiConsumer<SyzygyTable, String> putAside,
                               long budgetBytes) {
        List<SyzygyTable> bySize = new ArrayList<>(tables);
        bySize.sort(Comparator.comparingLong(SyzygyTable::fileLength));
        TableVerifier verifier = new TableVerifier(bySize, putAside, budgetBytes);
        Thread thread = new Thread(verifier::run, "syzygy-checksums");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
        return verifier;
    }

    /** Waits up to {@code millis} for every file to be checked; whether they all were. */
    boolean await(long millis) {
        try {
            return finished.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Checks no further file (the tables are being replaced); the file being read is finished first. */
    void stop() {
        stopped = true;
    }

    private void run() {
        TableChecksum checksum = new TableChecksum();
        long read = 0;
        try {
            for (int next = 0; next < tables.size() && !stopped; next++) {
                SyzygyTable table = tables.get(next);
                read += table.fileLength();
                if (read > budgetBytes) {
                    LOG.info("Syzygy: {} files beyond the checksum check's budget of {} bytes are used unchecked",
                            tables.size() - next, budgetBytes);
                    break;
                }
                if (!table.disabled()) {
                    verify(table, checksum);
                }
            }
        } finally {
            finished.countDown();
        }
    }

    /** Checks one file and puts it aside when it does not match or cannot be read. */
    private void verify(SyzygyTable table, TableChecksum checksum) {
        String damage = damage(table, checksum);
        if (damage != null) {
            putAside.accept(table, damage);
        }
    }

    /**
     * Why {@code table}'s file cannot be trusted, by the checksum it ends with, in words; null when it matches or
     * carries none. Reads the whole file unless it matched before in this process.
     */
    static String damage(SyzygyTable table, TableChecksum checksum) {
        Path path = table.path();
        try {
            String identity = path + "|" + table.fileLength() + "|" + Files.getLastModifiedTime(path).toMillis();
            if (MATCHED.contains(identity)) {
                return null;
            }
            switch (checksum.check(path)) {
                case MATCHES -> MATCHED.add(identity);
                case NONE -> LOG.debug("Syzygy: {} carries no checksum", path);
                default -> {
                    return "its contents do not match the checksum it ends with (a damaged file)";
                }
            }
            return null;
        } catch (IOException e) {
            return "cannot be read to check its checksum: " + FileProblem.ofReading(e);
        } catch (RuntimeException e) {
            return "its checksum could not be checked (" + e + ")";
        }
    }
}
