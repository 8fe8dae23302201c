package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The docs name no path that exists on one machine only: no home folder ({@code ~/sprt}, {@code $HOME/kestrel-data}),
 * no {@code /root}, {@code /home/...}, {@code /tmp/...} or the project machine's {@code /work/...}. A reader elsewhere
 * has none of them; the docs say what a folder is instead ({@code $KESTREL_DATA}, {@code ../shared/...}, a
 * placeholder). Maven's own local repository, {@code $HOME/.m2/}, is the same on every machine and may be named.
 * Every Markdown file of the repository is read, and the results ledger.
 */
class MachineLocalPathsTest {
    private static final Path ROOT = Path.of("..");
    /** A home folder, an administrator's home, a user's home, the temporary folder, the project machine's root. */
    private static final Pattern LOCAL_PATH = Pattern.compile(
            "(?<![\\w.])~/|\\$\\{?HOME\\}?/(?!\\.m2/)|(?<![\\w.])/(?:root|home/\\w+|Users/\\w+|tmp|work)(?:/|\\b)");

    @Test
    void theDocsNameNoPathOfOneMachine() throws IOException {
        List<Path> docs = docs();
        assertTrue(docs.contains(ROOT.resolve("README.md")) && docs.contains(ROOT.resolve("docs/search.md")),
                "the walk finds the docs: " + docs);
        List<String> found = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher local = LOCAL_PATH.matcher(lines.get(i));
                while (local.find()) {
                    found.add(ROOT.relativize(doc) + ":" + (i + 1) + ": " + local.group() + " in: " + lines.get(i).strip());
                }
            }
        }
        assertEquals(List.of(), found, "machine-local paths in the docs");
    }

    @Test
    void thePatternCatchesWhatItIsFor() {
        for (String local : List.of("jars in `~/sprt/`", "into $HOME/kestrel-data/", "${HOME}/x", "cp a /tmp/net8.nnue",
                "/root/.m2", "/home/me/data", "/work/shared/data/syzygy", "OUT=/tmp")) {
            assertTrue(LOCAL_PATH.matcher(local).find(), local);
        }
        for (String fine : List.of("../shared/data/syzygy", "$KESTREL_DATA/syzygy-extra", "$HOME/.m2/repository/org",
                "docs/work/x", "3 s + 0.03 s", "/path/to/kestrel.jar", "/usr/games/stockfish", "kestrel~/x")) {
            assertTrue(!LOCAL_PATH.matcher(fine).find(), fine);
        }
    }

    /** Every Markdown file outside build output and hidden folders, and the results ledger. */
    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>();
        Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName().toString();
                boolean skipped = !dir.equals(ROOT)
                        && (name.startsWith(".") || name.equals("target") || name.equals("node_modules"));
                return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (file.getFileName().toString().endsWith(".md") || file.equals(ROOT.resolve("docs/results.tsv"))) {
                    docs.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        docs.sort(null);
        return docs;
    }
}
