package kestrel.engine.nnue.training;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Piece;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.TrainingFileReader;

/**
 * Training positions in memory as their raw 32-byte records, in blocks of {@value #BLOCK_RECORDS} records; only
 * usable records are kept. Records are decoded into feature indexes when a batch needs them, which costs far less
 * than the arithmetic that follows and keeps memory at 32 bytes a position. Read-only once loaded, so any number of
 * threads may decode from it.
 */
public final class TrainingData {
    private static final int BLOCK_SHIFT = 20;
    private static final int BLOCK_RECORDS = 1 << BLOCK_SHIFT;
    private static final int BLOCK_MASK = BLOCK_RECORDS - 1;

    private final List<byte[]> blocks = new ArrayList<>();
    private int stored;
    private long skipped;
    private long partialBytes;
    private final int maxScore;

    public TrainingData(int maxScore) {
        this.maxScore = maxScore;
    }

    /**
     * Loads every file, in order, of either format (records or games, {@link TrainingFileReader}); a partial record
     * or game at the end of a file is ignored.
     */
    public static TrainingData load(List<Path> files, int maxScore) throws IOException {
        TrainingData data = new TrainingData(maxScore);
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                data.read(in);
            }
        }
        return data;
    }

    /** Appends the records of a stream of either format, keeping those fit to train on. */
    public void read(InputStream in) throws IOException {
        TrainingFileReader.Summary summary = TrainingFileReader.read(in,
                (records, count) -> add(records, count * TrainingRecord.BYTES));
        partialBytes += summary.partialBytes();
    }

    /** Appends whole records from {@code bytes[0 .. length)}. */
    public void add(byte[] bytes, int length) {
        for (int offset = 0; offset + TrainingRecord.BYTES <= length; offset += TrainingRecord.BYTES) {
            if (!usable(bytes, offset)) {
                skipped++;
                continue;
            }
            if (stored == (long) blocks.size() * BLOCK_RECORDS) {
                blocks.add(new byte[BLOCK_RECORDS * TrainingRecord.BYTES]);
            }
            if (stored == Integer.MAX_VALUE) {
                throw new IllegalStateException("more than " + Integer.MAX_VALUE + " positions");
            }
            System.arraycopy(bytes, offset, blocks.get(stored >>> BLOCK_SHIFT), (stored & BLOCK_MASK)
                    * TrainingRecord.BYTES, TrainingRecord.BYTES);
            stored++;
        }
    }

    /** A record the network can learn from: a sane side, result and piece count, and a score below the bound. */
    private boolean usable(byte[] bytes, int offset) {
        int side = TrainingRecord.sideToMove(bytes, offset);
        int result = TrainingRecord.result(bytes, offset);
        long occupancy = TrainingRecord.occupancy(bytes, offset);
        return (side == Piece.WHITE || side == Piece.BLACK)
                && result >= TrainingRecord.BLACK_WIN && result <= TrainingRecord.WHITE_WIN
                && Long.bitCount(occupancy) >= 2 && Long.bitCount(occupancy) <= Features.MAX_ACTIVE
                && Math.abs(TrainingRecord.whiteScore(bytes, offset)) < maxScore;
    }

    /**
     * A hash of every kept record's bytes in order, so that a checkpoint ({@link TrainingCheckpoint}) is taken up only
     * on the data it was made on.
     */
    long contentHash() {
        long hash = stored;
        for (int index = 0; index < stored; index++) {
            byte[] block = blocks.get(index >>> BLOCK_SHIFT);
            int offset = (index & BLOCK_MASK) * TrainingRecord.BYTES;
            for (int i = 0; i < TrainingRecord.BYTES; i++) {
                hash = (hash ^ (block[offset + i] & 0xFF)) * 0x100000001B3L;
            }
        }
        return hash;
    }

    /** Positions kept for training. */
    public int size() {
        return stored;
    }

    /** Records left out: a score at or beyond the bound, or malformed. */
    public long skipped() {
        return skipped;
    }

    /** Bytes at the ends of files that did not make a whole record (or game). */
    public long partialBytes() {
        return partialBytes;
    }

    /**
     * Decodes position {@code index} (0 .. size) into the feature indexes of the side to move's view ({@code own})
     * and the other side's ({@code other}), both with room for 32, and returns how many pieces there are. With
     * {@code mirrored} the board is read mirrored left to right (file a becomes file h).
     */
    int features(int index, boolean mirrored, int[] own, int[] other, int[] squares, int[] pieces) {
        return features(index, mirrored, false, own, other, squares, pieces);
    }

    /**
     * As {@link #features(int, boolean, int[], int[], int[], int[])}; with {@code kingMirror} each view is also
     * mirrored left to right while its own king stands on files e to h ({@link Features#mirror}), as a king-mirrored
     * network sees it.
     */
    int features(int index, boolean mirrored, boolean kingMirror, int[] own, int[] other, int[] squares,
                 int[] pieces) {
        return features(index, mirrored, kingMirror, KingBuckets.NONE, own, other, squares, pieces);
    }

    /**
     * As {@link #features(int, boolean, boolean, int[], int[], int[], int[])}, each view reading the inputs of its own
     * king's bucket in {@code kingBuckets}.
     */
    int features(int index, boolean mirrored, boolean kingMirror, KingBuckets kingBuckets, int[] own, int[] other,
                 int[] squares, int[] pieces) {
        byte[] block = blocks.get(index >>> BLOCK_SHIFT);
        int offset = (index & BLOCK_MASK) * TrainingRecord.BYTES;
        int count = TrainingRecord.pieces(block, offset, squares, pieces);
        int us = TrainingRecord.sideToMove(block, offset);
        int flip = mirrored ? 7 : 0;
        int ownMirror = 0;
        int otherMirror = 0;
        int ownBucket = 0;
        int otherBucket = 0;
        if (kingMirror || kingBuckets.count() > 1) {
            for (int i = 0; i < count; i++) {
                int square = squares[i] ^ flip;
                if (pieces[i] == Piece.of(us, Piece.KING)) {
                    ownMirror = kingMirror ? Features.mirror(square) : 0;
                    ownBucket = kingBuckets.bucket(us, square, ownMirror);
                } else if (pieces[i] == Piece.of(us ^ 1, Piece.KING)) {
                    otherMirror = kingMirror ? Features.mirror(square) : 0;
                    otherBucket = kingBuckets.bucket(us ^ 1, square, otherMirror);
                }
            }
        }
        for (int i = 0; i < count; i++) {
            int square = squares[i] ^ flip;
            own[i] = Features.bucketed(ownBucket, us, pieces[i], square ^ ownMirror);
            other[i] = Features.bucketed(otherBucket, us ^ 1, pieces[i], square ^ otherMirror);
        }
        return count;
    }

    /** The target for position {@code index}: the blend of its score's win probability and its result. */
    float target(int index, double wdl) {
        // One read of the record: the trainer asks this for every position of every pass.
        byte[] block = blocks.get(index >>> BLOCK_SHIFT);
        int offset = (index & BLOCK_MASK) * TrainingRecord.BYTES;
        boolean white = TrainingRecord.sideToMove(block, offset) == Piece.WHITE;
        int score = TrainingRecord.whiteScore(block, offset);
        double whiteResult = TrainingRecord.result(block, offset) / 2.0;
        double scoreProbability = sigmoid((white ? score : -score) / (double) Network.SCALE);
        double result = white ? whiteResult : 1 - whiteResult;
        return (float) ((1 - wdl) * scoreProbability + wdl * result);
    }

    /** The win probability of position {@code index}'s search score, sigmoid(score / SCALE), side to move's view. */
    double scoreProbability(int index) {
        return sigmoid(sideToMoveScore(index) / (double) Network.SCALE);
    }

    /** The game's result for the side to move in position {@code index}: 0 lost, 0.5 drawn, 1 won. */
    double result(int index) {
        byte[] block = blocks.get(index >>> BLOCK_SHIFT);
        int offset = (index & BLOCK_MASK) * TrainingRecord.BYTES;
        double whiteResult = TrainingRecord.result(block, offset) / 2.0;
        return TrainingRecord.sideToMove(block, offset) == Piece.WHITE ? whiteResult : 1 - whiteResult;
    }

    /** The search score of position {@code index} in centipawns, side to move's view. */
    public int sideToMoveScore(int index) {
        byte[] block = blocks.get(index >>> BLOCK_SHIFT);
        int offset = (index & BLOCK_MASK) * TrainingRecord.BYTES;
        int score = TrainingRecord.whiteScore(block, offset);
        return TrainingRecord.sideToMove(block, offset) == Piece.WHITE ? score : -score;
    }

    /**
     * The loss of one position: the squared difference between sigmoid({@code output}), an output in the network's
     * units (centipawns / {@value Network#SCALE}, side to move's view), and the position's target.
     */
    public double squaredError(int index, double output, double wdl) {
        double error = sigmoid(output) - target(index, wdl);
        return error * error;
    }

    /**
     * The loss of one position when the result is read at scale {@code resultScale} ({@link
     * TrainingSettings#resultScale}): (1 − λ) (sigmoid(output) − sigmoid(score / SCALE))² + λ (sigmoid(output × SCALE
     * / resultScale) − result)². At the network's own scale, {@value Network#SCALE}, it is the plain blend's
     * {@link #squaredError(int, double, double)}, which differs from the formula by λ (1 − λ) (sigmoid(score / SCALE) −
     * result)², a term no output changes: the same gradients, the same network.
     */
    public double squaredError(int index, double output, double lambda, double resultScale) {
        if (resultScale == Network.SCALE) {
            return squaredError(index, output, lambda);
        }
        double scoreError = sigmoid(output) - scoreProbability(index);
        double resultError = sigmoid(output * Network.SCALE / resultScale) - result(index);
        return (1 - lambda) * scoreError * scoreError + lambda * resultError * resultError;
    }

    /** The derivative of {@link #squaredError(int, double, double, double)} by {@code output}. */
    public double squaredErrorGradient(int index, double output, double lambda, double resultScale) {
        double stretch = Network.SCALE / resultScale;
        double predicted = sigmoid(output);
        double resultPredicted = sigmoid(output * stretch);
        // Each term's d(e²)/d(output) = 2 e sigmoid'; the result term's sigmoid is taken at output * stretch.
        return 2 * (1 - lambda) * (predicted - scoreProbability(index)) * predicted * (1 - predicted)
                + 2 * lambda * (resultPredicted - result(index)) * resultPredicted * (1 - resultPredicted) * stretch;
    }

    /**
     * The scale K at which sigmoid(score / K) predicts the game results of {@code positions} best (least squared
     * error), searched between 50 and 2,000 centipawns: where the result term of the loss and the score term agree.
     */
    public double fittedResultScale(int[] positions) {
        double low = Math.log(50);
        double high = Math.log(2000);
        // Golden-section search on log K: the error is one smooth valley in K.
        double ratio = (Math.sqrt(5) - 1) / 2;
        double a = high - ratio * (high - low);
        double b = low + ratio * (high - low);
        double errorA = resultError(positions, Math.exp(a));
        double errorB = resultError(positions, Math.exp(b));
        for (int i = 0; i < 40; i++) {
            if (errorA < errorB) {
                high = b;
                b = a;
                errorB = errorA;
                a = high - ratio * (high - low);
                errorA = resultError(positions, Math.exp(a));
            } else {
                low = a;
                a = b;
                errorA = errorB;
                b = low + ratio * (high - low);
                errorB = resultError(positions, Math.exp(b));
            }
        }
        return Math.exp((low + high) / 2);
    }

    /** The mean squared error of sigmoid(score / scale) against the results of {@code positions}. */
    double resultError(int[] positions, double scale) {
        double sum = 0;
        for (int index : positions) {
            double error = sigmoid(sideToMoveScore(index) / scale) - result(index);
            sum += error * error;
        }
        return sum / Math.max(1, positions.length);
    }

    /** The FEN of position {@code index}, for tests and messages. */
    public String fen(int index) {
        return TrainingRecord.toFen(blocks.get(index >>> BLOCK_SHIFT), (index & BLOCK_MASK) * TrainingRecord.BYTES);
    }

    static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
