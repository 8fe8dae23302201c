package kestrel.engine;

/**
 * Reads moves written in UCI's long algebraic notation ({@code e2e4}, {@code e7e8q}, castling as {@code e1g1} or, in
 * Chess960, king takes rook {@code e1h1}) by matching the text against the legal moves of the position.
 */
public final class MoveNotation {
    private MoveNotation() {
    }

    /**
     * The legal move written as {@code text}, or {@link Move#NONE} when no legal move reads so. Castling is accepted
     * in both notations whichever mode is on, since a king never otherwise moves two squares or onto its own rook.
     * The promotion letter may be upper case ({@code a7a8Q}), as some GUIs write it; the squares must be lower case.
     */
    public static int parseUci(Position position, String text, boolean chess960) {
        if (text == null || text.length() < 4 || text.length() > 5) {
            return Move.NONE;
        }
        if (text.length() == 5) {
            text = text.substring(0, 4) + Character.toLowerCase(text.charAt(4));
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            if (text.equals(Move.toUci(moves[i], chess960))) {
                return moves[i];
            }
        }
        // Second chance for castling in the other notation; after the exact pass, because in Chess960 a plain king
        // move (b1c1) can read like a castling move in standard notation.
        for (int i = 0; i < count; i++) {
            if (Move.isCastling(moves[i]) && text.equals(Move.toUci(moves[i], !chess960))) {
                return moves[i];
            }
        }
        return Move.NONE;
    }
}
