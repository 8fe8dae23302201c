package kestrel.engine;

import java.util.function.IntUnaryOperator;

/**
 * Reads and writes Forsyth-Edwards Notation.
 *
 * <p>Castling rights are read in all three notations GUIs send: {@code KQkq} (the outermost rook on that wing,
 * X-FEN), a file letter such as {@code HAha} (Shredder-FEN, needed for Chess960 when a wing has two rooks), or a
 * mixture. A string that does not describe a valid position is rejected with a {@link FenException} whose message
 * names the problem; a position is only returned whole.
 */
public final class Fen {
    public static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private Fen() {
    }

    /** Parses a FEN; the two clock fields may be missing (they default to 0 and 1). */
    public static Position parse(String fen) {
        if (fen == null || fen.isBlank()) {
            throw new FenException("empty FEN");
        }
        String[] fields = fen.trim().split("\\s+");
        if (fields.length < 4 || fields.length > 6) {
            throw new FenException("a FEN has 4 to 6 fields, this one has " + fields.length);
        }
        Position position = new Position();
        parsePlacement(position, fields[0]);
        parseSideToMove(position, fields[1]);
        parseCastling(position, fields[2]);
        parseEnPassant(position, fields[3]);
        int halfmoves = fields.length > 4 ? parseNumber(fields[4], "halfmove clock") : 0;
        int fullmoves = fields.length > 5 ? parseNumber(fields[5], "fullmove number") : 1;
        position.setUpClocks(halfmoves, Math.max(1, fullmoves));
        position.finishSetUp();
        int us = position.sideToMove();
        if (position.isAttacked(position.kingSquare(us ^ 1), us)) {
            throw new FenException("the side not to move is in check");
        }
        return position;
    }

    private static void parsePlacement(Position position, String placement) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) {
            throw new FenException("the placement has " + ranks.length + " ranks, expected 8");
        }
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            for (char c : ranks[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    int piece = Piece.fromLetter(c);
                    if (piece == Piece.NONE) {
                        throw new FenException("unknown piece letter '" + c + "' on rank " + (rank + 1));
                    }
                    if (file > 7) {
                        throw new FenException("rank " + (rank + 1) + " has more than 8 squares");
                    }
                    if (Piece.type(piece) == Piece.PAWN && (rank == 0 || rank == 7)) {
                        throw new FenException("a pawn stands on rank " + (rank + 1));
                    }
                    position.setUpPiece(piece, Square.of(file, rank));
                    file++;
                }
                if (file > 8) {
                    throw new FenException("rank " + (rank + 1) + " has more than 8 squares");
                }
            }
            if (file != 8) {
                throw new FenException("rank " + (rank + 1) + " has " + file + " squares, expected 8");
            }
        }
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            int kings = Long.bitCount(position.pieces(color, Piece.KING));
            String side = color == Piece.WHITE ? "White" : "Black";
            if (kings != 1) {
                throw new FenException(side + " has " + kings + " kings, expected 1");
            }
            if (Long.bitCount(position.piecesOfColor(color)) > 16) {
                throw new FenException(side + " has more than 16 pieces");
            }
            if (Long.bitCount(position.pieces(color, Piece.PAWN)) > 8) {
                throw new FenException(side + " has more than 8 pawns");
            }
        }
    }

    private static void parseSideToMove(Position position, String side) {
        switch (side) {
            case "w":
                position.setUpSideToMove(Piece.WHITE);
                break;
            case "b":
                position.setUpSideToMove(Piece.BLACK);
                break;
            default:
                throw new FenException("side to move must be 'w' or 'b', not '" + side + "'");
        }
    }

    private static void parseCastling(Position position, String castling) {
        if (castling.equals("-")) {
            return;
        }
        for (char c : castling.toCharArray()) {
            char letter = Character.toLowerCase(c);
            // The letter first: its case decides whose king the next checks look at.
            if (letter != 'k' && letter != 'q' && (letter < 'a' || letter > 'h')) {
                throw new FenException("unknown castling letter '" + c + "'");
            }
            int color = Character.isUpperCase(c) ? Piece.WHITE : Piece.BLACK;
            int backRank = color == Piece.WHITE ? 0 : 7;
            int king = position.kingSquare(color);
            String side = color == Piece.WHITE ? "White" : "Black";
            if (Square.rank(king) != backRank) {
                throw new FenException("castling right '" + c + "' but the " + side + " king is not on its first rank");
            }
            int rookSquare;
            if (letter == 'k' || letter == 'q') {
                rookSquare = outermostRook(position, color, letter == 'k');
            } else {
                int square = Square.of(letter - 'a', backRank);
                rookSquare = position.pieceAt(square) == Piece.of(color, Piece.ROOK) ? square : Square.NONE;
            }
            if (rookSquare == Square.NONE || rookSquare == king) {
                throw new FenException("castling right '" + c + "' but " + side + " has no rook for it");
            }
            int index = CastlingRights.index(color, rookSquare > king);
            if ((position.castlingRights() & (1 << index)) != 0) {
                throw new FenException("castling right '" + c + "' repeats a right already given");
            }
            position.setUpCastling(index, rookSquare);
        }
    }

    private static void parseEnPassant(Position position, String text) {
        if (text.equals("-")) {
            return;
        }
        int square = Square.parse(text);
        if (square == Square.NONE) {
            throw new FenException("bad en-passant square '" + text + "'");
        }
        int us = position.sideToMove();
        int them = us ^ 1;
        int expectedRank = us == Piece.WHITE ? 5 : 2;
        int pushedPawn = square ^ 8;
        int origin = us == Piece.WHITE ? square + 8 : square - 8;
        if (Square.rank(square) != expectedRank
                || position.pieceAt(pushedPawn) != Piece.of(them, Piece.PAWN)
                || position.pieceAt(square) != Piece.NONE
                || position.pieceAt(origin) != Piece.NONE) {
            throw new FenException("en-passant square " + text + " does not follow a double pawn push");
        }
        // Kept (and hashed) only when a pawn of the side to move is ready to take, as Polyglot's key wants.
        if ((Attacks.pawn(them, square) & position.pieces(us, Piece.PAWN)) != 0) {
            position.setUpEnPassant(square);
        }
    }

    private static int parseNumber(String text, String what) {
        try {
            int value = Integer.parseInt(text);
            if (value < 0) {
                throw new FenException(what + " may not be negative: " + text);
            }
            if (value > 100_000) {
                throw new FenException(what + " is out of range: " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new FenException(what + " is not a number: '" + text + "'");
        }
    }

    /** The FEN of a position, castling as {@code KQkq} (X-FEN), see {@link #toFen(Position, boolean)}. */
    public static String toFen(Position position) {
        return toFen(position, false);
    }

    /**
     * The FEN of a position. With {@code chess960}, castling rights are written as rook files (Shredder-FEN,
     * {@code HAha}); otherwise as X-FEN: {@code KQkq} when the castling rook is the outermost rook of its wing, the
     * rook's file letter when another rook stands further out, so that the FEN reads back as the same position.
     */
    public static String toFen(Position position, boolean chess960) {
        StringBuilder fen = new StringBuilder(placement(position::pieceAt));
        fen.append(position.sideToMove() == Piece.WHITE ? " w " : " b ");
        fen.append(castlingField(position, chess960));
        fen.append(' ').append(Square.name(position.enPassantSquare()));
        fen.append(' ').append(position.halfmoveClock()).append(' ').append(position.fullmoveNumber());
        return fen.toString();
    }

    /** The piece-placement field of a board given as the piece on each square ({@link Piece#NONE} when empty). */
    public static String placement(IntUnaryOperator pieceAt) {
        StringBuilder field = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int piece = pieceAt.applyAsInt(Square.of(file, rank));
                if (piece == Piece.NONE) {
                    empty++;
                } else {
                    if (empty > 0) {
                        field.append(empty);
                        empty = 0;
                    }
                    field.append(Piece.letter(piece));
                }
            }
            if (empty > 0) {
                field.append(empty);
            }
            if (rank > 0) {
                field.append('/');
            }
        }
        return field.toString();
    }

    private static String castlingField(Position position, boolean chess960) {
        StringBuilder field = new StringBuilder();
        String wingLetters = "KQkq";
        for (int index = 0; index < 4; index++) {
            if ((position.castlingRights() & (1 << index)) == 0) {
                continue;
            }
            int color = CastlingRights.color(index);
            boolean kingSide = index == CastlingRights.index(color, true);
            int rookSquare = position.castlingRookSquare(index);
            char letter;
            if (!chess960 && rookSquare == outermostRook(position, color, kingSide)) {
                letter = wingLetters.charAt(index);
            } else {
                char file = (char) ('a' + Square.file(rookSquare));
                letter = color == Piece.WHITE ? Character.toUpperCase(file) : file;
            }
            field.append(letter);
        }
        return field.length() == 0 ? "-" : field.toString();
    }

    /**
     * The rook of {@code color} furthest from its king on one wing of the king's rank, what {@code K}, {@code Q},
     * {@code k} and {@code q} name; {@link Square#NONE} when that wing has no rook.
     */
    private static int outermostRook(Position position, int color, boolean kingSide) {
        int king = position.kingSquare(color);
        long rooks = position.pieces(color, Piece.ROOK) & Bitboards.rank(Square.rank(king));
        long wing = kingSide ? rooks & -(Bitboards.bit(king) << 1) : rooks & (Bitboards.bit(king) - 1);
        if (wing == 0) {
            return Square.NONE;
        }
        return kingSide ? 63 - Long.numberOfLeadingZeros(wing) : Long.numberOfTrailingZeros(wing);
    }
}
