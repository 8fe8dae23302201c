package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The main code of all three modules is layered: no circle of files that use each other, and no package using one
 * above it in {@link #LAYERS}. Read from the sources (comments and strings left out), so a use shows up whether it
 * comes through an import or from the same package. A sealed type's {@code permits} list does not count: the closed
 * family it names is one concept spread over files by design.
 */
class LayeringTest {
    /** The packages from the bottom up: each may use only those before it (and itself). */
    private static final List<String> LAYERS = List.of(
            "kestrel.engine",
            "kestrel.engine.eval",
            "kestrel.engine.nnue",
            "kestrel.engine.nnue.games",
            "kestrel.engine.nnue.training",
            "kestrel.engine.book",
            "kestrel.engine.syzygy",
            "kestrel.engine.search",
            "kestrel.engine.datagen",
            "kestrel.perft",
            "kestrel.uci.protocol",
            "kestrel.uci.cli");
    private static final List<Path> SOURCE_ROOTS = List.of(
            Path.of("../engine/src/main/java"), Path.of("../perft/src/main/java"), Path.of("src/main/java"));

    private static final Pattern IMPORT =
            Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern TYPE_NAME = Pattern.compile("\\b[A-Z]\\w*\\b");
    private static final Pattern COMMENT_OR_TEXT = Pattern.compile(
            "/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])'", Pattern.DOTALL);
    private static final Pattern PERMITS = Pattern.compile("\\bpermits\\b[^{]*");

    @Test
    void noFilesUseEachOtherInACircle() {
        Map<String, Set<String>> uses = uses(sources());
        List<List<String>> circles = circles(uses);
        assertTrue(circles.isEmpty(), "files that use each other: " + circles);
    }

    @Test
    void noPackageUsesOneAboveIt() {
        Map<String, Path> sources = sources();
        Set<String> upward = new TreeSet<>();
        uses(sources).forEach((from, targets) -> {
            for (String to : targets) {
                int fromLayer = LAYERS.indexOf(packageOf(from));
                int toLayer = LAYERS.indexOf(packageOf(to));
                if (toLayer > fromLayer) {
                    upward.add(from + " -> " + to);
                }
            }
        });
        assertTrue(upward.isEmpty(), "uses of a package above: " + upward);
        Set<String> unplaced = new TreeSet<>();
        for (String type : sources.keySet()) {
            if (!LAYERS.contains(packageOf(type))) {
                unplaced.add(packageOf(type));
            }
        }
        assertEquals(Set.of(), unplaced, "packages to place in LAYERS");
    }

    @Test
    void theCheckSeesACircleAndAnUpwardUse() {
        // The two tests above pass on no findings: this shows the reading finds what they look for.
        Map<String, Set<String>> uses = new HashMap<>();
        uses.put("a.A", Set.of("a.B"));
        uses.put("a.B", Set.of("a.C"));
        uses.put("a.C", Set.of("a.A"));
        uses.put("a.D", Set.of("a.A"));
        assertEquals(List.of(List.of("a.A", "a.B", "a.C")), circles(uses));
        Map<String, Set<String>> real = uses(sources());
        assertTrue(real.get("kestrel.engine.search.Search").contains("kestrel.engine.Position"));
        assertTrue(real.get("kestrel.engine.Fen").contains("kestrel.engine.Position"), "a same-package use");
    }

    /** Every main type by its qualified name, with its file. */
    private static Map<String, Path> sources() {
        Map<String, Path> sources = new TreeMap<>();
        for (Path root : SOURCE_ROOTS) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(file -> file.toString().endsWith(".java")).forEach(file -> {
                    String relative = root.relativize(file).toString().replace('\\', '/');
                    sources.put(relative.substring(0, relative.length() - ".java".length()).replace('/', '.'), file);
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return sources;
    }

    /** For each type, the other main types its file uses: imported ones and same-package ones it names. */
    private static Map<String, Set<String>> uses(Map<String, Path> sources) {
        Map<String, Set<String>> namesByPackage = new HashMap<>();
        for (String type : sources.keySet()) {
            namesByPackage.computeIfAbsent(packageOf(type), key -> new HashSet<>()).add(simpleName(type));
        }
        Map<String, Set<String>> uses = new TreeMap<>();
        sources.forEach((type, file) -> {
            String code;
            try {
                code = COMMENT_OR_TEXT.matcher(Files.readString(file)).replaceAll(" ");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            code = PERMITS.matcher(code).replaceAll(" ");
            Set<String> used = new TreeSet<>();
            Matcher imports = IMPORT.matcher(code);
            while (imports.find()) {
                String imported = imports.group(1);
                // A static import names a member: the longest prefix that is a main type is the file used.
                for (String prefix = imported; prefix.contains("."); prefix = packageOf(prefix)) {
                    if (sources.containsKey(prefix)) {
                        used.add(prefix);
                        break;
                    }
                }
            }
            String body = IMPORT.matcher(code).replaceAll(" ");
            Set<String> samePackage = namesByPackage.get(packageOf(type));
            Matcher names = TYPE_NAME.matcher(body);
            while (names.find()) {
                if (samePackage.contains(names.group())) {
                    used.add(packageOf(type) + "." + names.group());
                }
            }
            used.remove(type);
            uses.put(type, used);
        });
        return uses;
    }

    /** The strongly connected groups of more than one type (Tarjan's algorithm, iterative), each sorted. */
    private static List<List<String>> circles(Map<String, Set<String>> uses) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<List<String>> circles = new ArrayList<>();
        for (String start : new TreeSet<>(uses.keySet())) {
            if (index.containsKey(start)) {
                continue;
            }
            Deque<Object[]> work = new ArrayDeque<>();
            work.push(new Object[] {start, new ArrayList<>(uses.getOrDefault(start, Set.of())).iterator()});
            index.put(start, index.size());
            low.put(start, index.get(start));
            stack.push(start);
            onStack.add(start);
            while (!work.isEmpty()) {
                Object[] frame = work.peek();
                String node = (String) frame[0];
                @SuppressWarnings("unchecked")
                Iterator<String> next = (Iterator<String>) frame[1];
                if (next.hasNext()) {
                    String target = next.next();
                    if (!index.containsKey(target)) {
                        index.put(target, index.size());
                        low.put(target, index.get(target));
                        stack.push(target);
                        onStack.add(target);
                        work.push(new Object[] {target,
                            new ArrayList<>(uses.getOrDefault(target, Set.of())).iterator()});
                    } else if (onStack.contains(target)) {
                        low.put(node, Math.min(low.get(node), index.get(target)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(node)));
                }
                if (low.get(node).equals(index.get(node))) {
                    List<String> group = new ArrayList<>();
                    String member;
                    do {
                        member = stack.pop();
                        onStack.remove(member);
                        group.add(member);
                    } while (!member.equals(node));
                    if (group.size() > 1) {
                        group.sort(null);
                        circles.add(group);
                    }
                }
            }
        }
        return circles;
    }

    private static String packageOf(String type) {
        return type.substring(0, type.lastIndexOf('.'));
    }

    private static String simpleName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }
}
