package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import kestrel.engine.Fen;
import kestrel.engine.Piece;
import org.junit.jupiter.api.Test;

class MaterialTest {
    @Test
    void tableNamesRoundTrip() {
        for (String name : new String[] {"KvK", "KQvK", "KRPvKR", "KQRvKR", "KBNvK", "KPPvKP", "KQQQvKRR"}) {
            assertEquals(name, Material.name(Material.parse(name)));
        }
    }

    @Test
    void notATableNameIsRejected() {
        assertEquals(-1, Material.parse("KQK"));
        assertEquals(-1, Material.parse("QKvK"));
        assertEquals(-1, Material.parse("KXvK"));
    }

    @Test
    void positionKeyMatchesItsTableOrTheSwappedOne() {
        long key = Material.keyOf(Fen.parse("8/8/8/3k4/8/8/8/KQR4r w - - 0 1"));
        assertEquals(Material.parse("KQRvKR"), key);
        long swapped = Material.keyOf(Fen.parse("kqr4R/8/8/8/3K4/8/8/8 w - - 0 1"));
        assertEquals(Material.parse("KRvKQR"), swapped);
        assertEquals(key, Material.swapColors(swapped));
    }

    @Test
    void countsPiecesAndPawns() {
        long key = Material.parse("KRPPvKR");
        assertEquals(6, Material.pieceCount(key));
        assertEquals(2, Material.pawns(key, Piece.WHITE));
        assertEquals(0, Material.pawns(key, Piece.BLACK));
    }
}
