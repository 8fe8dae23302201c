package kestrel.engine.nnue;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The network's inner loops on the Vector API ({@code jdk.incubator.vector}) in int16 lanes, equal bit for bit to
 * {@link ScalarKernels}. {@link Network} loads this class only when the module is in the runtime, so nothing here is
 * touched otherwise. Neurons past the last whole vector go through the scalar loops.
 *
 * <p>The output sum: v = clamp(acc, 0, QA) and p = v * w are computed in int16 lanes (p is at most 255 * 126 =
 * 32,130, so it fits). v * p, up to 2^23, needs 32 bits: the short vectors p and v are read as int vectors of half
 * as many lanes, each int holding two neighbouring shorts, which are taken apart by shifts (arithmetic for p, which
 * may be negative, logical for v, which is not) and multiplied as ints. Which short of a pair lands in the low half
 * does not matter, since p and v are split the same way. The int lanes are summed over at most {@link Network#CHUNK}
 * neurons, then into a long, as in the scalar loop, so no sum overflows and the total is exact.
 */
final class VectorKernels {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, SHORTS.vectorShape());
    private static final int LOW_SHORT = 0xFFFF;

    static {
        if (ActivationRange.CHUNK % SHORTS.length() != 0) {
            throw new AssertionError("a chunk must hold whole vectors: " + SHORTS);
        }
    }

    private VectorKernels() {
    }

    /** accumulator += row. */
    static void add(short[] accumulator, short[] row, int hidden) {
        int bound = SHORTS.loopBound(hidden);
        for (int i = 0; i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, accumulator, i).add(ShortVector.fromArray(SHORTS, row, i))
                    .intoArray(accumulator, i);
        }
        for (int i = bound; i < hidden; i++) {
            accumulator[i] = (short) (accumulator[i] + row[i]);
        }
    }

    /** accumulator -= row. */
    static void subtract(short[] accumulator, short[] row, int hidden) {
        int bound = SHORTS.loopBound(hidden);
        for (int i = 0; i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, accumulator, i).sub(ShortVector.fromArray(SHORTS, row, i))
                    .intoArray(accumulator, i);
        }
        for (int i = bound; i < hidden; i++) {
            accumulator[i] = (short) (accumulator[i] - row[i]);
        }
    }

    /** target = source - removed + added. */
    static void subtractAdd(short[] source, short[] target, short[] removed, short[] added, int hidden) {
        int bound = SHORTS.loopBound(hidden);
        for (int i = 0; i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, source, i)
                    .sub(ShortVector.fromArray(SHORTS, removed, i))
                    .add(ShortVector.fromArray(SHORTS, added, i))
                    .intoArray(target, i);
        }
        for (int i = bound; i < hidden; i++) {
            target[i] = (short) (source[i] - removed[i] + added[i]);
        }
    }

    /** target = source - removed1 - removed2 + added. */
    static void subtractSubtractAdd(short[] source, short[] target, short[] removed1, short[] removed2, short[] added,
            int hidden) {
        int bound = SHORTS.loopBound(hidden);
        for (int i = 0; i < bound; i += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, source, i)
                    .sub(ShortVector.fromArray(SHORTS, removed1, i))
                    .sub(ShortVector.fromArray(SHORTS, removed2, i))
                    .add(ShortVector.fromArray(SHORTS, added, i))
                    .intoArray(target, i);
        }
        for (int i = bound; i < hidden; i++) {
            target[i] = (short) (source[i] - removed1[i] - removed2[i] + added[i]);
        }
    }

    /**
     * The sum of clamp(acc[i], 0, QA)² * w[i] over the {@code hidden} neurons of both perspectives, own and other, at
     * scale QA² * QB, in one pass: the two sums share the loop, and each chunk's two int partial sums are reduced
     * apart (together they could overflow an int).
     */
    static long activatedDotPair(short[] own, short[] ownWeights, short[] other, short[] otherWeights, int hidden) {
        int bound = SHORTS.loopBound(hidden);
        long sum = 0;
        for (int start = 0; start < bound; start += ActivationRange.CHUNK) {
            int end = Math.min(bound, start + ActivationRange.CHUNK);
            IntVector ownPartial = IntVector.zero(INTS);
            IntVector otherPartial = IntVector.zero(INTS);
            for (int i = start; i < end; i += SHORTS.length()) {
                ownPartial = ownPartial.add(activatedProducts(own, ownWeights, i));
                otherPartial = otherPartial.add(activatedProducts(other, otherWeights, i));
            }
            sum += ownPartial.reduceLanes(VectorOperators.ADD) + (long) otherPartial.reduceLanes(VectorOperators.ADD);
        }
        return sum + ScalarKernels.activatedDot(own, ownWeights, bound, hidden)
                + ScalarKernels.activatedDot(other, otherWeights, bound, hidden);
    }

    /**
     * clamp(acc, 0, QA)² * w for the vector of neurons from {@code i}, as int lanes each holding the sum of two
     * neighbouring neurons' terms.
     */
    private static IntVector activatedProducts(short[] accumulator, short[] weights, int i) {
        ShortVector v = ShortVector.fromArray(SHORTS, accumulator, i).max((short) 0).min((short) ActivationRange.QA);
        IntVector products = v.mul(ShortVector.fromArray(SHORTS, weights, i)).reinterpretAsInts();
        IntVector activations = v.reinterpretAsInts();
        IntVector lowTerms = products.lanewise(VectorOperators.LSHL, 16).lanewise(VectorOperators.ASHR, 16)
                .mul(activations.and(LOW_SHORT));
        IntVector highTerms = products.lanewise(VectorOperators.ASHR, 16)
                .mul(activations.lanewise(VectorOperators.LSHR, 16));
        return lowTerms.add(highTerms);
    }
}
