package kestrel.perft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class MoveDescriptionTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @Test
    void castling() {
        assertEquals("castling king side", legal(KIWIPETE, "e1g1"));
        assertEquals("castling queen side", legal(KIWIPETE, "e1c1"));
        String chess960 = "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1";
        assertEquals("castling king side with the rook on g1", legal(chess960, "e1g1"));
        assertEquals("castling queen side with the rook on b1", legal(chess960, "e1b1"));
    }

    @Test
    void enPassant() {
        assertEquals("en passant capture of the pawn on f5",
                legal("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"));
    }

    @Test
    void promotionsAndUnderPromotions() {
        String fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assertEquals("under-promotion to a knight, taking a rook", legal(fen, "b7a8n"));
        assertEquals("under-promotion to a bishop", legal(fen, "b7b8b"));
        assertEquals("promotion to a queen, giving check", legal(fen, "b7b8q"));
    }

    @Test
    void answersToCheck() {
        assertEquals("king takes rook, out of check", legal("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1e2"));
        assertEquals("king move, out of check", legal("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1d1"));
        assertEquals("bishop move, blocking the check", legal("4k3/8/8/8/8/8/6B1/4K2r w - - 0 1", "g2f1"));
        assertEquals("bishop takes rook, taking the piece that gives check",
                legal("4k3/8/8/8/8/8/6B1/4K2r w - - 0 1", "g2h1"));
        assertEquals("king move, out of double check",
                legal("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", "e1e2"));
    }

    @Test
    void pinnedPiecesAndChecks() {
        String pin = "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1";
        assertEquals("rook move, by a pinned piece along its pin", legal(pin, "e2e5"));
        assertEquals("rook takes rook, by a pinned piece along its pin, giving check", legal(pin, "e2e7"));
        assertEquals("pawn double step", legal(Fen.START, "e2e4"));
        assertEquals("knight move", legal(Fen.START, "g1f3"));
    }

    @Test
    void illegalCastling() {
        assertEquals("castling king side through f1, attacked by the bishop on a6",
                illegal("r3k2r/p1ppqpb1/b3pnp1/3PN3/np2P3/2N2Q1p/PPPB1PPP/R2BK2R w KQkq - 2 2", "e1g1"));
        assertEquals("castling king side through f1, attacked by the bishop on a6",
                illegal("r3k2r/p1ppqpb1/b3pnp1/3PN3/np2P3/2N2Q1p/PPPB1PPP/R2BK2R w KQkq - 2 2", "e1h1"));
        assertEquals("castling king side into check on g1, attacked by the rook on g2",
                illegal("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "e1g1"));
        assertEquals("castling king side out of check", illegal("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1"));
        assertEquals("castling king side without the castling right",
                illegal("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w kq - 0 1", "e1g1"));
        assertEquals("castling king side with the bishop on f1 in the way", illegal(Fen.START, "e1g1"));
    }

    @Test
    void movesThatLeaveTheKingInCheck() {
        assertEquals("en passant capture of the pawn on e4, exposing the king to the rook on b4 once both pawns are"
                + " gone", illegal("8/2p5/3p4/KP5r/1R2Ppk1/6P1/8/8 b - e3 0 2", "f4e3"));
        assertEquals("king move into check from the rook on a2", illegal("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "e1e2"));
        assertEquals("knight move by a pinned piece, exposing the king to the rook on e7",
                illegal("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"));
        assertEquals("knight move, leaving the king in check from the rook on e2",
                illegal("4k3/8/8/8/8/8/4r3/3NK3 w - - 0 1", "d1b2"));
    }

    @Test
    void movesNoPieceCanMake() {
        assertEquals("no piece stands on e3", illegal(Fen.START, "e3e4"));
        assertEquals("moves a black pawn, but White is to move", illegal(Fen.START, "e7e5"));
        assertEquals("a knight cannot move from b1 to b3 here", illegal(Fen.START, "b1b3"));
        assertEquals("a pawn cannot move from e2 to e5 here", illegal(Fen.START, "e2e5"));
        assertEquals("queen move onto its own pawn on d2", illegal(Fen.START, "d1d2"));
        assertEquals("pawn reaching the last rank without promoting", illegal("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
                "b7b8"));
        assertEquals("promotion letter on a pawn move that does not reach the last rank", illegal(Fen.START, "e2e4q"));
        assertEquals("not a move in UCI notation", illegal(Fen.START, "O-O"));
    }

    private static String legal(String fen, String text) {
        Position position = Fen.parse(fen);
        int move = MoveNotation.parseUci(position, text, true);
        assertNotEquals(Move.NONE, move, text + " is not legal in " + fen);
        return MoveDescription.ofLegal(position, move);
    }

    private static String illegal(String fen, String text) {
        Position position = Fen.parse(fen);
        assertEquals(Move.NONE, MoveNotation.parseUci(position, text, false), text + " is legal in " + fen);
        return MoveDescription.ofIllegal(position, text);
    }
}
