package kestrel.engine.nnue.training;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import kestrel.engine.nnue.Network;

/**
 * Trains a {@link FloatNetwork} on {@link TrainingData}: mean squared error between sigmoid(output) and the target,
 * Adam, parameters clipped after every step so that quantization stays exact. The run is a number of epochs or
 * superbatches ({@link TrainingSettings}); the learning rate and λ follow their schedules over them, and the listener
 * hears after each, with the validation loss.
 *
 * <p>The last positions of the data (the last games) are held out for the validation loss.
 *
 * <p>Deterministic for a given data set, settings and thread count: one seeded generator draws the initial
 * weights and each pass's shuffle ({@link PositionStream}); each batch is cut into one contiguous slice per thread,
 * every thread sums its slice's gradient into its own buffer, and the buffers are added in thread order. (Another
 * thread count adds the same numbers in another order, so the float results differ slightly.)
 *
 * <p>With a checkpoint file the run writes where it stands after every period ({@link TrainingCheckpoint}), and a
 * run told to resume takes up from the last one written; it ends with the same network, bit for bit, as a run that
 * was never cut off. The file is removed when the last period is done.
 */
public final class Trainer {
    private final TrainingSettings settings;
    private final TrainingListener listener;
    private final Path checkpoint;
    private final boolean resume;

    public Trainer(TrainingSettings settings, TrainingListener listener) {
        this(settings, listener, null, false);
    }

    /**
     * A trainer that writes its checkpoint to {@code checkpoint} after every period (none when null) and, with
     * {@code resume}, first takes up the run from it.
     */
    public Trainer(TrainingSettings settings, TrainingListener listener, Path checkpoint, boolean resume) {
        if (resume && checkpoint == null) {
            throw new IllegalArgumentException("resuming needs a checkpoint file");
        }
        this.settings = settings;
        this.listener = listener;
        this.checkpoint = checkpoint;
        this.resume = resume;
    }

    /**
     * Trains on {@code data} and returns the network after the last period.
     *
     * @throws UncheckedIOException if the checkpoint cannot be written, or, when resuming, read as one of this run
     */
    public FloatNetwork train(TrainingData data) throws InterruptedException {
        int total = data.size();
        int validationCount = settings.validationCount(total);
        int trainingCount = total - validationCount;
        if (trainingCount < 1) {
            throw new IllegalArgumentException("no positions to train on");
        }
        SplittableRandom random = new SplittableRandom(settings.seed());
        FloatNetwork network = FloatNetwork.initial(settings.hidden(), settings.factorised(), settings.kingMirror(),
                settings.kingBuckets(), settings.outputBuckets(), random.nextLong());
        // The validation positions are the last ones, whole games as datagen appends them: positions of one game
        // are so alike that a random split would measure how well the network remembers its training games.
        PositionStream stream = new PositionStream(trainingCount, random, settings.mirror());
        int[] validation = new int[validationCount];
        Arrays.setAll(validation, i -> trainingCount + i);
        int[] batch = new int[settings.batchSize()];

        int threads = settings.threads();
        Parameters[] gradients = new Parameters[threads];
        Workspace[] workspaces = new Workspace[threads];
        for (int t = 0; t < threads; t++) {
            gradients[t] = new Parameters(settings.hidden(), settings.kingBuckets().count(), settings.outputBuckets());
            workspaces[t] = new Workspace(settings.hidden());
        }
        Adam adam = new Adam(settings.hidden(), settings.kingBuckets().count(), settings.outputBuckets(),
                settings.weightDecay());
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "kestrel-train");
            thread.setDaemon(true);
            return thread;
        });
        String fingerprint = checkpoint == null ? null : TrainingCheckpoint.fingerprint(settings, data);
        int firstPeriod = 1;
        double bestLoss = Double.POSITIVE_INFINITY;
        int bestPeriod = 0;
        if (resume) {
            TrainingCheckpoint.Standing standing;
            try {
                standing = TrainingCheckpoint.read(checkpoint, fingerprint, network.parameters, adam);
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
            // The parameters are as the last step left them, within the limits: this only rebuilds the rows the
            // forward pass uses.
            network.constrain();
            stream.restore(standing.passes(), standing.next(), standing.taken());
            firstPeriod = standing.period() + 1;
            bestLoss = standing.bestLoss();
            bestPeriod = standing.bestPeriod();
            listener.onResume(standing.period(), bestLoss, bestPeriod);
        }
        try {
            int periods = settings.periods();
            for (int period = firstPeriod; period <= periods; period++) {
                double learningRate = settings.learningRate(period);
                double lambda = settings.lambda(period);
                long start = System.nanoTime();
                long takenBefore = stream.taken();
                double lossSum = 0;
                // An epoch is one pass, its last batch what is left; a superbatch is a number of full batches.
                if (!settings.countsSuperbatches()) {
                    stream.startPass();
                }
                for (int done = 0; settings.countsSuperbatches() ? done < settings.superbatchBatches()
                        : stream.leftInPass() > 0; done++) {
                    int size = settings.countsSuperbatches() ? settings.batchSize()
                            : Math.min(settings.batchSize(), stream.leftInPass());
                    stream.take(batch, size);
                    lossSum += step(network, data, batch, size, lambda, learningRate, pool, gradients, workspaces,
                            adam);
                }
                long trained = stream.taken() - takenBefore;
                double seconds = (System.nanoTime() - start) / 1e9;
                double validationLoss = validationCount == 0 ? Double.NaN
                        : loss(network, data, validation, settings.validationLambda(), pool, workspaces);
                listener.onEpoch(new EpochReport(period, periods, lossSum / trained, validationLoss,
                        trained / Math.max(seconds, 1e-9), learningRate, lambda, stream.passesTaken()), network);
                if (validationLoss < bestLoss) {
                    bestLoss = validationLoss;
                    bestPeriod = period;
                }
                if (checkpoint != null) {
                    saveCheckpoint(fingerprint, new TrainingCheckpoint.Standing(period, adam.steps(), stream.passes(),
                            stream.next(), stream.taken(), bestLoss, bestPeriod), network, adam, period == periods);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return network;
    }

    /** Writes the checkpoint after a period, or removes it after the last, when nothing is left to resume. */
    private void saveCheckpoint(String fingerprint, TrainingCheckpoint.Standing standing, FloatNetwork network,
                                Adam adam, boolean last) {
        if (last) {
            try {
                Files.deleteIfExists(checkpoint);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove the finished run's checkpoint " + checkpoint + ": "
                        + e.getMessage(), e);
            }
            return;
        }
        try {
            TrainingCheckpoint.write(checkpoint, fingerprint, standing, network.parameters, adam);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint " + checkpoint + ": " + e.getMessage(), e);
        }
    }

    /**
     * One optimizer step on {@code batch[0 .. size)}: the batch cut into one contiguous slice per thread, each
     * thread's gradient summed into its own buffer, the buffers added in thread order, then Adam. Returns the summed
     * squared error of the batch.
     */
    private double step(FloatNetwork network, TrainingData data, int[] batch, int size, double lambda,
                        double learningRate, ExecutorService pool, Parameters[] gradients, Workspace[] workspaces,
                        Adam adam) throws InterruptedException {
        int threads = gradients.length;
        float gradientScale = 1f / size;
        List<Callable<Double>> tasks = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) size * t / threads);
            int to = (int) ((long) size * (t + 1) / threads);
            Parameters gradient = gradients[t];
            Workspace work = workspaces[t];
            tasks.add(() -> {
                gradient.clear();
                return pass(network, data, batch, from, to, lambda, settings.resultScale(), work, gradient,
                        gradientScale);
            });
        }
        double lossSum = sumInOrder(pool.invokeAll(tasks));
        // The rest is element-wise over every parameter (with king buckets as much work as the batch itself), so the
        // threads share it by rows. Each value is computed as one thread computes it, in the same order, so the
        // network is the same bit for bit.
        Parameters sum = gradients[0];
        inSlices(pool, threads, sum.arrayCount(), (from, to) -> {
            for (int t = 1; t < threads; t++) {
                sum.add(gradients[t], from, to);
            }
        });
        if (network.factorised()) {
            inSlices(pool, threads, sum.factorWeights.length, sum::sumFactorsFromFeatures);
        }
        float stepSize = adam.startStep(learningRate);
        inSlices(pool, threads, sum.arrayCount(),
                (from, to) -> adam.update(network.parameters, sum, stepSize, from, to, Network.WEIGHT_LIMIT));
        if (network.factorised()) {
            inSlices(pool, threads, network.featureRows(), network::constrainFeatureRows);
        }
        return lossSum;
    }

    /** Work on the rows {@code from .. to} of something, which no other slice touches. */
    private interface Slice {
        void run(int from, int to);
    }

    /** Runs {@code slice} on {@code count} rows cut into one contiguous range per thread, and waits for all. */
    private static void inSlices(ExecutorService pool, int threads, int count, Slice slice)
            throws InterruptedException {
        if (threads == 1) {
            slice.run(0, count);
            return;
        }
        List<Callable<Double>> tasks = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) count * t / threads);
            int to = (int) ((long) count * (t + 1) / threads);
            tasks.add(() -> {
                slice.run(from, to);
                return 0.0;
            });
        }
        sumInOrder(pool.invokeAll(tasks));
    }

    /** The mean loss over {@code positions} with targets of {@code lambda}, without training. */
    private double loss(FloatNetwork network, TrainingData data, int[] positions, double lambda, ExecutorService pool,
                        Workspace[] workspaces) throws InterruptedException {
        int threads = workspaces.length;
        List<Callable<Double>> tasks = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) positions.length * t / threads);
            int to = (int) ((long) positions.length * (t + 1) / threads);
            Workspace work = workspaces[t];
            tasks.add(() -> pass(network, data, positions, from, to, lambda, settings.resultScale(), work, null,
                    0f));
        }
        return sumInOrder(pool.invokeAll(tasks)) / positions.length;
    }

    /**
     * Forward (and, with {@code gradients}, backward) over {@code positions[from .. to)}, each an index or, to be
     * read mirrored left to right, {@code ~index} ({@link PositionStream}); returns the summed loss
     * ({@link TrainingData#squaredError(int, double, double, double)}) with {@code lambda} and {@code resultScale}.
     * Each position's gradient is scaled by {@code gradientScale}, one over the batch size, for the mean.
     */
    private static double pass(FloatNetwork network, TrainingData data, int[] positions, int from, int to,
                               double lambda, double resultScale, Workspace work, Parameters gradients,
                               float gradientScale) {
        double lossSum = 0;
        boolean ownScale = resultScale == Network.SCALE;
        for (int i = from; i < to; i++) {
            int entry = positions[i];
            boolean mirrored = entry < 0;
            int index = mirrored ? ~entry : entry;
            work.featureCount = data.features(index, mirrored, network.kingMirror(), network.kingBuckets(),
                    work.ownFeatures, work.otherFeatures, work.squares, work.pieces);
            work.bucket = Network.outputBucket(work.featureCount, network.outputBuckets());
            float output = network.forward(work);
            if (ownScale) {
                // The plain blend, in float as the shipped networks were trained, so that they train again bit for
                // bit.
                float predicted = (float) TrainingData.sigmoid(output);
                float error = predicted - data.target(index, lambda);
                lossSum += error * error;
                if (gradients != null) {
                    // d(error²)/d(output) = 2 * error * sigmoid'(output).
                    float outputGradient = 2 * error * predicted * (1 - predicted) * gradientScale;
                    network.backward(work, outputGradient, gradients);
                }
                continue;
            }
            lossSum += data.squaredError(index, output, lambda, resultScale);
            if (gradients != null) {
                double gradient = data.squaredErrorGradient(index, output, lambda, resultScale);
                network.backward(work, (float) (gradient * gradientScale), gradients);
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
}
