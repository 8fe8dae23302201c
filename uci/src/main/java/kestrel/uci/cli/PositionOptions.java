package kestrel.uci.cli;

import java.io.PrintWriter;
import java.util.List;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import picocli.CommandLine.Option;

/**
 * The options that choose a position on the command line, shared by {@code kestrel perft} and {@code kestrel book}
 * as a Picocli mixin: {@code --fen}, {@code --moves} played from it, and {@code --chess960} for the notation of
 * castling in those moves and in what the command prints.
 */
final class PositionOptions {
    @Option(names = "--fen", arity = "1..6", paramLabel = "FEN", hideParamSyntax = true,
            description = "The position (default: the start position). Quoted, or as its separate fields.")
    private List<String> fenFields;

    @Option(names = "--moves", arity = "1..*", paramLabel = "MOVE",
            description = "UCI moves to play from the position first, e.g. e2e4 e7e5.")
    private List<String> moves;

    @Option(names = "--chess960",
            description = "Chess960 notation: castling written and read as king takes rook (e1h1).")
    private boolean chess960;

    /** True when castling is written king takes rook. */
    boolean chess960() {
        return chess960;
    }

    /** True when --fen or --moves was given. */
    boolean choosesAPosition() {
        return fenFields != null || moves != null;
    }

    /**
     * The position of --fen (or the start position) after the --moves; null when the FEN or a move is bad, after
     * writing why to {@code err} as one {@code error: ...} line.
     */
    Position position(PrintWriter err) {
        String fen = fenFields == null ? Fen.START : String.join(" ", fenFields);
        Position position;
        try {
            position = Fen.parse(fen);
        } catch (FenException e) {
            err.println("error: bad FEN \"" + fen + "\": " + e.getMessage());
            return null;
        }
        if (moves != null) {
            for (int i = 0; i < moves.size(); i++) {
                int move = MoveNotation.parseUci(position, moves.get(i), chess960);
                if (move == Move.NONE) {
                    err.println("error: illegal move \"" + moves.get(i) + "\" (move " + (i + 1) + " of --moves) in "
                            + Fen.toFen(position, chess960));
                    return null;
                }
                position.makeMove(move);
            }
        }
        return position;
    }
}
