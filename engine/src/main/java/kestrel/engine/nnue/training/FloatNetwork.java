package kestrel.engine.nnue.training;

import java.util.SplittableRandom;
import kestrel.engine.Position;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.Network;

/**
 * The network as the trainer sees it: float parameters, a forward pass, the gradient of the loss, and the
 * quantization into the engine's {@link Network}. Its output is in units of score / {@value Network#SCALE}, so
 * sigmoid(output) is the expected result and output * SCALE the centipawns.
 */
public final class FloatNetwork {
    final Parameters parameters;

    FloatNetwork(int hidden) {
        parameters = new Parameters(hidden);
    }

    public int hidden() {
        return parameters.hidden;
    }

    /** Seeded random start: small feature weights, so accumulators begin inside SCReLU's working range. */
    static FloatNetwork initial(int hidden, long seed) {
        FloatNetwork network = new FloatNetwork(hidden);
        SplittableRandom random = new SplittableRandom(seed);
        Parameters p = network.parameters;
        for (float[] row : p.featureWeights) {
            fillUniform(row, 0.1f, random);
        }
        fillUniform(p.featureBiases, 0.1f, random);
        fillUniform(p.outputWeights, (float) (1 / Math.sqrt(hidden)), random);
        return network;
    }

    private static void fillUniform(float[] values, float limit, SplittableRandom random) {
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) ((random.nextDouble() * 2 - 1) * limit);
        }
    }

    /** The output for the features in {@code work} (own and other view); leaves the sums in the workspace. */
    float forward(Workspace work) {
        Parameters p = parameters;
        int hidden = p.hidden;
        accumulate(p, work.ownFeatures, work.featureCount, work.own);
        accumulate(p, work.otherFeatures, work.featureCount, work.other);
        float[] outputWeights = p.outputWeights;
        float sum = p.outputBias[0];
        for (int i = 0; i < hidden; i++) {
            float own = screlu(work.own[i]);
            float other = screlu(work.other[i]);
            sum += own * outputWeights[i] + other * outputWeights[hidden + i];
        }
        return sum;
    }

    private static void accumulate(Parameters p, int[] features, int count, float[] sums) {
        int hidden = p.hidden;
        System.arraycopy(p.featureBiases, 0, sums, 0, hidden);
        for (int f = 0; f < count; f++) {
            float[] row = p.featureWeights[features[f]];
            for (int i = 0; i < hidden; i++) {
                sums[i] += row[i];
            }
        }
    }

    /**
     * Adds to {@code gradients} the gradient of the loss whose derivative with respect to the output is
     * {@code outputGradient}, for the position of the last {@link #forward} on {@code work}.
     */
    void backward(Workspace work, float outputGradient, Parameters gradients) {
        Parameters p = parameters;
        int hidden = p.hidden;
        float[] outputWeights = p.outputWeights;
        float[] outputWeightGradients = gradients.outputWeights;
        float[] biasGradients = gradients.featureBiases;
        gradients.outputBias[0] += outputGradient;
        for (int i = 0; i < hidden; i++) {
            float own = work.own[i];
            float other = work.other[i];
            outputWeightGradients[i] += outputGradient * screlu(own);
            outputWeightGradients[hidden + i] += outputGradient * screlu(other);
            float ownGradient = outputGradient * outputWeights[i] * screluSlope(own);
            float otherGradient = outputGradient * outputWeights[hidden + i] * screluSlope(other);
            work.ownGradient[i] = ownGradient;
            work.otherGradient[i] = otherGradient;
            biasGradients[i] += ownGradient + otherGradient;
        }
        float[] ownGradients = work.ownGradient;
        float[] otherGradients = work.otherGradient;
        for (int f = 0; f < work.featureCount; f++) {
            float[] ownRow = gradients.featureWeights[work.ownFeatures[f]];
            for (int i = 0; i < hidden; i++) {
                ownRow[i] += ownGradients[i];
            }
            float[] otherRow = gradients.featureWeights[work.otherFeatures[f]];
            for (int i = 0; i < hidden; i++) {
                otherRow[i] += otherGradients[i];
            }
        }
    }

    static float screlu(float x) {
        float clamped = Math.min(Math.max(x, 0f), 1f);
        return clamped * clamped;
    }

    private static float screluSlope(float x) {
        return x > 0f && x < 1f ? 2 * x : 0f;
    }

    /** The float evaluation in centipawns for the side to move, as the quantized network approximates it. */
    public double evaluate(Position position) {
        Workspace work = new Workspace(hidden());
        int us = position.sideToMove();
        int count = 0;
        for (long rest = position.occupied(); rest != 0; rest &= rest - 1) {
            int square = Long.numberOfTrailingZeros(rest);
            int piece = position.pieceAt(square);
            work.ownFeatures[count] = Features.index(us, piece, square);
            work.otherFeatures[count] = Features.index(us ^ 1, piece, square);
            count++;
        }
        work.featureCount = count;
        return forward(work) * Network.SCALE;
    }

    /** Clamps every parameter to ±{@link Network#WEIGHT_LIMIT}, which keeps the quantized sums in range. */
    void clip() {
        for (float[] values : parameters.arrays()) {
            for (int i = 0; i < values.length; i++) {
                values[i] = Math.min(Math.max(values[i], -Network.WEIGHT_LIMIT), Network.WEIGHT_LIMIT);
            }
        }
    }

    /**
     * The engine's network: feature weights and biases times QA, output weights times QB, output bias times
     * QA * QB, each rounded to the nearest int16.
     */
    public Network quantize() {
        Parameters p = parameters;
        float[] featureWeights = new float[Features.COUNT * p.hidden];
        for (int feature = 0; feature < Features.COUNT; feature++) {
            System.arraycopy(p.featureWeights[feature], 0, featureWeights, feature * p.hidden, p.hidden);
        }
        return new Network(p.hidden, round(featureWeights, Network.QA), round(p.featureBiases, Network.QA),
                round(p.outputWeights, Network.QB), round(p.outputBias, Network.QA * Network.QB)[0]);
    }

    private static short[] round(float[] values, int scale) {
        short[] result = new short[values.length];
        for (int i = 0; i < values.length; i++) {
            long rounded = Math.round((double) values[i] * scale);
            result[i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, rounded));
        }
        return result;
    }
}
