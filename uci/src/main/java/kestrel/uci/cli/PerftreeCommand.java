package kestrel.uci.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import kestrel.engine.Fen;
import kestrel.engine.FenException;
import kestrel.engine.Move;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import kestrel.perft.Divide;
import kestrel.perft.Perft;
import kestrel.perft.PerftWalk;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kestrel perftree DEPTH FEN [MOVES]}: Kestrel as a script for the perftree tool, which runs its script so for
 * each divide and reads one {@code move count} line per legal move, a blank line and the total. Castling is written
 * king takes rook when the FEN's castling needs Chess960 (or with --chess960, for Stockfish's UCI_Chess960 notation in
 * standard positions).
 */
@Command(name = "perftree", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Prints the divide of FEN after MOVES at DEPTH as the perftree tool reads it from a script: 'move count'"
                + " lines, a blank line, the total."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "2:bad input (depth, FEN, move)"})
public final class PerftreeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DEPTH", description = "The depth, 1 to " + PerftCommand.MAX_DEPTH + ".")
    private int depth;

    @Parameters(index = "1", paramLabel = "FEN", description = "The position, as one argument.")
    private String fen;

    @Parameters(index = "2..*", paramLabel = "MOVES",
            description = "UCI moves played first; perftree passes them as one argument separated by spaces.")
    private List<String> moves;

    @Option(names = "--chess960", description = "Write castling as king takes rook (e1h1) in every position.")
    private boolean chess960;

    @Override
    public Integer call() {
        if (depth < 1 || depth > PerftCommand.MAX_DEPTH) {
            err().println("error: DEPTH must be 1 to " + PerftCommand.MAX_DEPTH + ", not " + depth);
            return ExitCodes.BAD_INPUT;
        }
        Position position;
        try {
            position = Fen.parse(fen);
        } catch (FenException e) {
            err().println("error: bad FEN \"" + fen + "\": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        boolean kingTakesRook = chess960 || PerftWalk.needsChess960(position);
        List<String> played = (moves == null ? List.<String>of() : moves).stream()
                .flatMap(argument -> Stream.of(argument.strip().split("\\s+")))
                .filter(move -> !move.isEmpty())
                .toList();
        for (int i = 0; i < played.size(); i++) {
            int move = MoveNotation.parseUci(position, played.get(i), kingTakesRook);
            if (move == Move.NONE) {
                err().println("error: illegal move \"" + played.get(i) + "\" (move " + (i + 1) + " of MOVES) in "
                        + Fen.toFen(position, kingTakesRook));
                return ExitCodes.BAD_INPUT;
            }
            position.makeMove(move);
        }
        Divide divide = new Perft().divide(position, depth, kingTakesRook);
        PrintWriter out = spec.commandLine().getOut();
        divide.counts().forEach(count -> out.println(count.move() + " " + count.nodes()));
        out.println();
        out.println(divide.total());
        out.flush();
        return ExitCodes.OK;
    }

    private PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
