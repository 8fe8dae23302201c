package kestrel.engine.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class PawnCacheTest {
    private static void fill(PawnCache cache, Position position) {
        long key = position.pawnKey();
        cache.fill(cache.slot(key), key, position.pieces(Piece.WHITE, Piece.PAWN),
                position.pieces(Piece.BLACK, Piece.PAWN));
    }

    @Test
    void aFilledSlotHoldsTheStructureOfItsPawns() {
        PawnCache cache = new PawnCache(16);
        Position position = Fen.parse("4k3/8/8/3P4/8/8/P7/4K3 w - - 0 1");
        fill(cache, position);
        int slot = cache.slot(position.pawnKey());
        long white = position.pieces(Piece.WHITE, Piece.PAWN);
        assertTrue(cache.holds(slot, position.pawnKey()));
        assertEquals(PawnStructure.score(Piece.WHITE, white, 0), cache.score(slot, Piece.WHITE));
        assertEquals(PawnStructure.passed(Piece.WHITE, white, 0), cache.passed(slot, Piece.WHITE));
        assertEquals(0, cache.passed(slot, Piece.BLACK));
    }

    @Test
    void aProbeChecksTheWholeKeyNotJustTheSlot() {
        PawnCache cache = new PawnCache(1);
        Position first = Fen.parse("4k3/8/8/3P4/8/8/P7/4K3 w - - 0 1");
        Position second = Fen.parse("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
        fill(cache, first);
        assertEquals(cache.slot(first.pawnKey()), cache.slot(second.pawnKey()));
        assertFalse(cache.holds(cache.slot(second.pawnKey()), second.pawnKey()));
        fill(cache, second);
        assertFalse(cache.holds(cache.slot(first.pawnKey()), first.pawnKey()));
    }

    @Test
    void theSizeIsRoundedUpToAPowerOfTwo() {
        PawnCache cache = new PawnCache(5);
        long key = 0x123456789ABCDEFL;
        assertEquals((int) key & 7, cache.slot(key));
    }
}
