package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.training.TrainingSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The network the docs and {@code kestrel train --help} call built in is the one in the jar: its file has the
 * SHA-256 that {@link BuiltInNetwork#SHA256} records, and every "built-in network (net N)" or "shipped net N" of the
 * docs names {@link BuiltInNetwork#NAME}. A new network at the resource path fails this test until the name, the
 * hash and the docs follow it.
 */
class BuiltInNetworkNameTest {
    private static final Path ROOT = Path.of("..");
    /** A doc's present-tense naming of the built-in network: "the built-in network (net 18a", "shipped net 18a". */
    private static final Pattern NAMING =
            Pattern.compile("(?i)\\b(?:built-in|shipped)(?: network)?,? \\(?(net \\d+[a-z]?)\\b");
    /** The docs that say which network is built in; each must say it at least once. */
    private static final List<String> NAMING_DOCS =
            List.of("README.md", "docs/architecture.md", "docs/nnue.md", "docs/search.md");

    @Test
    void theRecordedHashIsTheBuiltInFilesHash() throws IOException, NoSuchAlgorithmException {
        try (InputStream in = BuiltInNetwork.class.getResourceAsStream(BuiltInNetwork.RESOURCE)) {
            assertNotNull(in, "the network at " + BuiltInNetwork.RESOURCE);
            String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
            assertEquals(BuiltInNetwork.SHA256, sha256,
                    "the built-in network changed: give BuiltInNetwork its NAME and SHA256, and the docs its name");
        }
    }

    @Test
    void theDocsNameTheBuiltInNetwork() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path doc : markdownFiles()) {
            Matcher naming = NAMING.matcher(flowed(doc));
            int named = 0;
            while (naming.find()) {
                named++;
                if (!naming.group(1).equals(BuiltInNetwork.NAME)) {
                    wrong.add(ROOT.relativize(doc) + ": \"" + naming.group() + "\"");
                }
            }
            if (named == 0 && NAMING_DOCS.contains(ROOT.relativize(doc).toString().replace('\\', '/'))) {
                wrong.add(ROOT.relativize(doc) + " does not say which network is built in");
            }
        }
        assertEquals(List.of(), wrong, "the docs name another network than " + BuiltInNetwork.NAME);
        assertTrue(flowed(ROOT.resolve("docs/nnue.md")).contains(BuiltInNetwork.SHA256),
                "docs/nnue.md gives the built-in network's SHA-256");
    }

    @Test
    void trainHelpNamesTheBuiltInNetworkAndWhatItsTrainingAdded() {
        StringWriter out = new StringWriter();
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        assertEquals(0, commandLine.execute("train", "--help"));
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("the built-in network, " + BuiltInNetwork.NAME + ", adds "
                + TrainingSettings.BUILT_IN_NETWORK_OPTIONS), help);
    }

    @Test
    void theNamingPatternFindsTheDocsWays() {
        for (String text : List.of("with the built-in network (net 18a)", "The built-in network, net 18a, is",
                "the shipped net 18a (384", "shipped network (net 18a, king")) {
            Matcher naming = NAMING.matcher(text);
            assertTrue(naming.find() && naming.group(1).equals("net 18a"), text);
        }
    }

    /** The file with every run of white space, line breaks included, as one space. */
    private static String flowed(Path doc) throws IOException {
        return Files.readString(doc).replaceAll("\\s+", " ");
    }

    private static List<Path> markdownFiles() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        docs.add(ROOT.resolve("uci/src/assembly/README.md"));
        return docs;
    }
}
