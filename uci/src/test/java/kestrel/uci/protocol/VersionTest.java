package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** One version everywhere: the name the engine gives (id name, --version) is the build's, which names the zip. */
class VersionTest {

    @Test
    void theEngineVersionIsTheMavenProjectVersion() throws IOException {
        // Surefire runs in the module's folder; the parent pom's own <version> follows its <artifactId>.
        String pom = Files.readString(Path.of("..", "pom.xml"));
        Matcher version = Pattern.compile("<artifactId>kestrel-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(version.find(), "no version after kestrel-parent in ../pom.xml");
        assertEquals(version.group(1), Version.VERSION,
                "Version.VERSION must be the poms' version, which names kestrel-<version>.zip and its folder");
    }
}
