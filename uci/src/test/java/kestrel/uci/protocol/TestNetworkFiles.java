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
        short[] featureWeights = new short[Features.COUNT * hidden];
        for (int i = 0; i < featureWeights.length; i++) {
            featureWeights[i] = (short) random.nextInt(-120, 121);
        }
        short[] featureBiases = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            featureBiases[i] = (short) random.nextInt(0, 200);
        }
        short[] outputWeights = new short[2 * hidden];
        for (int i = 0; i < outputWeights.length; i++) {
            outputWeights[i] = (short) random.nextInt(-100, 101);
        }
        return new Network(hidden, featureWeights, featureBiases, outputWeights, 0);
    }

    /** As {@link #random(int, long)}, with king mirroring and {@code buckets} output buckets (format version 2). */
    public static Network random(int hidden, boolean kingMirror, int buckets, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        short[] featureWeights = new short[Features.COUNT * hidden];
        for (int i = 0; i < featureWeights.length; i++) {
            featureWeights[i] = (short) random.nextInt(-120, 121);
        }
        short[] featureBiases = new short[hidden];
        for (int i = 0; i < hidden; i++) {
            featureBiases[i] = (short) random.nextInt(0, 200);
        }
        short[] outputWeights = new short[buckets * 2 * hidden];
        for (int i = 0; i < outputWeights.length; i++) {
            outputWeights[i] = (short) random.nextInt(-100, 101);
        }
        int[] outputBiases = new int[buckets];
        for (int bucket = 0; bucket < buckets; bucket++) {
            outputBiases[bucket] = random.nextInt(-2000, 2001);
        }
        return new Network(hidden, kingMirror, buckets, featureWeights, featureBiases, outputWeights, outputBiases);
    }

    public static Path write(Path file, Network network) throws IOException {
        return Files.write(file, NetworkFile.toBytes(network));
    }
}
