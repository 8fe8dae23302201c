package kestrel.uci.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kestrel syzygy-check}: each table file against its checksum, on copies of the test resources' tables. */
class SyzygyCheckCommandTest {
    @TempDir
    Path directory;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... folders) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] args = new String[folders.length + 1];
        args[0] = "syzygy-check";
        System.arraycopy(folders, 0, args, 1, folders.length);
        return commandLine.execute(args);
    }

    private Path copies(String... tables) throws IOException, URISyntaxException {
        Path resources = Path.of(Objects.requireNonNull(getClass().getResource("/syzygy/KQvK.rtbw")).toURI())
                .getParent();
        for (String table : tables) {
            Files.copy(resources.resolve(table), directory.resolve(table));
        }
        return directory;
    }

    private List<String> lines() {
        return out.toString().lines().toList();
    }

    @Test
    void wholeTablesAreAllOk() throws Exception {
        Path folder = copies("KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw");
        assertEquals(0, run(folder.toString()), err::toString);
        List<String> lines = lines();
        assertEquals(List.of(folder.resolve("KQvK.rtbw") + ": ok", folder.resolve("KQvK.rtbz") + ": ok",
                folder.resolve("KRvK.rtbw") + ": ok"), lines.subList(0, 3));
        assertEquals(4, lines.size());
        assertTrue(lines.get(3).startsWith("3 files, 5,872 bytes in "), lines.get(3));
        assertTrue(lines.get(3).endsWith(": 0 damaged or unreadable, 0 without a checksum"), lines.get(3));
    }

    @Test
    void aDamagedFileFailsTheCheckAndIsNamed() throws Exception {
        Path folder = copies("KQvK.rtbw", "KQvKR.rtbw");
        byte[] bytes = Files.readAllBytes(folder.resolve("KQvKR.rtbw"));
        bytes[bytes.length - 40] ^= 0x01;
        Files.write(folder.resolve("KQvKR.rtbw"), bytes);
        assertEquals(1, run(folder.toString()));
        assertEquals(List.of(folder.resolve("KQvK.rtbw") + ": ok", folder.resolve("KQvKR.rtbw")
                + ": DAMAGED: its contents do not match the checksum it ends with"), lines().subList(0, 2));
        assertTrue(lines().get(2).endsWith(": 1 damaged or unreadable, 0 without a checksum"));
    }

    @Test
    void aMissingFolderIsBadInput() {
        Path missing = directory.resolve("no-such-folder");
        assertEquals(2, run(missing.toString()));
        assertTrue(err.toString().startsWith("error: cannot read folder " + missing + ": "), err::toString);
    }
}
