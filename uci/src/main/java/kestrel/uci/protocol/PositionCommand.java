package kestrel.uci.protocol;

import java.util.ArrayList;
import java.util.List;
import kestrel.engine.CastlingRights;
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
 *
 * @param position the position described
 * @param notes    what was changed on the way (castling rights standard chess cannot have), for {@code info string}s
 */
record PositionCommand(Position position, List<String> notes) {
    private static final String WING_LETTERS = "KQkq";

    /** The position described by the words after {@code position}. */
    static PositionCommand parse(List<String> words, boolean chess960) throws UciException {
        int movesAt = indexOf(words, "moves");
        List<String> setUp = words.subList(0, movesAt < 0 ? words.size() : movesAt);
        if (setUp.isEmpty()) {
            // Nothing at all, or moves with no position to play them from.
            throw new UciException("position needs startpos or fen <fen>, optionally followed by moves ...");
        }
        List<String> notes = new ArrayList<>();
        Position position = setUp(setUp);
        if (!chess960) {
            position = withStandardCastling(position, notes);
        }
        if (movesAt >= 0) {
            List<String> moves = words.subList(movesAt + 1, words.size());
            for (int i = 0; i < moves.size(); i++) {
                play(position, moves.get(i), i + 1, chess960);
            }
        }
        return new PositionCommand(position, List.copyOf(notes));
    }

    /**
     * {@code position} without the castling rights standard chess cannot have, with a note when there were any. In
     * standard chess the king castles from the e-file with a rook on the a- or h-file; any other right (a FEN meant
     * for Chess960) would let the engine castle and write it as a king move, {@code f1g1}, that a GUI playing
     * standard chess reads as a plain king step. A standard FEN reader drops such rights, and so does this.
     */
    private static Position withStandardCastling(Position position, List<String> notes) {
        StringBuilder kept = new StringBuilder();
        StringBuilder dropped = new StringBuilder();
        for (int index = 0; index < 4; index++) {
            if ((position.castlingRights() & (1 << index)) == 0) {
                continue;
            }
            int color = CastlingRights.color(index);
            boolean kingSide = index == CastlingRights.index(color, true);
            int rook = position.castlingRookSquare(index);
            boolean standard = Square.file(position.kingSquare(color)) == Square.file(Square.E1)
                    && Square.file(rook) == Square.file(kingSide ? Square.H1 : Square.A1);
            if (standard) {
                char file = (char) ('a' + Square.file(rook));
                kept.append(color == Piece.WHITE ? Character.toUpperCase(file) : file);
            } else {
                dropped.append(WING_LETTERS.charAt(index));
            }
        }
        if (dropped.length() == 0) {
            return position;
        }
        notes.add("position fen: castling right" + (dropped.length() > 1 ? "s '" : " '") + dropped + "' dropped: in "
                + "standard chess the king castles from e1 or e8 with a rook on the a- or h-file (set UCI_Chess960 "
                + "for Chess960)");
        // Shredder-FEN names each kept right by its rook's file, so reading it back keeps exactly those rights.
        String[] fields = Fen.toFen(position, true).split(" ");
        fields[2] = kept.length() == 0 ? "-" : kept.toString();
        return Fen.parse(String.join(" ", fields));
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
