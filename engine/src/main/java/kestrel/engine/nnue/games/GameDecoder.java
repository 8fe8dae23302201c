package kestrel.engine.nnue.games;

import java.util.Arrays;
import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Reads a {@link GameFile} frame body back into 32-byte records: a game is replayed from its start and each kept
 * position encoded as {@link TrainingRecord#encode} encodes it, with the game's result and the position's score. One
 * instance per thread; its record buffer is reused.
 */
final class GameDecoder {
    private final MoveIndex moveIndex = new MoveIndex();
    private byte[] records = new byte[512 * TrainingRecord.BYTES];
    private int count;
    private boolean raw;
    private int plies;

    /**
     * Decodes the frame body {@code body[offset .. offset + length)} and returns how many records it holds, now in
     * {@link #records()}; with {@code game} not null, the game is also set up in it (not for raw records). Throws
     * GameFormatException when the bytes are not a frame body.
     */
    int decode(byte[] body, int offset, int length, Game game) {
        Cursor in = new Cursor(body, offset, offset + length);
        int kind = in.readByte();
        if (kind == GameFile.RAW) {
            raw = true;
            plies = 0;
            long rawCount = in.readVarint();
            if (rawCount < 0 || rawCount > GameFile.MAX_RAW_RECORDS
                    || rawCount * TrainingRecord.BYTES != in.end - in.at) {
                throw new GameFormatException("a raw frame whose length is not its records'");
            }
            count = (int) rawCount;
            ensure(count);
            System.arraycopy(body, in.at, records, 0, count * TrainingRecord.BYTES);
            return count;
        }
        if (kind > TrainingRecord.WHITE_WIN) {
            throw new GameFormatException("unknown frame kind " + kind);
        }
        raw = false;
        long pliesRead = in.readVarint();
        if (pliesRead < 0 || pliesRead > GameFile.MAX_PLIES) {
            throw new GameFormatException("a game of " + pliesRead + " moves");
        }
        plies = (int) pliesRead;
        int keptAt = in.skip((plies + 8) / 8);
        int kept = 0;
        for (int i = 0; i < (plies + 8) / 8; i++) {
            kept += Integer.bitCount(body[keptAt + i] & 0xFF);
        }
        if ((body[keptAt + plies / 8] & 0xFF) >>> (plies % 8 + 1) != 0) {
            throw new GameFormatException("kept bits past the last position");
        }
        ensure(kept);
        in.require(8);
        int startAt = in.skip(StartPosition.length(body, in.at));
        Position position = StartPosition.read(body, startAt);
        if (game != null) {
            game.reset(position);
            game.setResult(kind);
        }
        int movesAt = in.skip(plies);
        count = 0;
        int score = 0;
        for (int index = 0; ; index++) {
            if ((body[keptAt + (index >>> 3)] & (1 << (index & 7))) != 0) {
                score += in.readZigzag();
                if (Math.abs(score) > TrainingRecord.MAX_SCORE) {
                    throw new GameFormatException("a score beyond the record's bound");
                }
                TrainingRecord.encode(position, score, kind, records, count * TrainingRecord.BYTES);
                count++;
                if (game != null) {
                    game.keep(score);
                }
            }
            if (index == plies) {
                break;
            }
            moveIndex.load(position);
            int move = moveIndex.move(body[movesAt + index] & 0xFF);
            if (move < 0) {
                throw new GameFormatException("move " + index + " is no legal move's index");
            }
            position.makeMove(move);
            if (game != null) {
                game.play(move);
            }
        }
        if (in.at != in.end) {
            throw new GameFormatException("a game frame with " + (in.end - in.at) + " bytes left over");
        }
        return count;
    }

    /** The records of the last frame decoded, {@link TrainingRecord#BYTES} each. */
    byte[] records() {
        return records;
    }

    /** Whether the last frame was raw records. */
    boolean wasRaw() {
        return raw;
    }

    /** The moves of the last game decoded (0 for raw records). */
    int plies() {
        return plies;
    }

    private void ensure(int recordCount) {
        if (recordCount * TrainingRecord.BYTES > records.length) {
            records = Arrays.copyOf(records, Math.max(records.length * 2, recordCount * TrainingRecord.BYTES));
        }
    }

    /** Reads a frame body, refusing to run past its end. */
    private static final class Cursor {
        private final byte[] bytes;
        private final int end;
        private int at;

        Cursor(byte[] bytes, int at, int end) {
            this.bytes = bytes;
            this.at = at;
            this.end = end;
        }

        void require(int count) {
            if (count > end - at) {
                throw new GameFormatException("a frame ends early");
            }
        }

        /** Skips {@code count} bytes and returns where they start. */
        int skip(int count) {
            require(count);
            at += count;
            return at - count;
        }

        int readByte() {
            require(1);
            return bytes[at++] & 0xFF;
        }

        long readVarint() {
            long value = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                int b = readByte();
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new GameFormatException("a number longer than 5 bytes");
        }

        int readZigzag() {
            long value = readVarint();
            if (value > 0xFFFFFFFFL) {
                throw new GameFormatException("a score difference beyond 32 bits");
            }
            int zigzag = (int) value;
            return (zigzag >>> 1) ^ -(zigzag & 1);
        }
    }
}
