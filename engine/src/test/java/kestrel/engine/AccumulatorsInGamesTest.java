package kestrel.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import kestrel.engine.nnue.Accumulators;
import kestrel.engine.nnue.Features;
import kestrel.engine.nnue.Network;
import kestrel.engine.nnue.TestNetworks;
import org.junit.jupiter.api.Test;

/**
 * The network's accumulators follow a position exactly: after every make and unmake of random games (every kind of
 * move, Chess960 castling included) and around null moves, the incrementally updated accumulator equals one summed
 * from scratch, and so does the evaluation. Here, in the core's package, for its seeded random games. The same for a
 * network with king mirroring and output buckets, whose accumulator of a side is summed anew when its king crosses
 * between files d and e.
 */
class AccumulatorsInGamesTest {
    private static final Network NETWORK = TestNetworks.random(48, 3);
    private static final Network MIRRORED = TestNetworks.random(48, true, 8, 3);

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
            int before = checks;
            crossings += crossed ? 1 : 0;
            maybeCheck(position);
            checksAfterCrossing += crossed && checks > before ? 1 : 0;
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
