package kestrel.engine.nnue.training;

import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Small training sets for tests: positions from seeded random games, each labelled with the handcrafted evaluation
 * and a result read off the game's last position. Random games pile up material imbalances, which the evaluation
 * scores plainly, so even a tiny network can learn much of it.
 */
public final class GeneratedData {
    private GeneratedData() {
    }

    /** The records of {@code games} games of up to {@code plies} plies, skipping each game's first 6 plies. */
    public static byte[] records(int games, int plies, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Evaluation evaluation = new Evaluation();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] scores = new int[plies];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] record = new byte[TrainingRecord.BYTES];
        for (int game = 0; game < games; game++) {
            Position position = Position.startPosition();
            int played = 0;
            while (played < plies) {
                int count = MoveGenerator.legalMoves(position, moves, 0);
                if (count == 0) {
                    break;
                }
                position.makeMove(moves[random.nextInt(count)]);
                int score = evaluation.evaluate(position);
                scores[played++] = position.sideToMove() == Piece.WHITE ? score : -score;
            }
            int finalScore = played == 0 ? 0 : scores[played - 1];
            int result = finalScore > 300 ? TrainingRecord.WHITE_WIN
                    : finalScore < -300 ? TrainingRecord.BLACK_WIN : TrainingRecord.DRAW;
            // Walk back through the game, writing each position once it is on the board again.
            for (int ply = played - 1; ply >= 0; ply--) {
                if (ply >= 6) {
                    TrainingRecord.encode(position, scores[ply], result, record, 0);
                    out.write(record, 0, record.length);
                }
                position.unmakeMove();
            }
        }
        return out.toByteArray();
    }

    public static TrainingData data(byte[] records) {
        TrainingData data = new TrainingData(TrainingSettings.DEFAULT_MAX_SCORE);
        data.add(records, records.length);
        return data;
    }
}
