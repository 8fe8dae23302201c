package kestrel.uci;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import kestrel.uci.protocol.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The release zip, {@code uci/target/kestrel-<version>.zip}, carries Kestrel's licence and the licences of the
 * libraries bundled in its jar, and the jar bundles no library whose licence is not there. It reads what
 * {@code package} wrote, so the uci pom runs it at {@code verify}, once the zip exists, with
 * {@code kestrel.distribution} set; surefire's run at {@code test} does not pick it up (its name does not end in
 * Test), and skips it when {@code -Dtest} names it.
 */
@EnabledIfSystemProperty(named = "kestrel.distribution", matches = "true")
class DistributionZipCheck {
    private static final String FOLDER = "kestrel-" + Version.VERSION + "/";
    /** Where the classes of the jar may come from: Kestrel, then the libraries licenses/README.md lists. */
    private static final List<String> CLASS_ROOTS = List.of("kestrel/", "picocli/", "org/slf4j/", "ch/qos/logback/");

    @Test
    void theZipCarriesKestrelsLicenceAndTheLibrariesLicences() throws IOException {
        try (ZipFile zip = new ZipFile(zipFile().toFile())) {
            assertArrayEquals(Files.readAllBytes(Path.of("..", "LICENSE")), read(zip, FOLDER + "LICENSE"));
            List<Path> texts;
            try (Stream<Path> files = Files.list(Path.of("..", "licenses"))) {
                texts = files.sorted().toList();
            }
            assertTrue(texts.size() >= 5, "licenses/ holds the README and four licence texts: " + texts);
            for (Path text : texts) {
                assertArrayEquals(Files.readAllBytes(text), read(zip, FOLDER + "licenses/" + text.getFileName()),
                        "licenses/" + text.getFileName() + " in the zip");
            }
        }
    }

    @Test
    void theJarBundlesOnlyLibrariesWhoseLicencesAreInTheZip() throws IOException {
        Set<String> strangers = new TreeSet<>();
        try (ZipFile jar = new ZipFile(Path.of("target", "kestrel.jar").toFile())) {
            jar.stream().map(ZipEntry::getName)
                    .filter(name -> name.endsWith(".class"))
                    .map(name -> name.replaceFirst("^META-INF/versions/\\d+/", ""))
                    .filter(name -> CLASS_ROOTS.stream().noneMatch(name::startsWith))
                    .forEach(strangers::add);
        }
        assertEquals(Set.of(), strangers, "classes of a library with no licence in licenses/ (add it there and to "
                + "CLASS_ROOTS)");
        String readme = Files.readString(Path.of("..", "licenses", "README.md"));
        for (String library : List.of("Picocli", "SLF4J", "Logback")) {
            assertTrue(readme.contains(library), "licenses/README.md names " + library);
        }
    }

    private static Path zipFile() {
        Path zip = Path.of("target", "kestrel-" + Version.VERSION + ".zip");
        assertTrue(Files.isRegularFile(zip), zip + " is written by mvn package, before this check runs");
        return zip;
    }

    private static byte[] read(ZipFile zip, String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        assertNotNull(entry, name + " is in the zip");
        try (InputStream in = zip.getInputStream(entry)) {
            return in.readAllBytes();
        }
    }
}
