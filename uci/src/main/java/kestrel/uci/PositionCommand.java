package kestrel.uci;

import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * Reads {@code position startpos|fen <fen> [moves <m1> <m2> ...]} into a new position. Nothing is returned unless
 * the whole command is valid, so a bad move anywhere in the list leaves the caller's position as it was.
 */
final class PositionCommand {
    private PositionCommand() {
    }

    /** The position described by the words after {@code position}. */
    static Position parse(List<String> words, boolean chess960) throws UciException {
        if (words.isEmpty()) {
            throw new UciException("position needs startpos or fen <fen>, optionally followed by moves ...");
        }
        int movesAt = indexOf(words, "moves");
        List<String> setUp = words.subList(0, movesAt < 0 ? words.size() : movesAt);
        Position position = setUp(setUp);
        if (movesAt >= 0) {
            List<String> moves = words.subList(movesAt + 1, words.size());
            for (int i = 0; i < moves.size(); i++) {
                play(position, moves.get(i), i + 1, chess960);
            }
        }
        return position;
    }

    private static Position setUp(List<String> words) throws UciException {
        String kind = words.get(0);
        if (kind.equals("startpos")) {
            if (words.size() > 1) {
                throw new UciException("position startpos: unexpected " + UciException.quote(words.get(1))
                        + " (expected moves)");
            }
            return Position.startPosition();
        }
        if (kind.equals("fen")) {
            if (words.size() == 1) {
                throw new UciException("position fen: the FEN is missing");
            }
            String fen = String.join(" ", words.subList(1, words.size()));
            try {
                return Fen.parse(fen);
            } catch (FenException e) {
                throw new UciException("position fen: " + e.getMessage());
            }
        }
        throw new UciException("position needs startpos or fen, not " + UciException.quote(kind));
    }

    private static void play(Position position, String text, int number, boolean chess960) throws UciException {
        int move = MoveNotation.parseUci(position, text, chess960);
        if (move != Move.NONE) {
            position.makeMove(move);
            return;
        }
        String where = "position: move " + number + " " + UciException.quote(text) + " ";
        int from = text.length() >= 2 ? Square.parse(text.substring(0, 2)) : Square.NONE;
        int piece = from == Square.NONE ? Piece.NONE : position.pieceAt(from);
        if (piece != Piece.NONE && Piece.color(piece) != position.sideToMove()) {
            throw new UciException(where + "moves a " + colorName(Piece.color(piece)) + " piece but "
                    + colorName(position.sideToMove()) + " is to move in " + Fen.toFen(position, chess960));
        }
        throw new UciException(where + "is not a legal move in " + Fen.toFen(position, chess960));
    }

    private static String colorName(int color) {
        return color == Piece.WHITE ? "white" : "black";
    }

    private static int indexOf(List<String> words, String word) {
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).equals(word)) {
                return i;
            }
        }
        return -1;
    }
}
