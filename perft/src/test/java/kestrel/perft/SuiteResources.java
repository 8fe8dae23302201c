package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/** Loads the perft suites copied into this module's test resources. */
final class SuiteResources {
    private SuiteResources() {
    }

    /** The cases of {@code /perft/<name>}, failing the test if any line is malformed. */
    static List<PerftCase> cases(String name) {
        return SuiteParser.parse(lines(name)).stream()
                .map(line -> {
                    if (line instanceof MalformedLine malformed) {
                        throw new AssertionError(name + " " + malformed);
                    }
                    return (PerftCase) line;
                })
                .collect(Collectors.toList());
    }

    static List<String> lines(String name) {
        InputStream stream = SuiteResources.class.getResourceAsStream("/perft/" + name);
        assertNotNull(stream, "missing test resource /perft/" + name);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            return reader.lines().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
