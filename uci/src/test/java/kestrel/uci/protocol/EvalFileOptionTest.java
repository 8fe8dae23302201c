package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.nnue.BuiltInNetwork;
import kestrel.engine.nnue.Network;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** EvalFile and Use NNUE through the real loop, with networks written by the test. */
class EvalFileOptionTest {
    private static final String AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    private static final Network NETWORK = TestNetworkFiles.random(16, 9);

    @TempDir
    Path directory;

    private static String networkLine(List<String> eval) {
        return eval.stream().filter(line -> line.startsWith("network")).findFirst().orElseThrow();
    }

    private static String last(List<String> lines) {
        return lines.get(lines.size() - 1);
    }

    @Test
    void bothOptionsAreDeclared() {
        try (UciSession session = new UciSession()) {
            session.send("uci");
            List<String> lines = session.untilStartsWith("uciok");
            assertTrue(lines.contains("option name EvalFile type string default <internal>"), lines::toString);
            assertTrue(lines.contains("option name Use NNUE type check default true"), lines::toString);
        }
    }

    @Test
    void aMissingNetworkFileIsNamedAsMissing() {
        Path missing = directory.resolve("kestrel.nnue");
        try (UciSession session = new UciSession()) {
            session.send("setoption name EvalFile value " + missing);
            assertEquals(List.of("info string cannot read EvalFile " + UciException.quote(missing.toString())
                    + ": no such file; the current network stays"), session.answersBeforeReady());
        }
    }

    @Test
    void aNetworkFileIsLoadedAndEvalShowsItsScore() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        try (UciSession session = new UciSession()) {
            session.send("setoption name EvalFile value " + file);
            assertEquals(List.of("info string network " + file + " loaded, hidden size 16"),
                    session.answersBeforeReady());
            session.send("position startpos moves e2e4", "eval");
            List<String> eval = session.answersBeforeReady();
            int score = NETWORK.evaluate(Fen.parse(AFTER_E4));
            assertEquals("network " + file + " (hidden size 16): " + -score + " cp from White's view, " + score
                    + " cp for the side to move (Black)", networkLine(eval));
            assertEquals("searches use: the network", last(eval));
            session.send("go depth 4");
            assertTrue(last(session.untilStartsWith("bestmove")).startsWith("bestmove "));
        }
    }

    /** A network file of format version 2 (king mirroring, 8 output buckets) loads, evaluates and searches. */
    @Test
    void aKingMirroredBucketedNetworkIsLoadedAndEvalShowsItsScore() throws IOException {
        Network network = TestNetworkFiles.random(16, true, 8, 10);
        Path file = TestNetworkFiles.write(directory.resolve("v2.nnue"), network);
        assertEquals(2, Files.readAllBytes(file)[4]);
        try (UciSession session = new UciSession()) {
            session.send("setoption name EvalFile value " + file);
            assertEquals(List.of("info string network " + file + " loaded, hidden size 16, king mirroring, "
                    + "8 output buckets"), session.answersBeforeReady());
            session.send("position startpos moves e2e4", "eval");
            int score = network.evaluate(Fen.parse(AFTER_E4));
            assertEquals("network " + file + " (hidden size 16, king mirroring, 8 output buckets): " + -score
                    + " cp from White's view, " + score + " cp for the side to move (Black)",
                    networkLine(session.answersBeforeReady()));
            session.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e1f2 e8d7 f2e3", "go depth 6");
            assertTrue(last(session.untilStartsWith("bestmove")).startsWith("bestmove "));
        }
    }

    @Test
    void useNnueOffSwitchesSearchesToTheHandcraftedEvaluation() throws IOException {
        Path file = TestNetworkFiles.write(directory.resolve("test.nnue"), NETWORK);
        try (UciSession session = new UciSession()) {
            session.send("setoption name EvalFile value " + file, "setoption name Use NNUE value false", "eval");
            List<String> answers = session.answersBeforeReady();
            assertEquals("searches use: the handcrafted evaluation (Use NNUE is off)", last(answers));
            session.send("go depth 3");
            assertTrue(last(session.untilStartsWith("bestmove")).startsWith("bestmove "));
        }
    }

    @Test
    void aBadFileIsReportedOnceAndTheCurrentNetworkStays() throws IOException {
        Path good = TestNetworkFiles.write(directory.resolve("good.nnue"), NETWORK);
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = Files.write(directory.resolve("truncated.nnue"), Arrays.copyOf(bytes, bytes.length - 7));
        byte[] flipped = bytes.clone();
        flipped[100] ^= 1;
        Path corrupt = Files.write(directory.resolve("corrupt.nnue"), flipped);
        Path missing = directory.resolve("missing.nnue");
        try (UciSession session = new UciSession()) {
            session.send("setoption name EvalFile value " + good);
            session.answersBeforeReady();
            for (Path bad : List.of(truncated, corrupt, missing)) {
                session.send("setoption name EvalFile value " + bad);
                List<String> answers = session.answersBeforeReady();
                assertEquals(1, answers.size(), answers::toString);
                assertTrue(answers.get(0).startsWith("info string ") && answers.get(0).contains("EvalFile")
                        && answers.get(0).endsWith("the current network stays"), answers::toString);
                assertEquals(good.toString(), session.loop().options().value("EvalFile"));
            }
            session.send("eval");
            assertTrue(networkLine(session.answersBeforeReady()).startsWith("network " + good + " "));
        }
    }

    @Test
    void withoutABuiltInNetworkTheHandcraftedEvaluationIsUsed() {
        assumeTrue(BuiltInNetwork.get() == null, "a network is built in");
        try (UciSession session = new UciSession()) {
            session.send("eval");
            List<String> eval = session.answersBeforeReady();
            assertEquals(List.of("network: none loaded", "searches use: the handcrafted evaluation"),
                    eval.subList(eval.size() - 2, eval.size()));
        }
    }
}
