package kestrel.engine.nnue.games;

import java.io.IOException;
import java.util.Arrays;
import kestrel.engine.Fen;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import kestrel.engine.nnue.TrainingRecord;

/**
 * Turns a record file's records, fed in file order, into a game file's frames that decode to the same records.
 * Datagen writes a game's records together and in order, so each record is first tried as the continuation of the
 * game so far: same result, a later ply, and moves that lead there ({@link MoveSequenceSearch}; the plies between
 * are positions datagen did not keep). Otherwise it starts a new game, from the record's own position with every
 * castling right its kings and rooks still allow (the record does not keep them; a right too many only offers a
 * move the search need not take). A record that is no legal position goes out raw. Not thread-safe.
 */
public final class GameReconstructor {
    /** Nodes one search between two records may take before the next record starts a new game instead. */
    static final long NODE_BUDGET = 20_000;

    private final GameFileWriter out;
    private final MoveSequenceSearch search = new MoveSequenceSearch();
    private final Game game = new Game();
    /** The game's last position, or null when no game is open. */
    private Position position;
    private final byte[] raw = new byte[GameFile.MAX_RAW_RECORDS * TrainingRecord.BYTES];
    private int rawCount;
    private final byte[] encoded = new byte[TrainingRecord.BYTES];
    private long links;
    private long searchesGivenUp;

    public GameReconstructor(GameFileWriter out) {
        this.out = out;
    }

    /** Takes the record at {@code records[offset]}, the next in file order. */
    public void accept(byte[] records, int offset) throws IOException {
        if (position != null && continueGame(records, offset)) {
            return;
        }
        flushGame();
        Position start = startOf(records, offset);
        if (start == null) {
            if (rawCount == GameFile.MAX_RAW_RECORDS) {
                flushRaw();
            }
            System.arraycopy(records, offset, raw, rawCount * TrainingRecord.BYTES, TrainingRecord.BYTES);
            rawCount++;
            return;
        }
        flushRaw();
        game.reset(start);
        game.setResult(TrainingRecord.result(records, offset));
        game.keep(TrainingRecord.whiteScore(records, offset));
        position = start;
    }

    /** Writes what is still held; call once after the last record. */
    public void finish() throws IOException {
        flushGame();
        flushRaw();
    }

    /** Records joined to the game before them through moves found between the two. */
    public long links() {
        return links;
    }

    /** Searches between two records that gave up for their node budget (each started a new game instead). */
    public long searchesGivenUp() {
        return searchesGivenUp;
    }

    private boolean continueGame(byte[] records, int offset) {
        if (TrainingRecord.result(records, offset) != game.result()) {
            return false;
        }
        int plies = ply(TrainingRecord.fullmoveNumber(records, offset), TrainingRecord.sideToMove(records, offset))
                - ply(position.fullmoveNumber(), position.sideToMove());
        if (plies < 1 || plies > MoveSequenceSearch.MAX_PLIES || game.plies() + plies > GameFile.MAX_PLIES) {
            return false;
        }
        if (!search.find(position, records, offset, plies, NODE_BUDGET)) {
            searchesGivenUp += search.exhausted() ? 1 : 0;
            return false;
        }
        for (int i = 0; i < plies; i++) {
            game.play(search.line()[i]);
        }
        game.keep(TrainingRecord.whiteScore(records, offset));
        links++;
        return true;
    }

    private static int ply(int fullmove, int side) {
        return 2 * (fullmove - 1) + side;
    }

    /** The record's position with every castling right its pieces allow, or null when it is not exactly that. */
    private Position startOf(byte[] records, int offset) {
        int side = TrainingRecord.sideToMove(records, offset);
        int result = TrainingRecord.result(records, offset);
        long occupancy = TrainingRecord.occupancy(records, offset);
        if ((side != Piece.WHITE && side != Piece.BLACK) || result < TrainingRecord.BLACK_WIN
                || result > TrainingRecord.WHITE_WIN || Long.bitCount(occupancy) > 32) {
            return null;
        }
        int[] squares = new int[32];
        int[] pieces = new int[32];
        int count = TrainingRecord.pieces(records, offset, squares, pieces);
        int[] board = new int[64];
        Arrays.fill(board, Piece.NONE);
        for (int i = 0; i < count; i++) {
            if (pieces[i] >= Piece.COUNT) {
                return null;
            }
            board[squares[i]] = pieces[i];
        }
        String fen = Fen.placement(square -> board[square]) + (side == Piece.WHITE ? " w " : " b ")
                + castlingGuess(board) + " - " + TrainingRecord.halfmoveClock(records, offset) + " "
                + TrainingRecord.fullmoveNumber(records, offset);
        Position start;
        try {
            start = Fen.parse(fen);
            TrainingRecord.encode(start, TrainingRecord.whiteScore(records, offset), result, encoded, 0);
        } catch (RuntimeException e) {
            return null;
        }
        return Arrays.equals(encoded, 0, TrainingRecord.BYTES, records, offset, offset + TrainingRecord.BYTES)
                ? start : null;
    }

    private static String castlingGuess(int[] board) {
        StringBuilder rights = new StringBuilder();
        int whiteKing = Piece.of(Piece.WHITE, Piece.KING);
        int whiteRook = Piece.of(Piece.WHITE, Piece.ROOK);
        int blackKing = Piece.of(Piece.BLACK, Piece.KING);
        int blackRook = Piece.of(Piece.BLACK, Piece.ROOK);
        if (board[Square.of(4, 0)] == whiteKing && board[Square.of(7, 0)] == whiteRook) {
            rights.append('K');
        }
        if (board[Square.of(4, 0)] == whiteKing && board[Square.of(0, 0)] == whiteRook) {
            rights.append('Q');
        }
        if (board[Square.of(4, 7)] == blackKing && board[Square.of(7, 7)] == blackRook) {
            rights.append('k');
        }
        if (board[Square.of(4, 7)] == blackKing && board[Square.of(0, 7)] == blackRook) {
            rights.append('q');
        }
        return rights.length() == 0 ? "-" : rights.toString();
    }

    private void flushGame() throws IOException {
        if (position != null) {
            out.write(game);
            position = null;
        }
    }

    private void flushRaw() throws IOException {
        if (rawCount > 0) {
            out.writeRaw(raw, 0, rawCount);
            rawCount = 0;
        }
    }
}
