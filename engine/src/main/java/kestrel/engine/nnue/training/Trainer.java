package kestrel.engine.nnue.training;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Trains a {@link FloatNetwork} on {@link TrainingData}: mean squared error between sigmoid(output) and the target,
 * Adam, parameters clipped after every step so that quantization stays exact.
 *
 * <p>The last positions of the data (the last games) are held out for the validation loss.
 *
 * <p>Deterministic for a given data set, settings and thread count: one seeded generator draws the initial
 * weights and each epoch's shuffle; each batch is cut into one contiguous slice per thread,
 * every thread sums its slice's gradient into its own buffer, and the buffers are added in thread order. (Another
 * thread count adds the same numbers in another order, so the float results differ slightly.)
 */
public final class Trainer {
    private final TrainingSettings settings;
    private final TrainingListener listener;

    public Trainer(TrainingSettings settings, TrainingListener listener) {
        this.settings = settings;
        this.listener = listener;
    }

    public FloatNetwork train(TrainingData data) throws InterruptedException {
        int total = data.size();
        int validationCount = settings.validationCount(total);
        int trainingCount = total - validationCount;
        if (trainingCount < 1) {
            throw new IllegalArgumentException("no positions to train on");
        }
        SplittableRandom random = new SplittableRandom(settings.seed());
        FloatNetwork network = FloatNetwork.initial(settings.hidden(), settings.factorised(), random.nextLong());
        // The validation positions are the last ones, whole games as datagen appends them: positions of one game
        // are so alike that a random split would measure how well the network remembers its training games.
        int[] training = new int[trainingCount];
        Arrays.setAll(training, i -> i);
        int[] validation = new int[validationCount];
        Arrays.setAll(validation, i -> trainingCount + i);

        int threads = settings.threads();
        Parameters[] gradients = new Parameters[threads];
        Workspace[] workspaces = new Workspace[threads];
        for (int t = 0; t < threads; t++) {
            gradients[t] = new Parameters(settings.hidden());
            workspaces[t] = new Workspace(settings.hidden());
        }
        Adam adam = new Adam(settings.hidden());
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "kestrel-train");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
                double learningRate = settings.learningRate() * Math.pow(settings.learningRateDecay(), epoch - 1);
                shuffle(training, random);
                // Drawn only when mirroring, so that runs without it keep their random stream.
                long mirrorSalt = settings.mirror() ? random.nextLong() | 1 : NOT_MIRRORED;
                long start = System.nanoTime();
                double lossSum = 0;
                for (int batchStart = 0; batchStart < trainingCount; batchStart += settings.batchSize()) {
                    int size = Math.min(settings.batchSize(), trainingCount - batchStart);
                    float gradientScale = 1f / size;
                    List<Callable<Double>> tasks = new ArrayList<>(threads);
                    for (int t = 0; t < threads; t++) {
                        int from = batchStart + (int) ((long) size * t / threads);
                        int to = batchStart + (int) ((long) size * (t + 1) / threads);
                        Parameters gradient = gradients[t];
                        Workspace work = workspaces[t];
                        tasks.add(() -> {
                            gradient.clear();
                            return pass(network, data, training, from, to, mirrorSalt, work, gradient,
                                    gradientScale);
                        });
                    }
                    lossSum += sumInOrder(pool.invokeAll(tasks));
                    for (int t = 1; t < threads; t++) {
                        gradients[0].add(gradients[t]);
                    }
                    network.addFactorGradients(gradients[0]);
                    adam.step(network.parameters, gradients[0], learningRate);
                    network.constrain();
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                double validationLoss = validationCount == 0 ? Double.NaN
                        : loss(network, data, validation, pool, workspaces);
                listener.onEpoch(new EpochReport(epoch, settings.epochs(), lossSum / trainingCount, validationLoss,
                        trainingCount / Math.max(seconds, 1e-9), learningRate), network);
            }
        } finally {
            pool.shutdownNow();
        }
        return network;
    }

    /** The mean loss over {@code positions}, without training. */
    private double loss(FloatNetwork network, TrainingData data, int[] positions, ExecutorService pool,
                        Workspace[] workspaces) throws InterruptedException {
        int threads = workspaces.length;
        List<Callable<Double>> tasks = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) positions.length * t / threads);
            int to = (int) ((long) positions.length * (t + 1) / threads);
            Workspace work = workspaces[t];
            tasks.add(() -> pass(network, data, positions, from, to, NOT_MIRRORED, work, null, 0f));
        }
        return sumInOrder(pool.invokeAll(tasks)) / positions.length;
    }

    /** The mirror salt of a pass that reads every position as it is. */
    private static final long NOT_MIRRORED = 0;

    /**
     * Forward (and, with {@code gradients}, backward) over {@code positions[from .. to)}; returns the summed squared
     * error. Each position's gradient is scaled by {@code gradientScale}, one over the batch size, for the mean.
     * With a {@code mirrorSalt} other than {@link #NOT_MIRRORED}, about half the positions, chosen by the salt, are
     * read mirrored left to right.
     */
    private double pass(FloatNetwork network, TrainingData data, int[] positions, int from, int to, long mirrorSalt,
                        Workspace work, Parameters gradients, float gradientScale) {
        double lossSum = 0;
        for (int i = from; i < to; i++) {
            int index = positions[i];
            boolean mirrored = mirrorSalt != NOT_MIRRORED && (mix(mirrorSalt + index) & 1) != 0;
            work.featureCount = data.features(index, mirrored, work.ownFeatures, work.otherFeatures, work.squares,
                    work.pieces);
            float output = network.forward(work);
            float predicted = (float) TrainingData.sigmoid(output);
            float error = predicted - data.target(index, settings.wdl());
            lossSum += error * error;
            if (gradients != null) {
                // d(error²)/d(output) = 2 * error * sigmoid'(output).
                float outputGradient = 2 * error * predicted * (1 - predicted) * gradientScale;
                network.backward(work, outputGradient, gradients);
            }
        }
        return lossSum;
    }

    private static double sumInOrder(List<Future<Double>> results) throws InterruptedException {
        double sum = 0;
        for (Future<Double> result : results) {
            try {
                sum += result.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("training thread failed", e.getCause());
            }
        }
        return sum;
    }

    /** A 64-bit finalizer (splitmix64's): neighbouring inputs give unrelated bits. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Fisher-Yates with the trainer's generator. */
    private static void shuffle(int[] values, SplittableRandom random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
    }
}
