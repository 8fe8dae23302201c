package kestrel.uci.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;

/** Small seeded random networks written to files, for the options and commands that load one. */
public final class TestNetworkFiles {
    private TestNetworkFiles() {
    }

    public static Network random(int hidden, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return new Network(hidden, randomFeatureWeights(random, hidden), randomFeatureBiases(random, hidden),
                randomOutputWeights(random, 2 * hidden), 0);
    }

    /** As {@link #random(int, long)}, with king mirroring and {@code buckets} output buckets (format version 2). */
    public static Network random(int hidden, boolean kingMirror, int buckets, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        short[] featureWeights = randomFeatureWeights(random, hidden);
        short[] featureBiases = randomFeatureBiases(random, hidden);
        short[] outputWeights = randomOutputWeights(random, buckets * 2 * hidden);
        int[] outputBiases = new int[buckets];
        for (int bucket = 0; bucket < buckets; bucket++) {
            outputBiases[bucket] = random.nextInt(-2000, 2001);
        }
        return new Network(hidden, kingMirror, buckets, featureWeights, featureBiases, outputWeights, outputBiases);
    }

    private static short[] randomFeatureWeights(SplittableRandom random, int hidden) {
        return randomShorts(random, Features.COUNT * hidden, -120, 120);
    }

    private static short[] randomFeatureBiases(SplittableRandom random, int hidden) {
        return randomShorts(random, hidden, 0, 199);
    }

    private static short[] randomOutputWeights(SplittableRandom random, int count) {
        return randomShorts(random, count, -100, 100);
    }

    /** {@code count} values drawn uniformly from {@code min} .. {@code max}, both included. */
    private static short[] randomShorts(SplittableRandom random, int count, int min, int max) {
        short[] values = new short[count];
        for (int i = 0; i < count; i++) {
            values[i] = (short) random.nextInt(min, max + 1);
        }
        return values;
    }

    public static Path write(Path file, Network network) throws IOException {
        return Files.write(file, NetworkFile.toBytes(network));
    }
}
