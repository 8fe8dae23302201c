package kestrel.engine.nnue;

/**
 * The fixed-point range of the hidden layer's activation, shared by the network and its kernels (so neither kernel
 * class needs the network): SCReLU clamps an accumulator to 0 .. {@link #QA}, and the output sum adds int partial
 * sums over {@link #CHUNK} neurons at a time, the most that cannot overflow (256 · 255 · 255 · 126 < 2^31).
 */
final class ActivationRange {
    static final int QA = 255;
    static final int CHUNK = 256;

    private ActivationRange() {
    }
}
