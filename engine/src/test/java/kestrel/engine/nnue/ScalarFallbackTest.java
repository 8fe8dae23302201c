package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inference without the Vector API: a JVM started without {@code --add-modules jdk.incubator.vector}, as by a plain
 * {@code java -jar}, runs the scalar kernels, never loads {@link VectorKernels}, and evaluates exactly as this JVM
 * does, which has the module (Surefire's argLine) and so runs the vector kernels; and the system property
 * {@value Network#SCALAR_PROPERTY} switches them off where the module is there.
 */
class ScalarFallbackTest {
    @TempDir
    Path temporary;

    @Test
    void theTestsRunTheVectorKernels() {
        assertTrue(Network.vectorized(), "the tests' JVM should have --add-modules jdk.incubator.vector (pom argLine)");
    }

    @Test
    void withoutTheModuleTheScalarKernelsGiveTheSameEvaluations() throws Exception {
        assertProbeRunsScalarWithSameResults(List.of());
    }

    @Test
    void theScalarPropertySwitchesTheVectorKernelsOff() throws Exception {
        assertProbeRunsScalarWithSameResults(
                List.of("--add-modules", "jdk.incubator.vector", "-D" + Network.SCALAR_PROPERTY + "=true"));
    }

    private void assertProbeRunsScalarWithSameResults(List<String> jvmOptions) throws Exception {
        Path classLog = temporary.resolve("classes.log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xlog:class+load=info:file=" + classLog);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath());
        command.add(InferenceProbe.class.getName());
        Path output = temporary.resolve("output.txt");
        Path errors = temporary.resolve("errors.txt");
        Process process = new ProcessBuilder(command).redirectOutput(output.toFile()).redirectError(errors.toFile())
                .start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the probe did not finish");
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), () -> readQuietly(errors));
        assertEquals("vectorized false\n" + InferenceProbe.evaluations(), printed);
        String loaded = Files.readString(classLog, StandardCharsets.UTF_8);
        assertTrue(loaded.contains(ScalarKernels.class.getName()), "the class log should list the scalar kernels");
        assertFalse(loaded.contains(VectorKernels.class.getName()), "the vector kernels were loaded");
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The engine's classes and these tests' classes: all the probe needs. */
    private static String classPath() throws IOException {
        try {
            return Path.of(Network.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    + File.pathSeparator
                    + Path.of(InferenceProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
