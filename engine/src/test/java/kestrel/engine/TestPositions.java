package kestrel.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Positions the engine tests share: the perft suites (copied into test resources) and a few Chess960 starts. */
final class TestPositions {
    static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /**
     * Chess960 start positions (X-FEN, from the FRC openings list) chosen for their castling geometry: king on g
     * between f and h rooks, king on b beside its a-rook, king on c with the b-rook whose target d1 holds the other
     * rook, king on d with a c-rook that swaps with it, king on e between adjacent rooks.
     */
    static final List<String> CHESS960_STARTS = List.of(
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
            "rkbbqnnr/pppppppp/8/8/8/8/PPPPPPPP/RKBBQNNR w KQkq - 0 1",
            "nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w KQkq - 0 1",
            "nnrkrbbq/pppppppp/8/8/8/8/PPPPPPPP/NNRKRBBQ w KQkq - 0 1",
            "qnnrkrbb/pppppppp/8/8/8/8/PPPPPPPP/QNNRKRBB w KQkq - 0 1");

    private TestPositions() {
    }

    /** The 153 FENs of the standard perft suite. */
    static List<String> standardSuite() {
        return epdFens("/positions/standard.epd");
    }

    /** The 960 FENs of the Chess960 perft suite (Shredder-FEN castling). */
    static List<String> chess960Suite() {
        return epdFens("/positions/chess960.epd");
    }

    /** The FEN part (before the first ';') of every line of an EPD resource. */
    static List<String> epdFens(String resource) {
        List<String> fens = new ArrayList<>();
        for (String line : lines(resource)) {
            String fen = line.split(";", 2)[0].trim();
            if (!fen.isEmpty()) {
                fens.add(fen);
            }
        }
        return fens;
    }

    static List<String> lines(String resource) {
        try (InputStream in = TestPositions.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            List<String> lines = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Plays space-separated UCI moves, failing loudly on any that is not legal. */
    static Position play(String fen, String uciMoves, boolean chess960) {
        Position position = Fen.parse(fen);
        for (String text : uciMoves.trim().split("\\s+")) {
            if (text.isEmpty()) {
                continue;
            }
            int move = MoveNotation.parseUci(position, text, chess960);
            if (move == Move.NONE) {
                throw new IllegalArgumentException(text + " is not legal in " + Fen.toFen(position, chess960));
            }
            position.makeMove(move);
        }
        return position;
    }

    static Position play(String uciMoves) {
        return play(Fen.START, uciMoves, false);
    }
}
