package kestrel.engine.nnue.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class MoveIndexTest {
    /** The FENs of the standard perft suite (test resource positions/standard.epd). */
    private static List<String> suite() throws IOException {
        try (InputStream in = MoveIndexTest.class.getResourceAsStream("/positions/standard.epd")) {
            List<String> fens = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                String fen = line.split(";", 2)[0].trim();
                if (!fen.isEmpty()) {
                    fens.add(fen);
                }
            }
            return fens;
        }
    }

    @Test
    void everyLegalMoveHasOneIndexInKeyOrderAndComesBackFromIt() throws IOException {
        MoveIndex index = new MoveIndex();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checked = 0;
        for (String fen : suite()) {
            Position position = Fen.parse(fen);
            int count = MoveGenerator.legalMoves(position, moves, 0);
            assertEquals(count, index.load(position), fen);
            for (int i = 0; i < count; i++) {
                int at = index.indexOf(moves[i]);
                assertTrue(at >= 0 && at < count, fen + " " + Move.toUci(moves[i]));
                assertEquals(moves[i], index.move(at), fen);
                checked++;
            }
            for (int i = 1; i < count; i++) {
                assertTrue(MoveIndex.key(index.move(i - 1)) < MoveIndex.key(index.move(i)),
                        "sorted by the format's key, no two alike: " + fen);
            }
            assertEquals(-1, index.move(count));
        }
        assertTrue(checked > 1_500, "moves checked: " + checked);
    }

    @Test
    void theKeyIsFromToAndPromotion() {
        Position position = Fen.parse("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
        MoveIndex index = new MoveIndex();
        int count = index.load(position);
        // The lowest from square is a1, and the lowest to square from it b1; castling is king takes rook.
        assertEquals("a1b1", Move.toUci(index.move(0)));
        List<String> promotions = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            all.add(Move.toUci(index.move(i), true));
            if (Move.isPromotion(index.move(i))) {
                promotions.add(Move.toUci(index.move(i)));
            }
        }
        assertEquals(List.of("b7b8n", "b7b8b", "b7b8r", "b7b8q"), promotions);
        assertTrue(all.indexOf("e1a1") < all.indexOf("e1d1") && all.indexOf("e1f1") < all.indexOf("e1h1"), all::toString);
    }
}
