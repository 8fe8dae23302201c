package kestrel.engine.nnue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import kestrel.engine.Fen;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;

class TrainingRecordTest {

    @Test
    void roundTripsBoardSideScoreResultAndCounters() {
        String fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 7 42";
        Position position = Fen.parse(fen);
        byte[] record = new byte[TrainingRecord.BYTES + 3];
        TrainingRecord.encode(position, -1234, TrainingRecord.WHITE_WIN, record, 3);

        assertEquals("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 7 42",
                TrainingRecord.toFen(record, 3));
        assertEquals(position.occupied(), TrainingRecord.occupancy(record, 3));
        assertEquals(-1234, TrainingRecord.whiteScore(record, 3));
        assertEquals(TrainingRecord.WHITE_WIN, TrainingRecord.result(record, 3));
        assertEquals(1, TrainingRecord.sideToMove(record, 3));
    }

    @Test
    void keepsAllThirtyTwoPiecesOfTheStartPosition() {
        Position position = Position.startPosition();
        byte[] record = new byte[TrainingRecord.BYTES];
        TrainingRecord.encode(position, 31, TrainingRecord.DRAW, record, 0);
        int[] squares = new int[32];
        int[] pieces = new int[32];
        assertEquals(32, TrainingRecord.pieces(record, 0, squares, pieces));
        for (int i = 0; i < 32; i++) {
            assertEquals(position.pieceAt(squares[i]), pieces[i], "square " + squares[i]);
        }
        assertEquals(Fen.START.replace("KQkq", "-"), TrainingRecord.toFen(record, 0));
    }

    @Test
    void clampsMateScoresAndRejectsABadResult() {
        byte[] record = new byte[TrainingRecord.BYTES];
        TrainingRecord.encode(Position.startPosition(), -99_999, TrainingRecord.BLACK_WIN, record, 0);
        assertEquals(-TrainingRecord.MAX_SCORE, TrainingRecord.whiteScore(record, 0));
        assertThrows(IllegalArgumentException.class,
                () -> TrainingRecord.encode(Position.startPosition(), 0, 3, record, 0));
    }
}
