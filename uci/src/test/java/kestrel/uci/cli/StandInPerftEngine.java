package kestrel.uci.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import kestrel.engine.Attacks;
import kestrel.engine.Bitboards;
import kestrel.engine.CastlingRights;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.Square;
import kestrel.perft.PerftWalk;

/**
 * The engine under test in tests of {@code perft --against}: Kestrel's own move generator with one deliberate fault,
 * run in its own JVM as a UCI engine that answers {@code go perft} as Stockfish does, or as a perftree script.
 *
 * <pre>
 * StandInPerftEngine FAULT                                UCI on stdin and stdout
 * StandInPerftEngine FAULT perftree DEPTH FEN [MOVES]     one divide, as perftree reads it
 * </pre>
 *
 * FAULT is one of {@code none}, {@code castling-through-attack} (castles when the king crosses an attacked square),
 * {@code en-passant-exposing-king} (takes en passant even when that exposes its king), {@code no-knight-promotion}
 * (never under-promotes to a knight), or a failure at {@code go perft}: {@code die}, {@code garbage},
 * {@code silent}. Like a real engine, it misreads a Chess960 position unless UCI_Chess960 is on: it then exits with
 * code 4.
 */
public final class StandInPerftEngine {
    private enum Fault {
        NONE, CASTLING_THROUGH_ATTACK, EN_PASSANT_EXPOSING_KING, NO_KNIGHT_PROMOTION, DIE, GARBAGE, SILENT
    }

    private final Fault fault;
    private final PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
    private final int[][] moveLists = new int[64][MoveGenerator.MAX_MOVES];
    private boolean chess960;

    private StandInPerftEngine(Fault fault) {
        this.fault = fault;
    }

    public static void main(String[] args) throws IOException {
        StandInPerftEngine engine = new StandInPerftEngine(
                Fault.valueOf(args[0].toUpperCase(Locale.ROOT).replace('-', '_')));
        if (args.length > 1 && args[1].equals("perftree")) {
            engine.perftree(Arrays.asList(args).subList(2, args.length));
        } else {
            engine.uci();
        }
        engine.out.flush();
    }

    private void uci() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Position position = Position.startPosition();
        String line;
        while ((line = in.readLine()) != null) {
            List<String> words = List.of(line.strip().split("\\s+"));
            switch (words.get(0)) {
                case "uci" -> {
                    out.println("id name Stand-in " + fault.name().toLowerCase(Locale.ROOT));
                    out.println("option name UCI_Chess960 type check default false");
                    out.println("uciok");
                }
                case "isready" -> out.println("readyok");
                case "setoption" -> chess960 |= line.strip().equals("setoption name UCI_Chess960 value true");
                case "position" -> position = position(words);
                case "go" -> goPerft(position, Integer.parseInt(words.get(2)), "Nodes searched: ", ": ");
                case "quit" -> {
                    return;
                }
                default -> out.println("info string unknown command " + line);
            }
            out.flush();
        }
    }

    private void perftree(List<String> args) {
        Position position = Fen.parse(args.get(1));
        chess960 = PerftWalk.needsChess960(position);
        if (args.size() > 2) {
            play(position, List.of(args.get(2).split(" ")));
        }
        goPerft(position, Integer.parseInt(args.get(0)), "", " ");
    }

    /** The divide, then a blank line and the total after {@code totalPrefix}; or the fault's failure. */
    private void goPerft(Position position, int depth, String totalPrefix, String separator) {
        switch (fault) {
            case DIE -> {
                System.err.println("stand-in: dying at go perft, as asked");
                System.exit(3);
            }
            case GARBAGE -> {
                out.println("perft " + depth + " is 42, more or less");
                out.flush();
                return;
            }
            case SILENT -> {
                return;
            }
            default -> {
            }
        }
        int[] moves = moveLists[0];
        int count = generate(position, moves);
        long total = 0;
        for (int i = 0; i < count; i++) {
            position.makeMove(moves[i]);
            long nodes = depth == 1 ? 1 : perft(position, depth - 1, 1);
            position.unmakeMove();
            out.println(Move.toUci(moves[i], chess960) + separator + nodes);
            total += nodes;
        }
        out.println();
        out.println(totalPrefix + total);
    }

    private long perft(Position position, int depth, int ply) {
        int[] moves = moveLists[ply];
        int count = generate(position, moves);
        if (depth == 1) {
            return count;
        }
        long nodes = 0;
        for (int i = 0; i < count; i++) {
            position.makeMove(moves[i]);
            nodes += perft(position, depth - 1, ply + 1);
            position.unmakeMove();
        }
        return nodes;
    }

    /** Kestrel's legal moves, with the fault. */
    private int generate(Position position, int[] moves) {
        int count = MoveGenerator.legalMoves(position, moves, 0);
        switch (fault) {
            case NO_KNIGHT_PROMOTION -> {
                int kept = 0;
                for (int i = 0; i < count; i++) {
                    if (!(Move.isPromotion(moves[i]) && Move.promotionType(moves[i]) == Piece.KNIGHT)) {
                        moves[kept++] = moves[i];
                    }
                }
                return kept;
            }
            case CASTLING_THROUGH_ATTACK -> {
                return addCastlingThroughAttack(position, moves, count);
            }
            case EN_PASSANT_EXPOSING_KING -> {
                return addEnPassantExposingKing(position, moves, count);
            }
            default -> {
                return count;
            }
        }
    }

    /** Castling that only the squares the king crosses forbid: the check of those squares is left out. */
    private static int addCastlingThroughAttack(Position position, int[] moves, int count) {
        int us = position.sideToMove();
        if (position.inCheck()) {
            return count;
        }
        int king = position.kingSquare(us);
        for (boolean kingSide : new boolean[] {true, false}) {
            int right = CastlingRights.index(us, kingSide);
            if ((position.castlingRights() & (1 << right)) == 0) {
                continue;
            }
            int rook = position.castlingRookSquare(right);
            int kingTarget = Move.castlingKingTarget(king, rook);
            long mustBeEmpty = (Bitboards.span(king, kingTarget) | Bitboards.span(rook, Move.castlingRookTarget(king,
                    rook))) & ~Bitboards.bit(king) & ~Bitboards.bit(rook);
            boolean landsInCheck = position.isAttacked(kingTarget, us ^ 1, position.occupied() & ~Bitboards.bit(king));
            int move = Move.of(king, rook, Move.CASTLING);
            if ((position.occupied() & mustBeEmpty) == 0 && !landsInCheck && !contains(moves, count, move)) {
                moves[count++] = move;
            }
        }
        return count;
    }

    /**
     * En passant whenever a pawn stands beside the passed one, even when taking exposes the king. The king that can
     * then be taken is never taken: its capture is left out, as engines with pseudo-legal generators do.
     */
    private static int addEnPassantExposingKing(Position position, int[] moves, int count) {
        int us = position.sideToMove();
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (Piece.type(position.pieceAt(Move.to(moves[i]))) != Piece.KING || Move.isCastling(moves[i])) {
                moves[kept++] = moves[i];
            }
        }
        int target = position.enPassantSquare();
        if (position.inCheck() || target == Square.NONE) {
            return kept;
        }
        long takers = Attacks.pawn(us ^ 1, target) & position.pieces(us, Piece.PAWN);
        for (; takers != 0; takers &= takers - 1) {
            int move = Move.of(Long.numberOfTrailingZeros(takers), target, Move.EN_PASSANT);
            if (!contains(moves, kept, move)) {
                moves[kept++] = move;
            }
        }
        return kept;
    }

    private Position position(List<String> words) {
        int movesAt = words.indexOf("moves");
        List<String> setUp = words.subList(1, movesAt < 0 ? words.size() : movesAt);
        Position position = setUp.get(0).equals("startpos") ? Position.startPosition()
                : Fen.parse(String.join(" ", setUp.subList(1, setUp.size())));
        if (PerftWalk.needsChess960(position) && !chess960) {
            System.err.println("stand-in: a Chess960 position, but UCI_Chess960 is off");
            System.exit(4);
        }
        if (movesAt >= 0) {
            play(position, words.subList(movesAt + 1, words.size()));
        }
        return position;
    }

    /** Plays moves as the stand-in generates them, so a move only it believes legal can be played too. */
    private void play(Position position, List<String> texts) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (String text : texts) {
            int count = generate(position, moves);
            int move = MoveNotation.parseUci(position, text, chess960);
            for (int i = 0; i < count && move == Move.NONE; i++) {
                if (Move.toUci(moves[i], chess960).equals(text)) {
                    move = moves[i];
                }
            }
            if (move == Move.NONE) {
                throw new IllegalArgumentException("stand-in: no move " + text);
            }
            position.makeMove(move);
        }
    }

    private static boolean contains(int[] moves, int count, int move) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return true;
            }
        }
        return false;
    }
}
