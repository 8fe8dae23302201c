package kestrel.engine.nnue.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.NetworkFile;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The trainer's king buckets: the inputs it reads from a record are those of each king's bucket, a network trained
 * with them evaluates in the engine as the float network does and is written with its layout, and the factoriser
 * shares one row among the same input of every bucket.
 */
class KingBucketsTrainingTest {
    private static final int HIDDEN = 32;
    private static final int BUCKETS = 4;
    /** Kings in every bucket of FOUR, the two sides' kings in different buckets, on both wings. */
    private static final String[] KINGS = {"6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "8/5k2/8/8/8/2K5/8/8 w - - 0 1",
        "8/8/8/4K3/2k5/8/8/8 b - - 0 1", "1k6/1pp5/8/2b5/8/8/5PPP/6K1 b - - 0 1", "4k3/8/8/8/8/3K4/8/8 b - - 0 1",
        "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R w - - 0 1", "8/8/3k4/8/8/2N5/8/4K2B w - - 0 1",
        "8/2p5/3k4/8/1P6/8/5PK1/8 w - - 0 1", "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"};
    /**
     * A layout that is not the same on both wings: bucket 1 is files a to d of the first rank, so that a king on g1
     * is in bucket 0 as it stands and in bucket 1 mirrored.
     */
    private static final KingBuckets LEFT_CORNER = leftCorner();
    private static TrainingData data;
    private static final List<EpochReport> REPORTS = new ArrayList<>();
    private static FloatNetwork trained;

    private static KingBuckets leftCorner() {
        int[] layout = new int[64];
        for (int square = Square.A1; square <= Square.D1; square++) {
            layout[square] = 1;
        }
        return KingBuckets.of(layout);
    }

    @BeforeAll
    static void train() throws InterruptedException {
        data = GeneratedData.data(GeneratedData.records(250, 60, 42));
        TrainingSettings settings = new TrainingSettings(HIDDEN, 6, 0, TrainingSettings.DEFAULT_SUPERBATCH_BATCHES,
                512, 0.01, LearningRateSchedule.exponential(0.85), LambdaSchedule.constant(0.3), 2, 7, 0.1,
                TrainingSettings.DEFAULT_MAX_SCORE, true, false, true, BUCKETS).withKingBuckets(KingBuckets.FOUR);
        trained = new Trainer(settings, (report, network) -> REPORTS.add(report)).train(data);
    }

    /** FOUR written out from its description, for a king on {@code square} of {@code perspective}. */
    private static int fourByHand(int perspective, int square) {
        int rank = perspective == Piece.WHITE ? square / 8 : 7 - square / 8;
        int file = square % 8 < 4 ? square % 8 : 7 - square % 8;
        return rank == 0 ? (file < 2 ? 0 : 1) : rank <= 2 ? 2 : 3;
    }

    /** The positions of the data, every 7th, and those of {@link #KINGS}. */
    private static List<Position> positions() {
        List<Position> positions = new ArrayList<>();
        for (int i = 0; i < data.size(); i += 7) {
            positions.add(Fen.parse(data.fen(i)));
        }
        for (String fen : KINGS) {
            positions.add(Fen.parse(fen));
        }
        return positions;
    }

    @Test
    void theLossFallsAndTheNetworkKeepsItsBuckets() throws Exception {
        assertEquals(6, REPORTS.size());
        assertTrue(REPORTS.get(5).trainLoss() < 0.7 * REPORTS.get(0).trainLoss(), REPORTS::toString);
        assertTrue(REPORTS.get(5).validationLoss() < REPORTS.get(0).validationLoss(), REPORTS::toString);
        assertSame(KingBuckets.FOUR, trained.kingBuckets());
        Network engine = trained.quantize();
        assertSame(KingBuckets.FOUR, engine.kingBuckets());
        assertTrue(engine.kingMirror());
        assertEquals(BUCKETS, engine.outputBuckets());
        byte[] file = NetworkFile.toBytes(engine);
        assertEquals(3, file[4]);
        assertSame(KingBuckets.FOUR, NetworkFile.parse(file).kingBuckets());
        // The factor rows, one per input of a bucket, learned too.
        assertEquals(Features.COUNT, trained.parameters.factorWeights.length);
        float largest = 0;
        for (float[] row : trained.parameters.factorWeights) {
            for (float weight : row) {
                largest = Math.max(largest, Math.abs(weight));
            }
        }
        assertTrue(largest > 0.01f, "the factor rows never moved");
    }

    /**
     * The engine's integer network, read back from its version 3 file, is within the bounds the other quantization
     * tests use of the float network ({@code TrainerTest}, {@code KingMirrorAndBucketsTest}: 40 cp worst, 6 cp on
     * average): trained, and as first drawn with king mirroring or without, factorised or not.
     */
    @Test
    void quantizedNetworkEvaluatesLikeTheFloatNetwork() throws Exception {
        List<FloatNetwork> networks = new ArrayList<>(List.of(trained));
        for (boolean factorised : new boolean[] {true, false}) {
            for (boolean kingMirror : new boolean[] {true, false}) {
                networks.add(FloatNetwork.initial(HIDDEN, factorised, kingMirror, KingBuckets.FOUR, 8, 3));
            }
        }
        List<Position> positions = positions();
        for (FloatNetwork network : networks) {
            byte[] file = NetworkFile.toBytes(network.quantize());
            assertEquals(3, file[4]);
            Network engine = NetworkFile.parse(file);
            assertSame(KingBuckets.FOUR, engine.kingBuckets());
            assertEquals(network.kingMirror(), engine.kingMirror());
            QuantizationBound.assertEvaluatesLike(network, engine, positions);
        }
    }

    /**
     * The float network reads each side's inputs from its own king's bucket: a network whose buckets differ gives
     * other scores than the same network with every bucket's rows made bucket 0's, except where both kings stand in
     * bucket 0.
     */
    @Test
    void theFloatNetworkReadsEachKingsBucket() {
        FloatNetwork network = FloatNetwork.initial(HIDDEN, false, true, KingBuckets.FOUR, 1, 5);
        FloatNetwork flattened = FloatNetwork.initial(HIDDEN, false, true, KingBuckets.FOUR, 1, 5);
        float[][] rows = flattened.parameters.featureWeights;
        for (int feature = Features.COUNT; feature < rows.length; feature++) {
            System.arraycopy(rows[feature % Features.COUNT], 0, rows[feature], 0, HIDDEN);
        }
        flattened.constrain();
        int inBucketZero = 0;
        int elsewhere = 0;
        for (Position position : positions()) {
            boolean bothInZero = fourByHand(Piece.WHITE, position.kingSquare(Piece.WHITE)) == 0
                    && fourByHand(Piece.BLACK, position.kingSquare(Piece.BLACK)) == 0;
            if (bothInZero) {
                inBucketZero++;
                assertEquals(flattened.evaluate(position), network.evaluate(position), 0.0);
            } else {
                elsewhere++;
                assertNotEquals(flattened.evaluate(position), network.evaluate(position), Fen.toFen(position, false));
            }
        }
        assertTrue(inBucketZero > 0 && elsewhere > 100, inBucketZero + " with both kings in bucket 0, " + elsewhere
                + " with one in another");
    }

    /**
     * The inputs the trainer reads from a record with king buckets are the definition's (each view's own king's
     * bucket times 768 plus the input, after king mirroring), and its forward pass gives the float network's
     * evaluation of the record's position exactly.
     */
    @Test
    void theTrainersInputsAreTheDefinitions() {
        Workspace work = new Workspace(HIDDEN);
        int[] views = new int[BUCKETS];
        TrainingData chosen = records(KINGS);
        for (TrainingData source : new TrainingData[] {data, chosen}) {
            for (int index = 0; index < source.size(); index++) {
                work.featureCount = source.features(index, false, true, KingBuckets.FOUR, work.ownFeatures,
                        work.otherFeatures, work.squares, work.pieces);
                work.bucket = Network.outputBucket(work.featureCount, BUCKETS);
                Position position = Fen.parse(source.fen(index));
                int us = position.sideToMove();
                int ownBucket = fourByHand(us, position.kingSquare(us));
                int otherBucket = fourByHand(us ^ 1, position.kingSquare(us ^ 1));
                views[ownBucket]++;
                views[otherBucket]++;
                assertEquals(expected(position, us, ownBucket, true), toSet(work.ownFeatures, work.featureCount),
                        source.fen(index));
                assertEquals(expected(position, us ^ 1, otherBucket, true),
                        toSet(work.otherFeatures, work.featureCount), source.fen(index));
                assertEquals(trained.forward(work) * Network.SCALE, trained.evaluate(position), 0.0);
            }
        }
        for (int count : views) {
            assertTrue(count > 10, () -> "views per bucket: " + Arrays.toString(views));
        }
    }

    /**
     * A record read mirrored (the trainer's mirrored halves, files a and h swapped) reads the inputs of the mirror
     * image, each king's bucket that of its mirrored square: with a layout that is not the same on both wings, a
     * king on g1 is in bucket 0 as it stands and in bucket 1 read mirrored.
     */
    @Test
    void aMirroredReadTakesTheBucketOfTheMirroredKing() {
        Workspace work = new Workspace(HIDDEN);
        TrainingData chosen = records(KINGS);
        int bucketChanged = 0;
        for (int index = 0; index < chosen.size(); index++) {
            Position position = Fen.parse(chosen.fen(index));
            Position mirrored = Fen.parse(mirrorFen(chosen.fen(index)));
            int us = position.sideToMove();
            for (boolean read : new boolean[] {false, true}) {
                Position seen = read ? mirrored : position;
                int count = chosen.features(index, read, false, LEFT_CORNER, work.ownFeatures, work.otherFeatures,
                        work.squares, work.pieces);
                int ownBucket = LEFT_CORNER.bucket(us, seen.kingSquare(us), 0);
                int otherBucket = LEFT_CORNER.bucket(us ^ 1, seen.kingSquare(us ^ 1), 0);
                assertEquals(expected(seen, us, ownBucket, false), toSet(work.ownFeatures, count), chosen.fen(index));
                assertEquals(expected(seen, us ^ 1, otherBucket, false), toSet(work.otherFeatures, count),
                        chosen.fen(index));
            }
            bucketChanged += LEFT_CORNER.bucket(us, position.kingSquare(us), 0)
                    != LEFT_CORNER.bucket(us, mirrored.kingSquare(us), 0) ? 1 : 0;
        }
        assertTrue(bucketChanged >= 3, bucketChanged + " records whose own king changes bucket when mirrored");
        // The first record by hand: White to move, king g1, bucket 0; mirrored on b1, bucket 1.
        int count = chosen.features(0, true, false, LEFT_CORNER, work.ownFeatures, work.otherFeatures, work.squares,
                work.pieces);
        assertTrue(toSet(work.ownFeatures, count).contains(
                Features.bucketed(1, Piece.WHITE, Piece.WHITE_KING, Square.B1)));
        count = chosen.features(0, false, false, LEFT_CORNER, work.ownFeatures, work.otherFeatures, work.squares,
                work.pieces);
        assertTrue(toSet(work.ownFeatures, count).contains(
                Features.bucketed(0, Piece.WHITE, Piece.WHITE_KING, Square.G1)));
    }

    /** {@code perspective}'s inputs of {@code position} in king bucket {@code bucket}, mirrored as the king says. */
    private static Set<Integer> expected(Position position, int perspective, int bucket, boolean kingMirror) {
        int mirror = kingMirror ? Features.mirror(position.kingSquare(perspective)) : 0;
        Set<Integer> features = new HashSet<>();
        for (int square = 0; square < 64; square++) {
            int piece = position.pieceAt(square);
            if (piece != Piece.NONE) {
                features.add(bucket * Features.COUNT + Features.index(perspective, piece, square ^ mirror));
            }
        }
        return features;
    }

    private static Set<Integer> toSet(int[] values, int count) {
        Set<Integer> set = new HashSet<>();
        for (int i = 0; i < count; i++) {
            set.add(values[i]);
        }
        return set;
    }

    /** Training data of the positions {@code fens}, in order. */
    private static TrainingData records(String... fens) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] record = new byte[TrainingRecord.BYTES];
        for (String fen : fens) {
            TrainingRecord.encode(Fen.parse(fen), 25, TrainingRecord.DRAW, record, 0);
            out.write(record, 0, record.length);
        }
        TrainingData data = GeneratedData.data(out.toByteArray());
        assertEquals(fens.length, data.size());
        return data;
    }

    /** The FEN mirrored left to right, without castling rights or en passant. */
    private static String mirrorFen(String fen) {
        String[] fields = fen.split(" ");
        String[] ranks = fields[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int rank = 0; rank < ranks.length; rank++) {
            placement.append(rank == 0 ? "" : "/").append(new StringBuilder(ranks[rank]).reverse());
        }
        return placement + " " + fields[1] + " - - " + fields[4] + " " + fields[5];
    }

    /** With king buckets a factor row is shared by the same input of every bucket, not by a piece kind. */
    @Test
    void aFactorRowIsSharedByTheSameInputOfEveryBucket() {
        Parameters one = new Parameters(8, 1, 1);
        Parameters four = new Parameters(8, 4, 1);
        assertEquals(Features.KINDS, one.factorWeights.length);
        assertEquals(Features.COUNT, four.factorWeights.length);
        assertEquals(4 * Features.COUNT, four.featureWeights.length);
        int knightOnF3 = Features.index(Piece.WHITE, Piece.WHITE_KNIGHT, Square.F3);
        assertEquals(Features.kind(knightOnF3), one.factorOf(knightOnF3));
        for (int bucket = 0; bucket < 4; bucket++) {
            assertEquals(knightOnF3, four.factorOf(bucket * Features.COUNT + knightOnF3));
        }
        assertNotEquals(four.factorOf(knightOnF3), four.factorOf(knightOnF3 + 1));
    }

    /** A gradient on one bucket's input row reaches the factor row of that input, and no other. */
    @Test
    void aBucketsGradientReachesItsInputsFactorRow() {
        FloatNetwork network = FloatNetwork.initial(8, true, false, KingBuckets.FOUR, 1, 5);
        Parameters gradients = new Parameters(8, 4, 1);
        int pawnOnE4 = Features.index(Piece.WHITE, Piece.WHITE_PAWN, Square.E4);
        gradients.featureWeights[2 * Features.COUNT + pawnOnE4][3] = 1.5f;
        gradients.featureWeights[pawnOnE4][3] = 0.25f;
        gradients.featureWeights[3 * Features.COUNT + pawnOnE4 + 1][0] = 2f;
        network.addFactorGradients(gradients);
        assertEquals(1.75f, gradients.factorWeights[pawnOnE4][3], 1e-6);
        assertEquals(2f, gradients.factorWeights[pawnOnE4 + 1][0], 1e-6);
        float elsewhere = 0;
        for (int factor = 0; factor < Features.COUNT; factor++) {
            for (int i = 0; i < 8; i++) {
                boolean set = factor == pawnOnE4 && i == 3 || factor == pawnOnE4 + 1 && i == 0;
                elsewhere += set ? 0 : Math.abs(gradients.factorWeights[factor][i]);
            }
        }
        assertEquals(0f, elsewhere);
        // Without the factoriser there is nothing to add.
        Parameters unfactorised = new Parameters(8, 4, 1);
        unfactorised.featureWeights[2 * Features.COUNT + pawnOnE4][3] = 1.5f;
        FloatNetwork.initial(8, false, false, KingBuckets.FOUR, 1, 5).addFactorGradients(unfactorised);
        assertEquals(0f, unfactorised.factorWeights[pawnOnE4][3]);
    }

    /** A factor row counts in its input of every bucket: folded into each bucket's row for the engine. */
    @Test
    void aFactorRowCountsInItsInputOfEveryBucket() {
        FloatNetwork factorised = FloatNetwork.initial(8, true, true, KingBuckets.FOUR, 2, 5);
        int[] inputs = {Features.index(Piece.WHITE, Piece.WHITE_PAWN, Square.F2),
            Features.index(Piece.WHITE, Piece.BLACK_KNIGHT, Square.C6),
            Features.index(Piece.WHITE, Piece.WHITE_KING, Square.B1)};
        for (int input : inputs) {
            for (int i = 0; i < 8; i++) {
                factorised.parameters.factorWeights[input][i] = 0.02f * (i + 1);
            }
        }
        factorised.constrain();
        FloatNetwork merged = FloatNetwork.initial(8, false, true, KingBuckets.FOUR, 2, 5);
        for (int feature = 0; feature < 4 * Features.COUNT; feature++) {
            for (int i = 0; i < 8; i++) {
                merged.parameters.featureWeights[feature][i] = factorised.parameters.featureWeights[feature][i]
                        + factorised.parameters.factorWeights[feature % Features.COUNT][i];
            }
        }
        merged.constrain();
        for (String fen : KINGS) {
            Position position = Fen.parse(fen);
            assertEquals(merged.evaluate(position), factorised.evaluate(position), 1e-4, fen);
        }
        assertArrayEquals(NetworkFile.toBytes(merged.quantize()), NetworkFile.toBytes(factorised.quantize()));
        // And the factor rows changed the scores: without them the network is another.
        FloatNetwork without = FloatNetwork.initial(8, true, true, KingBuckets.FOUR, 2, 5);
        Position start = Position.startPosition();
        assertTrue(Math.abs(without.evaluate(start) - factorised.evaluate(start)) > 0.1);
    }

    @Test
    void ownPlusFactorStaysWithinTheWeightLimitInEveryBucket() {
        FloatNetwork network = FloatNetwork.initial(8, true, false, KingBuckets.FOUR, 1, 9);
        network.parameters.factorWeights[100][3] = 1.5f;
        network.parameters.featureWeights[3 * Features.COUNT + 100][3] = 1.5f;
        network.parameters.featureWeights[Features.COUNT + 100][3] = -1.9f;
        network.constrain();
        assertEquals(Network.WEIGHT_LIMIT, network.parameters.featureWeights[3 * Features.COUNT + 100][3] + 1.5f,
                1e-6);
        assertEquals(-1.9f, network.parameters.featureWeights[Features.COUNT + 100][3], 1e-6);
    }

    /** The analytic gradient of a shared factor weight matches the change of the loss when the weight is nudged. */
    @Test
    void factorGradientMatchesTheNumericalDerivative() {
        TrainingData small = GeneratedData.data(GeneratedData.records(3, 30, 11));
        FloatNetwork network = FloatNetwork.initial(8, true, false, KingBuckets.FOUR, 1, 3);
        // Large enough that some hidden sums sit inside SCReLU's curved range.
        for (float[] row : network.parameters.factorWeights) {
            for (int i = 0; i < 8; i++) {
                row[i] = 0.01f * ((i % 4) - 1);
            }
        }
        network.constrain();
        Parameters gradients = new Parameters(8, 4, 1);
        Workspace work = new Workspace(8);
        Set<Integer> factors = new HashSet<>();
        Set<Integer> buckets = new HashSet<>();
        for (int index = 0; index < small.size(); index++) {
            load(small, index, work);
            for (int f = 0; f < work.featureCount; f++) {
                buckets.add(work.ownFeatures[f] / Features.COUNT);
                buckets.add(work.otherFeatures[f] / Features.COUNT);
            }
            if (factors.size() < 4) {
                factors.add(work.ownFeatures[0] % Features.COUNT);
            }
            float predicted = (float) TrainingData.sigmoid(network.forward(work));
            float error = predicted - small.target(index, 0.3);
            network.backward(work, 2 * error * predicted * (1 - predicted), gradients);
        }
        network.addFactorGradients(gradients);
        assertTrue(buckets.size() >= 2, buckets::toString);
        int checked = 0;
        for (int factor : factors) {
            for (int i = 0; i < 8; i++) {
                double analytic = gradients.factorWeights[factor][i];
                double numeric = numericGradient(network, small, factor, i);
                assertEquals(numeric, analytic, 1e-3 + 0.02 * Math.abs(numeric), "factor " + factor + ", neuron " + i);
                checked += Math.abs(numeric) > 1e-3 ? 1 : 0;
            }
        }
        assertTrue(checked >= 8, "only " + checked + " of the checked gradients were not zero");
    }

    private static void load(TrainingData data, int index, Workspace work) {
        work.featureCount = data.features(index, false, false, KingBuckets.FOUR, work.ownFeatures, work.otherFeatures,
                work.squares, work.pieces);
        work.bucket = 0;
    }

    private static double numericGradient(FloatNetwork network, TrainingData data, int factor, int neuron) {
        float h = 1e-3f;
        float[] row = network.parameters.factorWeights[factor];
        float saved = row[neuron];
        row[neuron] = saved + h;
        network.constrain();
        double plus = summedLoss(network, data);
        row[neuron] = saved - h;
        network.constrain();
        double minus = summedLoss(network, data);
        row[neuron] = saved;
        network.constrain();
        return (plus - minus) / (2 * h);
    }

    private static double summedLoss(FloatNetwork network, TrainingData data) {
        Workspace work = new Workspace(8);
        double sum = 0;
        for (int index = 0; index < data.size(); index++) {
            load(data, index, work);
            sum += data.squaredError(index, network.forward(work), 0.3);
        }
        return sum;
    }
}
