package kestrel.perft;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import kestrel.engine.Attacks;
import kestrel.engine.Bitboards;
import kestrel.engine.CastlingRights;
import kestrel.engine.Move;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * Says in words what kind of move a move is, for the report of a perft walk: castling, en passant, promotion or
 * under-promotion, capture, a king move out of check, a pinned piece... A move generator that misses or invents a move
 * almost always does so for one of these kinds, so the words point at the code to read.
 *
 * <p>A move the engine under test lists but that is not legal is explained too: which rule it breaks (castling through
 * an attacked square, an en passant capture that exposes the king, a piece that cannot move so...), when that can be
 * told from the position.
 */
public final class MoveDescription {
    private static final Pattern UCI_MOVE = Pattern.compile("[a-h][1-8][a-h][1-8][nbrqNBRQ]?");
    private static final String[] PIECE_NAMES = {"pawn", "knight", "bishop", "rook", "queen", "king"};

    private MoveDescription() {
    }

    /** True when {@code text} reads as a move in UCI notation ({@code e2e4}, {@code a7a8q}), legal or not. */
    static boolean isUciMove(String text) {
        return UCI_MOVE.matcher(text).matches();
    }

    /** What kind of move the legal {@code move} is in {@code position}, e.g. "king move out of check". */
    public static String ofLegal(Position position, int move) {
        List<String> parts = new ArrayList<>();
        parts.add(kind(position, move));
        int us = position.sideToMove();
        long checkers = position.checkers();
        int from = Move.from(move);
        boolean kingMoves = Piece.type(position.pieceAt(from)) == Piece.KING;
        if (checkers != 0) {
            boolean doubleCheck = Long.bitCount(checkers) > 1;
            String check = doubleCheck ? "double check" : "check";
            if (kingMoves) {
                parts.add("out of " + check);
            } else if (Bitboards.contains(checkers, capturedSquare(move))) {
                parts.add("taking the piece that gives check");
            } else {
                parts.add("blocking the check");
            }
        }
        if (!kingMoves && Bitboards.contains(position.pinned(us), from)) {
            parts.add("by a pinned piece along its pin");
        }
        if (position.givesCheck(move)) {
            parts.add("giving check");
        }
        return String.join(", ", parts);
    }

    /**
     * What {@code text}, which is no legal move in {@code position}, would be, and why it is not legal; for example
     * "castling king side through f1, attacked by the bishop on e2".
     */
    public static String ofIllegal(Position position, String text) {
        if (!isUciMove(text)) {
            return "not a move in UCI notation";
        }
        int from = Square.parse(text.substring(0, 2));
        int to = Square.parse(text.substring(2, 4));
        int promotion = text.length() == 5 ? Piece.fromLetter(Character.toLowerCase(text.charAt(4))) : Piece.NONE;
        int us = position.sideToMove();
        int piece = position.pieceAt(from);
        if (piece == Piece.NONE) {
            return "no piece stands on " + Square.name(from);
        }
        if (Piece.color(piece) != us) {
            return "moves a " + colorName(us ^ 1).toLowerCase(Locale.ROOT) + " " + name(piece) + ", but "
                    + colorName(us) + " is to move";
        }
        int type = Piece.type(piece);
        int target = position.pieceAt(to);
        boolean ontoOwnRook = target == Piece.of(us, Piece.ROOK);
        boolean toCastlingSquare = Square.rank(from) == Square.rank(to)
                && Square.rank(from) == (us == Piece.WHITE ? 0 : 7)
                && Math.abs(Square.file(from) - Square.file(to)) >= 2
                && (Square.file(to) == Square.file(Square.G1) || Square.file(to) == Square.file(Square.C1));
        if (type == Piece.KING && promotion == Piece.NONE && (ontoOwnRook || toCastlingSquare)) {
            return castling(position, from, to);
        }
        if (target != Piece.NONE && Piece.color(target) == us) {
            return name(piece) + " move onto its own " + name(target) + " on " + Square.name(to);
        }
        String reach = type == Piece.PAWN ? pawnReach(position, from, to, promotion)
                : promotion != Piece.NONE ? "promotion letter on a " + name(piece) + " move"
                : Bitboards.contains(Attacks.of(type, from, position.occupied()), to) ? null
                : "a " + name(piece) + " cannot move from " + Square.name(from) + " to " + Square.name(to) + " here";
        if (reach != null) {
            return reach;
        }
        return pseudoLegalKind(position, from, to, promotion) + whyIllegal(position, from, to);
    }

    /** The main words for a legal move: "castling king side", "under-promotion to a knight", "bishop takes rook". */
    private static String kind(Position position, int move) {
        int from = Move.from(move);
        int to = Move.to(move);
        int piece = position.pieceAt(from);
        switch (Move.kind(move)) {
            case Move.CASTLING:
                return castlingName(from, to);
            case Move.EN_PASSANT:
                return "en passant capture of the pawn on " + Square.name(to ^ 8);
            case Move.PROMOTION:
                return promotionName(Move.promotionType(move)) + capture(position, to);
            default:
                int target = position.pieceAt(to);
                if (target != Piece.NONE) {
                    return name(piece) + " takes " + name(target);
                }
                if (Piece.type(piece) == Piece.PAWN) {
                    return Math.abs(to - from) == 16 ? "pawn double step" : "pawn step";
                }
                return name(piece) + " move";
        }
    }

    /** Words for a move that obeys how its piece moves, like {@link #kind} but without needing a legal move. */
    private static String pseudoLegalKind(Position position, int from, int to, int promotion) {
        int piece = position.pieceAt(from);
        if (isEnPassant(position, from, to)) {
            return "en passant capture of the pawn on " + Square.name(to ^ 8);
        }
        if (promotion != Piece.NONE) {
            return promotionName(Piece.type(promotion)) + capture(position, to);
        }
        int target = position.pieceAt(to);
        if (target != Piece.NONE) {
            return name(piece) + " takes " + name(target);
        }
        return name(piece) + " move";
    }

    /**
     * A move that obeys how its piece moves is illegal because it leaves (or puts) its own king in check: the words
     * that say so, to follow the move's kind (" into check from the rook on e8").
     */
    private static String whyIllegal(Position position, int from, int to) {
        int us = position.sideToMove();
        int piece = position.pieceAt(from);
        boolean enPassant = isEnPassant(position, from, to);
        int taken = enPassant ? to ^ 8 : to;
        long occupied = (position.occupied() & ~Bitboards.bit(from) & ~Bitboards.bit(taken)) | Bitboards.bit(to);
        int king = Piece.type(piece) == Piece.KING ? to : position.kingSquare(us);
        long attackers = position.attackersTo(king, occupied) & position.piecesOfColor(us ^ 1) & ~Bitboards.bit(taken);
        if (attackers == 0) {
            return ", not legal here";
        }
        String attacker = "the " + pieceOn(position, Long.numberOfTrailingZeros(attackers));
        if (Piece.type(piece) == Piece.KING) {
            return " into check from " + attacker;
        }
        if (position.inCheck() && (position.checkers() & attackers) != 0) {
            return ", leaving the king in check from " + attacker;
        }
        if (enPassant) {
            return ", exposing the king to " + attacker + " once both pawns are gone";
        }
        return " by a pinned piece, exposing the king to " + attacker;
    }

    /** Why a pawn cannot make the move, or null when it can (as far as the pawn's own moves go). */
    private static String pawnReach(Position position, int from, int to, int promotion) {
        int us = position.sideToMove();
        int forward = us == Piece.WHITE ? 8 : -8;
        boolean lastRank = Square.rank(to) == (us == Piece.WHITE ? 7 : 0);
        boolean reaches;
        if (Square.file(from) == Square.file(to)) {
            boolean startRank = Square.rank(from) == (us == Piece.WHITE ? 1 : 6);
            reaches = to == from + forward && position.pieceAt(to) == Piece.NONE
                    || startRank && to == from + 2 * forward && position.pieceAt(from + forward) == Piece.NONE
                    && position.pieceAt(to) == Piece.NONE;
        } else {
            boolean attacks = Bitboards.contains(Attacks.pawn(us, from), to);
            reaches = attacks && (position.pieceAt(to) != Piece.NONE || to == position.enPassantSquare());
            if (attacks && !reaches) {
                return "pawn moving diagonally onto the empty square " + Square.name(to)
                        + ", not an en passant square";
            }
        }
        if (!reaches) {
            return "a pawn cannot move from " + Square.name(from) + " to " + Square.name(to) + " here";
        }
        if (lastRank && promotion == Piece.NONE) {
            return "pawn reaching the last rank without promoting";
        }
        if (!lastRank && promotion != Piece.NONE) {
            return "promotion letter on a pawn move that does not reach the last rank";
        }
        return null;
    }

    /** Why castling from {@code from} towards {@code to} (the rook, or the king's target) is not legal. */
    private static String castling(Position position, int from, int to) {
        int us = position.sideToMove();
        boolean kingSide = Square.file(to) > Square.file(from);
        String wing = "castling " + (kingSide ? "king side" : "queen side");
        int right = CastlingRights.index(us, kingSide);
        if ((position.castlingRights() & (1 << right)) == 0) {
            return wing + " without the castling right";
        }
        int rook = position.castlingRookSquare(right);
        int kingTarget = Move.castlingKingTarget(from, rook);
        int rookTarget = Move.castlingRookTarget(from, rook);
        long mustBeEmpty = (Bitboards.span(from, kingTarget) | Bitboards.span(rook, rookTarget))
                & ~Bitboards.bit(from) & ~Bitboards.bit(rook);
        long inTheWay = mustBeEmpty & position.occupied();
        if (inTheWay != 0) {
            return wing + " with the " + pieceOn(position, Long.numberOfTrailingZeros(inTheWay)) + " in the way";
        }
        if (position.inCheck()) {
            return wing + " out of check";
        }
        long occupied = position.occupied() & ~Bitboards.bit(from) & ~Bitboards.bit(rook);
        long path = Bitboards.span(from, kingTarget) & ~Bitboards.bit(from);
        // The squares in the king's order of travel, so the first attacked one is named.
        int direction = kingTarget > from ? 1 : -1;
        for (int file = Square.file(from) + direction; file >= 0 && file <= 7; file += direction) {
            int square = Square.of(file, Square.rank(from));
            if (!Bitboards.contains(path, square)) {
                break;
            }
            long attackers = position.attackersTo(square, occupied) & position.piecesOfColor(us ^ 1);
            if (attackers != 0) {
                String by = ", attacked by the " + pieceOn(position, Long.numberOfTrailingZeros(attackers));
                return square == kingTarget ? wing + " into check on " + Square.name(square) + by
                        : wing + " through " + Square.name(square) + by;
            }
        }
        return wing + ", not legal here";
    }

    private static String castlingName(int kingSquare, int rookSquare) {
        boolean kingSide = rookSquare > kingSquare;
        String name = "castling " + (kingSide ? "king side" : "queen side");
        boolean standard = Square.file(kingSquare) == Square.file(Square.E1)
                && Square.file(rookSquare) == Square.file(kingSide ? Square.H1 : Square.A1);
        return standard ? name : name + " with the rook on " + Square.name(rookSquare);
    }

    private static String promotionName(int type) {
        return (type == Piece.QUEEN ? "promotion" : "under-promotion") + " to a " + PIECE_NAMES[type];
    }

    private static String capture(Position position, int to) {
        int target = position.pieceAt(to);
        return target == Piece.NONE ? "" : ", taking a " + name(target);
    }

    /** True when the pawn on {@code from} would take en passant by moving to {@code to}. */
    private static boolean isEnPassant(Position position, int from, int to) {
        return Piece.type(position.pieceAt(from)) == Piece.PAWN && to == position.enPassantSquare()
                && Square.file(from) != Square.file(to);
    }

    /** The square of the piece a move removes: its target, or the passed pawn's square for en passant. */
    private static int capturedSquare(int move) {
        return Move.isEnPassant(move) ? Move.to(move) ^ 8 : Move.to(move);
    }

    private static String pieceOn(Position position, int square) {
        return name(position.pieceAt(square)) + " on " + Square.name(square);
    }

    private static String name(int piece) {
        return PIECE_NAMES[Piece.type(piece)];
    }

    private static String colorName(int color) {
        return color == Piece.WHITE ? "White" : "Black";
    }
}
