package kestrel.engine.nnue.training;

import kestrel.engine.nnue.Features;

/** One thread's scratch space for a forward and backward pass: nothing is allocated per position. */
final class Workspace {
    final int[] ownFeatures = new int[Features.MAX_ACTIVE];
    final int[] otherFeatures = new int[Features.MAX_ACTIVE];
    final int[] squares = new int[Features.MAX_ACTIVE];
    final int[] pieces = new int[Features.MAX_ACTIVE];
    int featureCount;
    /** The output bucket of the position ({@link kestrel.engine.nnue.Network#outputBucket}). */
    int bucket;
    /** Pre-activation sums of the side to move's and the other side's perspective. */
    final float[] own;
    final float[] other;
    /** SCReLU of those sums, and each neuron pair's term of the output sum. */
    final float[] ownActivation;
    final float[] otherActivation;
    final float[] terms;
    /** Gradients of the loss with respect to those sums. */
    final float[] ownGradient;
    final float[] otherGradient;

    Workspace(int hidden) {
        own = new float[hidden];
        other = new float[hidden];
        ownActivation = new float[hidden];
        otherActivation = new float[hidden];
        terms = new float[hidden];
        ownGradient = new float[hidden];
        otherGradient = new float[hidden];
    }
}
