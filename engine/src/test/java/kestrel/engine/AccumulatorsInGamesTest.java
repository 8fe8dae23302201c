package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import kestrel.engine.nnue.Accumulators;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.KingBuckets;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TestNetworks;
import org.junit.jupiter.api.Test;

/**
 * The network's accumulators follow a position exactly: after every make and unmake of random games (every kind of
 * move, Chess960 castling included) and around null moves, the incrementally updated accumulator equals one summed
 * from scratch, and so does the evaluation. Here, in the core's package, for its seeded random games. The same for a
 * network with king mirroring and output buckets, whose accumulator of a side is summed anew when its king crosses
 * between files d and e, and for networks with king buckets, where a king's move into another bucket does the same.
 */
class AccumulatorsInGamesTest {
    private static final Network NETWORK = TestNetworks.random(48, 3);
    private static final Network MIRRORED = TestNetworks.random(48, true, 8, 3);
    /** King buckets with king mirroring, and without it: then a king changes its side's view by its bucket alone. */
    private static final Network KING_BUCKETED = TestNetworks.random(48, true, KingBuckets.FOUR, 8, 31);
    private static final Network KING_BUCKETED_UNMIRRORED = TestNetworks.random(48, false, KingBuckets.FOUR, 3, 32);
    /** Kings and rooks alone, castling rights both ways: the kings castle either way and walk all over the board. */
    private static final String KINGS_AND_ROOKS = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    /**
     * Checks the stack against a recomputation at a random share of the steps, so that the lazy catch-up over several
     * plies is tested too.
     */
    private static final class Checker implements RandomGames.Observer {
        private final Network network;
        private final Accumulators stack;
        private final SplittableRandom random;
        private final int oneIn;
        int checks;
        /** King moves across the d/e boundary made, and checks made right after one. */
        int crossings;
        int checksAfterCrossing;
        /** King moves into another king bucket of {@link KingBuckets#FOUR}, and checks made right after one. */
        int bucketChanges;
        int checksAfterBucketChange;

        Checker(long seed, int oneIn) {
            this(NETWORK, seed, oneIn);
        }

        Checker(Network network, long seed, int oneIn) {
            this.network = network;
            this.stack = new Accumulators(network);
            this.random = new SplittableRandom(seed);
            this.oneIn = oneIn;
        }

        @Override
        public void atStart(Position position) {
            stack.startSearch(position);
            check(position);
        }

        @Override
        public void afterMake(Position position, int move) {
            int ply = position.ply() - 1;
            int from = Move.from(move);
            boolean crossed = Piece.type(position.movedPieceAt(ply)) == Piece.KING
                    && Features.crossesMirror(from, Move.kind(move) == Move.CASTLING
                    ? Move.castlingKingTarget(from, Move.to(move)) : Move.to(move));
            int mover = Piece.color(position.movedPieceAt(ply));
            int kingTo = Move.kind(move) == Move.CASTLING ? Move.castlingKingTarget(from, Move.to(move))
                    : Move.to(move);
            // FOUR is the same on both wings, so its bucket does not depend on mirroring.
            boolean changedBucket = Piece.type(position.movedPieceAt(ply)) == Piece.KING
                    && KingBuckets.FOUR.bucket(mover, from, 0) != KingBuckets.FOUR.bucket(mover, kingTo, 0);
            int before = checks;
            crossings += crossed ? 1 : 0;
            bucketChanges += changedBucket ? 1 : 0;
            maybeCheck(position);
            checksAfterCrossing += crossed && checks > before ? 1 : 0;
            checksAfterBucketChange += changedBucket && checks > before ? 1 : 0;
            if (!position.inCheck() && random.nextInt(4) == 0) {
                position.makeNullMove();
                maybeCheck(position);
                position.unmakeNullMove();
                maybeCheck(position);
            }
        }

        @Override
        public void afterUnmake(Position position) {
            maybeCheck(position);
        }

        private void maybeCheck(Position position) {
            if (random.nextInt(oneIn) == 0) {
                check(position);
            }
        }

        private void check(Position position) {
            checks++;
            assertTrue(stack.matchesFromScratch(position), () -> Fen.toFen(position, true));
            assertEquals(network.evaluate(position), stack.evaluate(position), () -> Fen.toFen(position, true));
        }
    }

    /**
     * King mirroring: long random games, whose kings wander across the d/e boundary hundreds of times (castling
     * queen side included), checked at every step.
     */
    @Test
    void kingMirroredAccumulatorEqualsFromScratchAfterEveryMakeAndUnmake() {
        Checker checker = new Checker(MIRRORED, 4, 1);
        RandomGames.Tally tally = RandomGames.play(Fen.START, 40, 400, 13, checker);
        assertTrue(checker.crossings > 500 && tally.queenSideCastles > 0, () -> checker.crossings + " crossings, "
                + tally);
    }

    /** King mirroring with the lazy catch-up: crossings several plies below the position evaluated. */
    @Test
    void kingMirroredLazyUpdatesOverSeveralPliesAreExact() {
        Checker checker = new Checker(MIRRORED, 5, 5);
        RandomGames.play(Fen.START, 40, 400, 14, checker);
        assertTrue(checker.checks > 1000 && checker.crossings > 300
                && checker.checksAfterCrossing < checker.crossings / 2,
                () -> checker.checks + " checks, " + checker.crossings + " crossings, " + checker.checksAfterCrossing
                        + " checked right after");
    }

    @Test
    void kingMirroredAccumulatorIsExactInChess960Games() {
        Checker checker = new Checker(MIRRORED, 6, 2);
        RandomGames.Tally total = new RandomGames.Tally();
        long seed = 29;
        for (String fen : TestPositions.CHESS960_STARTS) {
            total.add(RandomGames.play(fen, 8, 300, seed++, checker));
        }
        assertTrue(total.kingSideCastles > 0 && total.queenSideCastles > 0 && checker.crossings > 100,
                () -> checker.crossings + " crossings, " + total);
    }

    /**
     * King buckets, with king mirroring and without: long random games whose kings change bucket hundreds of times
     * (castling both ways included), checked at every step.
     */
    @Test
    void kingBucketedAccumulatorEqualsFromScratchAfterEveryMakeAndUnmake() {
        for (Network network : new Network[] {KING_BUCKETED, KING_BUCKETED_UNMIRRORED}) {
            Checker checker = new Checker(network, 7, 1);
            RandomGames.Tally tally = RandomGames.play(Fen.START, 30, 400, 41, checker);
            assertTrue(checker.bucketChanges > 300 && tally.queenSideCastles > 0 && tally.kingSideCastles > 0,
                    () -> checker.bucketChanges + " bucket changes, " + tally);
        }
    }

    /** King buckets with the lazy catch-up: bucket changes several plies below the position evaluated. */
    @Test
    void kingBucketedLazyUpdatesOverSeveralPliesAreExact() {
        for (Network network : new Network[] {KING_BUCKETED, KING_BUCKETED_UNMIRRORED}) {
            Checker checker = new Checker(network, 8, 5);
            RandomGames.play(Fen.START, 30, 400, 42, checker);
            assertTrue(checker.checks > 800 && checker.bucketChanges > 300
                    && checker.checksAfterBucketChange < checker.bucketChanges / 2,
                    () -> checker.checks + " checks, " + checker.bucketChanges + " bucket changes, "
                            + checker.checksAfterBucketChange + " checked right after");
        }
    }

    /**
     * Kings and rooks alone: castling either way from the start, then kings that walk across every bucket and both
     * wings, back and forth, checked at every step and lazily.
     */
    @Test
    void kingBucketedAccumulatorIsExactWhileKingsWalk() {
        for (Network network : new Network[] {KING_BUCKETED, KING_BUCKETED_UNMIRRORED}) {
            for (int oneIn : new int[] {1, 4}) {
                Checker checker = new Checker(network, 9 + oneIn, oneIn);
                RandomGames.Tally tally = RandomGames.play(KINGS_AND_ROOKS, 40, 200, 43 + oneIn, checker);
                assertTrue(checker.bucketChanges > 1000 && checker.crossings > 500 && tally.kingSideCastles > 5
                        && tally.queenSideCastles > 5, () -> checker.bucketChanges + " bucket changes, "
                        + checker.crossings + " crossings, " + tally);
            }
        }
    }

    @Test
    void kingBucketedAccumulatorIsExactInChess960Games() {
        Checker checker = new Checker(KING_BUCKETED, 10, 2);
        RandomGames.Tally total = new RandomGames.Tally();
        long seed = 47;
        for (String fen : TestPositions.CHESS960_STARTS) {
            total.add(RandomGames.play(fen, 6, 300, seed++, checker));
        }
        assertTrue(total.kingSideCastles > 0 && total.queenSideCastles > 0 && checker.bucketChanges > 100,
                () -> checker.bucketChanges + " bucket changes, " + total);
    }

    /**
     * As a search walks its tree: from each root a few moves at every node to depth 4, made and taken back, the
     * evaluation asked at some inner nodes and every leaf, so that sibling lines reuse the plies below them and a
     * king move into another bucket lies between the evaluated position and the nearest computed ply.
     */
    @Test
    void kingBucketedAccumulatorFollowsASearchTree() {
        String[] roots = {Fen.START, KINGS_AND_ROOKS,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3k4/8/1P6/8/5PK1/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"};
        for (Network network : new Network[] {KING_BUCKETED, KING_BUCKETED_UNMIRRORED}) {
            Accumulators stack = new Accumulators(network);
            SplittableRandom random = new SplittableRandom(51);
            int[] counts = new int[2];
            for (String fen : roots) {
                Position position = Fen.parse(fen);
                stack.startSearch(position);
                walk(network, stack, position, 4, random, counts);
                assertEquals(Fen.toFen(Fen.parse(fen), false), Fen.toFen(position, false));
            }
            int[] tally = counts;
            assertTrue(tally[0] > 1000 && tally[1] > 100, () -> tally[0] + " evaluations, " + tally[1]
                    + " king moves into another bucket");
        }
    }

    /** counts: evaluations checked, king moves into another bucket. */
    private static void walk(Network network, Accumulators stack, Position position, int depth,
                             SplittableRandom random, int[] counts) {
        if (depth == 0 || random.nextInt(3) == 0) {
            counts[0]++;
            assertEquals(network.evaluate(position), stack.evaluate(position), () -> Fen.toFen(position, true));
            assertTrue(stack.matchesFromScratch(position), () -> Fen.toFen(position, true));
        }
        if (depth == 0) {
            return;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        // King moves first when there are any, so that the tree changes buckets often.
        int kings = 0;
        for (int i = 0; i < count; i++) {
            if (position.pieceAt(Move.from(moves[i])) == Piece.of(position.sideToMove(), Piece.KING)) {
                int move = moves[kings];
                moves[kings++] = moves[i];
                moves[i] = move;
            }
        }
        int tried = Math.min(count, 4);
        for (int i = 0; i < tried; i++) {
            int pick = i < Math.min(kings, 2) ? i : i + random.nextInt(count - i);
            int move = moves[pick];
            moves[pick] = moves[i];
            moves[i] = move;
            int mover = position.sideToMove();
            int from = Move.from(move);
            int to = Move.kind(move) == Move.CASTLING ? Move.castlingKingTarget(from, Move.to(move)) : Move.to(move);
            boolean king = position.pieceAt(from) == Piece.of(mover, Piece.KING);
            counts[1] += king && KingBuckets.FOUR.bucket(mover, from, 0) != KingBuckets.FOUR.bucket(mover, to, 0)
                    ? 1 : 0;
            position.makeMove(move);
            walk(network, stack, position, depth - 1, random, counts);
            position.unmakeMove();
        }
    }

    @Test
    void incrementalAccumulatorEqualsFromScratchAfterEveryMakeAndUnmake() {
        Checker checker = new Checker(1, 1);
        RandomGames.Tally tally = RandomGames.play(Fen.START, 60, 300, 11, checker);
        assertTrue(tally.enPassant > 0 && tally.promotions > 0 && tally.underPromotions > 0
                && tally.kingSideCastles > 0 && tally.queenSideCastles > 0, tally::toString);
    }

    @Test
    void lazyUpdatesOverSeveralPliesAreExact() {
        Checker checker = new Checker(2, 7);
        RandomGames.play(Fen.START, 60, 300, 12, checker);
        assertTrue(checker.checks > 1000, () -> "only " + checker.checks + " checks");
    }

    @Test
    void incrementalAccumulatorIsExactInChess960Games() {
        Checker checker = new Checker(3, 2);
        RandomGames.Tally total = new RandomGames.Tally();
        long seed = 23;
        for (String fen : TestPositions.CHESS960_STARTS) {
            total.add(RandomGames.play(fen, 8, 300, seed++, checker));
        }
        assertTrue(total.kingSideCastles > 0 && total.queenSideCastles > 0, total::toString);
    }

    @Test
    void aSearchStartedOverACopiedPositionFollowsItsNewLines() {
        // As a search does it: one position object, copied into for each search, and the evaluator started over.
        Accumulators stack = new Accumulators(NETWORK);
        Position position = Position.startPosition();
        stack.startSearch(position);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (String uci : new String[] {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) {
            position.makeMove(MoveNotation.parseUci(position, uci, false));
            stack.evaluate(position);
        }
        Position other = Fen.parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        other.makeMove(MoveNotation.parseUci(other, "e1g1", false));
        other.makeMove(MoveNotation.parseUci(other, "h3g2", false));
        position.copyFrom(other);
        stack.startSearch(position);
        assertTrue(stack.matchesFromScratch(position));
        SplittableRandom random = new SplittableRandom(5);
        for (int ply = 0; ply < 8; ply++) {
            int count = MoveGenerator.legalMoves(position, moves, 0);
            if (count == 0) {
                break;
            }
            position.makeMove(moves[random.nextInt(count)]);
            assertTrue(stack.matchesFromScratch(position), () -> Fen.toFen(position, false));
            assertEquals(NETWORK.evaluate(position), stack.evaluate(position));
        }
    }
}
