package kestrel.engine.nnue.games;

import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;

/** Writes the body of a {@link GameFile} frame: a game, or raw records. One instance per thread. */
final class GameEncoder {
    private final MoveIndex moveIndex = new MoveIndex();

    /**
     * Writes {@code game}'s frame body into {@code body}. Refuses (IllegalArgumentException) a game the layout
     * cannot hold: a start position it cannot store, or a move that is not legal where it is played.
     */
    void encode(Game game, FrameBuffer body) {
        int plies = game.plies();
        body.write(game.result());
        body.writeVarint(plies);
        for (int first = 0; first <= plies; first += 8) {
            int bits = 0;
            for (int index = first; index < Math.min(first + 8, plies + 1); index++) {
                bits |= game.kept(index) ? 1 << (index - first) : 0;
            }
            body.write(bits);
        }
        Position position = new Position(game.start());
        int startAt = body.length();
        StartPosition.write(position, body);
        checkStart(position, body.bytes(), startAt);
        for (int ply = 0; ply < plies; ply++) {
            moveIndex.load(position);
            int index = moveIndex.indexOf(game.move(ply));
            if (index < 0) {
                throw new IllegalArgumentException("move " + ply + " of the game is not legal");
            }
            body.write(index);
            position.makeMove(game.move(ply));
        }
        int previous = 0;
        for (int index = 0; index <= plies; index++) {
            if (game.kept(index)) {
                body.writeZigzag(game.score(index) - previous);
                previous = game.score(index);
            }
        }
    }

    /** Writes raw records {@code records[offset ..]}, {@code count} of them, as a frame body. */
    void encodeRaw(byte[] records, int offset, int count, FrameBuffer body) {
        body.write(GameFile.RAW);
        body.writeVarint(count);
        body.write(records, offset, count * TrainingRecord.BYTES);
    }

    /** The start as read back must be the start: same board, side, rights, en passant and clocks. */
    private static void checkStart(Position position, byte[] bytes, int offset) {
        Position read;
        try {
            read = StartPosition.read(bytes, offset);
        } catch (GameFormatException e) {
            throw new IllegalArgumentException("the start position cannot be stored: " + e.getMessage());
        }
        if (read.key() != position.key() || read.halfmoveClock() != Math.min(255, position.halfmoveClock())
                || read.fullmoveNumber() != Math.min(65_535, position.fullmoveNumber())) {
            throw new IllegalArgumentException("the start position does not read back as itself");
        }
    }
}
