package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class PerftTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    private static final String POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    private static final String CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /** Two white rooks on the queen's wing: castling right A or B picks which one castles. */
    private static final String ROOKS_A_AND_B = "7k/8/8/8/8/8/8/RR1K4";

    @Test
    void depthZeroCountsTheRootAlone() {
        assertEquals(1, new Perft().count(Position.startPosition(), 0));
    }

    @Test
    void depthOneCountsTheLegalMoves() {
        assertEquals(48, new Perft().count(Fen.parse(KIWIPETE), 1));
    }

    @Test
    void countingLeavesThePositionAsItWas() {
        Position position = Fen.parse(KIWIPETE);
        long key = position.key();
        new Perft().count(position, 3);
        assertEquals(KIWIPETE, Fen.toFen(position, false));
        assertEquals(key, position.key());
        assertEquals(0, position.ply());
    }

    @Test
    void negativeDepthIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Perft().count(Position.startPosition(), -1));
    }

    @Test
    void depthBeyondTheMaximumIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new Perft().count(Position.startPosition(), Perft.MAX_DEPTH + 1));
    }

    @Test
    void divideCountsSumToThePerftTotal() {
        Divide divide = new Perft().divide(Fen.parse(KIWIPETE), 3, false);
        long sum = divide.counts().stream().mapToLong(Divide.MoveCount::nodes).sum();
        assertEquals(97_862, divide.total());
        assertEquals(divide.total(), sum);
    }

    @Test
    void divideListsEveryLegalMoveOnce() {
        Divide divide = new Perft().divide(Fen.parse(KIWIPETE), 2, false);
        assertEquals(48, divide.counts().size());
        assertEquals(48, divide.counts().stream().map(Divide.MoveCount::move).distinct().count());
    }

    @Test
    void divideIsSortedByMoveText() {
        List<Divide.MoveCount> counts = new Perft().divide(Fen.parse(KIWIPETE), 2, false).counts();
        for (int i = 1; i < counts.size(); i++) {
            assertTrue(counts.get(i - 1).move().compareTo(counts.get(i).move()) < 0,
                    counts.get(i - 1).move() + " before " + counts.get(i).move());
        }
    }

    @Test
    void divideGivesTheSubtreeOfEachMove() {
        Divide divide = new Perft().divide(Position.startPosition(), 3, false);
        assertEquals(new Divide.MoveCount("e2e4", 600), divide.counts().stream()
                .filter(count -> count.move().equals("e2e4")).findFirst().orElseThrow());
    }

    @Test
    void divideAtDepthOneGivesOneLeafPerMove() {
        Divide divide = new Perft().divide(Position.startPosition(), 1, false);
        assertEquals(20, divide.total());
        assertTrue(divide.counts().stream().allMatch(count -> count.nodes() == 1));
    }

    @Test
    void divideWritesCastlingAsTheKingsDestinationInStandardChess() {
        List<String> moves = new Perft().divide(Fen.parse(KIWIPETE), 1, false).counts().stream()
                .map(Divide.MoveCount::move).toList();
        assertTrue(moves.contains("e1g1") && moves.contains("e1c1"), moves.toString());
    }

    @Test
    void divideWritesCastlingAsKingTakesRookInChess960() {
        List<String> moves = new Perft().divide(Fen.parse(KIWIPETE), 1, true).counts().stream()
                .map(Divide.MoveCount::move).toList();
        assertTrue(moves.contains("e1h1") && moves.contains("e1a1"), moves.toString());
    }

    @Test
    void divideBelowDepthOneIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Perft().divide(Position.startPosition(), 0, false));
    }

    @Test
    void cachedCountsEqualUncachedCounts() {
        Perft cached = new Perft(new PerftCache(4));
        Perft plain = new Perft();
        for (String fen : List.of(Fen.START, KIWIPETE, POSITION_3, CHESS960)) {
            for (int depth = 1; depth <= 4; depth++) {
                assertEquals(plain.count(Fen.parse(fen), depth), cached.count(Fen.parse(fen), depth),
                        fen + " at depth " + depth);
            }
        }
    }

    @Test
    void cachedCountOfADeepTreeIsExact() {
        assertEquals(11_030_083, new Perft(new PerftCache(8)).count(Fen.parse(POSITION_3), 6));
    }

    @Test
    void cachedDivideEqualsUncachedDivide() {
        assertEquals(new Perft().divide(Fen.parse(KIWIPETE), 3, false),
                new Perft(new PerftCache(4)).divide(Fen.parse(KIWIPETE), 3, false));
    }

    @Test
    void cacheKeepsApartRootsWhoseCastlingRooksDiffer() {
        // Same pieces, same rights, same key: White's queen-side rook is a1 in one and b1 in the other.
        Position rookOnA = Fen.parse(ROOKS_A_AND_B + " w A - 0 1");
        Position rookOnB = Fen.parse(ROOKS_A_AND_B + " w B - 0 1");
        assertEquals(rookOnA.key(), rookOnB.key());
        Perft cached = new Perft(new PerftCache(1));
        assertEquals(1452, cached.count(rookOnA, 3));
        assertEquals(1521, cached.count(rookOnB, 3));
        assertEquals(1452, cached.count(rookOnA, 3));
    }

    @Test
    void countersSharingOneCacheKeepApartRootsWhoseCastlingRooksDiffer() {
        PerftCache shared = new PerftCache(1);
        Perft first = new Perft(shared);
        Perft second = new Perft(shared);
        assertEquals(1452, first.count(Fen.parse(ROOKS_A_AND_B + " w A - 0 1"), 3));
        assertEquals(1521, second.count(Fen.parse(ROOKS_A_AND_B + " w B - 0 1"), 3));
        assertEquals(1452, first.count(Fen.parse(ROOKS_A_AND_B + " w A - 0 1"), 3));
    }

    @Test
    void uncachedCountsOfTheTwoCastlingRooksDiffer() {
        // The counts the two tests above expect, from the plain counter.
        assertEquals(1452, new Perft().count(Fen.parse(ROOKS_A_AND_B + " w A - 0 1"), 3));
        assertEquals(1521, new Perft().count(Fen.parse(ROOKS_A_AND_B + " w B - 0 1"), 3));
    }

    @Test
    void aStopRequestEndsACountWithACancellation() {
        int[] looks = {0};
        Perft perft = new Perft(null, () -> ++looks[0] > 3);
        assertThrows(CancellationException.class, () -> perft.count(Position.startPosition(), 9));
    }

    @Test
    void aStoppableCounterThatIsNeverStoppedCountsExactly() {
        assertEquals(197_281, new Perft(null, () -> false).count(Position.startPosition(), 4));
    }
}
