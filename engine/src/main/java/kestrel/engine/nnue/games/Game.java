package kestrel.engine.nnue.games;

import java.util.Arrays;
import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;

/**
 * A game as a {@link GameFile} stores it: a start position, the moves from it, which of its positions are training
 * records and with what search score, and the result every record carries. Position 0 is the start, position i + 1
 * the one after move i. Reused from game to game by its owner; not thread-safe.
 */
public final class Game {
    private Position start;
    private int[] moves = new int[512];
    private boolean[] kept = new boolean[513];
    private int[] scores = new int[513];
    private int plies;
    private int records;
    private int result = TrainingRecord.DRAW;

    /** Starts a new game from a copy of {@code position}, no move played and nothing kept yet. */
    public void reset(Position position) {
        start = new Position(position);
        plies = 0;
        records = 0;
        kept[0] = false;
        result = TrainingRecord.DRAW;
    }

    /** Appends a move, legal in the current last position. */
    public void play(int move) {
        if (plies == GameFile.MAX_PLIES) {
            throw new IllegalStateException("a game holds at most " + GameFile.MAX_PLIES + " moves");
        }
        if (plies + 2 > kept.length) {
            moves = Arrays.copyOf(moves, moves.length * 2);
            kept = Arrays.copyOf(kept, kept.length * 2);
            scores = Arrays.copyOf(scores, scores.length * 2);
        }
        moves[plies++] = move;
        kept[plies] = false;
    }

    /** Keeps the current last position as a record with this score (centipawns, White's view, as the record clamps it). */
    public void keep(int whiteScore) {
        if (!kept[plies]) {
            records++;
        }
        kept[plies] = true;
        scores[plies] = Math.max(-TrainingRecord.MAX_SCORE, Math.min(TrainingRecord.MAX_SCORE, whiteScore));
    }

    public void setResult(int result) {
        if (result < TrainingRecord.BLACK_WIN || result > TrainingRecord.WHITE_WIN) {
            throw new IllegalArgumentException("result must be 0, 1 or 2: " + result);
        }
        this.result = result;
    }

    /** The start position; the caller must not change it. */
    public Position start() {
        return start;
    }

    public int plies() {
        return plies;
    }

    public int move(int ply) {
        return moves[ply];
    }

    /** Whether position {@code index} (0 .. plies) is a record. */
    public boolean kept(int index) {
        return kept[index];
    }

    /** The score of position {@code index}, meaningful when it is kept. */
    public int score(int index) {
        return scores[index];
    }

    /** Positions kept as records. */
    public int records() {
        return records;
    }

    public int result() {
        return result;
    }

    /**
     * Writes the game's records into {@code out} from {@code offset} (room for {@link #records()} of them), by
     * replaying it, and returns how many.
     */
    public int writeRecords(byte[] out, int offset) {
        Position position = new Position(start);
        int written = 0;
        for (int index = 0; index <= plies; index++) {
            if (kept[index]) {
                TrainingRecord.encode(position, scores[index], result, out, offset + written * TrainingRecord.BYTES);
                written++;
            }
            if (index < plies) {
                position.makeMove(moves[index]);
            }
        }
        return written;
    }
}
