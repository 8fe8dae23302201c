package kestrel.uci.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.MoveNotation;
import kestrel.engine.Position;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Short Chess960 games of Kestrel against itself through the real UCI loop, driven the way a GUI drives it:
 * {@code position fen <start> moves ...} then {@code go} for every ply. Every move the engine sends must be legal
 * and written in Chess960 notation (castling as king takes rook), and the loop must follow the engine's castling
 * on both wings.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class Chess960GamesTest {
    /** Plies the engine plays in each game after the opening moves, unless the game ends first. */
    private static final int ENGINE_PLIES = 40;
    /** Shallow, so that the whole class stays quick; the moves only need to be legal, not good. */
    private static final String SEARCH = "go depth 3";

    private enum Wing { KING_SIDE, QUEEN_SIDE }

    /**
     * A start position from the Chess960 opening set (castling rights as {@code KQkq}, read as X-FEN) and the
     * moves the "GUI" plays first, in Chess960 notation, to clear the way for castling.
     */
    private record Game(String startFen, String opening) {
        List<String> openingMoves() {
            return opening.isEmpty() ? List.of() : List.of(opening.split(" "));
        }
    }

    private static final List<Game> GAMES = List.of(
            // King g1 between its rooks f1 and h1: only queen-side castling (g1f1) is possible, the king jumping
            // over its own rook to c1 while the rook goes to d1.
            new Game("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
                    "d1e3 d8e6 e1d3 e8d6 c2c4 c7c5 c1c2 c8c7"),
            // King b1 next to its a1 rook: queen-side castling (b1a1) takes the king to c1, the rook to d1.
            new Game("rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w KQkq - 0 1",
                    "d2d4 d7d5 c1f4 c8f5 d1d2 d8d7"),
            // King g1 already on its king-side target: castling (g1h1) moves only the rook, h1 to f1.
            new Game("bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w KQkq - 0 1",
                    "g2g3 g7g6 f1g2 f8g7"),
            // King f1 and rook g1 swap squares when castling king-side (f1g1), legal from the first move.
            new Game("rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1", ""),
            // The standard position, number 518 of the set: queen-side castling e1a1.
            new Game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7"),
            // King c1 already on its queen-side target: castling (c1a1) moves only the rook, a1 to d1.
            new Game("rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNKQBBNR w KQkq - 0 1",
                    "b1c3 b8c6 d2d3 d7d6 d1d2 d8d7"));

    /** The standard start with both wings cleared for White: O-O and O-O-O are both legal. */
    private static final String BOTH_WINGS_CLEAR = "position startpos moves"
            + " d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 g1f3 g8f6 e2e3 e7e6 f1e2 f8e7";

    @Test
    void selfPlayInChess960SendsOnlyLegalMovesInChess960NotationAndCastlesOnBothWings() {
        Set<Wing> castledByEngine = EnumSet.noneOf(Wing.class);
        try (UciSession session = new UciSession()) {
            session.send("uci");
            session.untilStartsWith("uciok");
            session.send("setoption name UCI_Chess960 value true");
            for (Game game : GAMES) {
                play(session, game, castledByEngine);
            }
        }
        assertEquals(EnumSet.allOf(Wing.class), castledByEngine, "wings the engine castled on");
    }

    @Test
    void withChess960OffCastlingIsSentAsTheKingsTwoSquareMove() {
        try (UciSession session = new UciSession()) {
            session.send(BOTH_WINGS_CLEAR, SEARCH + " searchmoves e1g1");
            assertEquals("e1g1", bestMove(session));
            session.send(SEARCH + " searchmoves e1c1");
            assertEquals("e1c1", bestMove(session));
        }
    }

    @Test
    void withChess960OnTheSameCastlingIsSentAsKingTakesRook() {
        try (UciSession session = new UciSession()) {
            session.send("setoption name UCI_Chess960 value true", BOTH_WINGS_CLEAR, SEARCH + " searchmoves e1h1");
            assertEquals("e1h1", bestMove(session));
            session.send(SEARCH + " searchmoves e1a1");
            assertEquals("e1a1", bestMove(session));
        }
    }

    /**
     * Plays the opening, then lets the engine play both sides. The first time a side may castle, the search is
     * limited to castling with {@code searchmoves}, so that the engine itself must send the castling move.
     */
    private static void play(UciSession session, Game game, Set<Wing> castledByEngine) {
        session.send("ucinewgame");
        assertEquals(List.of(), session.answersBeforeReady(), "ucinewgame answers nothing");
        Position position = Fen.parse(game.startFen());
        List<String> played = new ArrayList<>();
        for (String text : game.openingMoves()) {
            int move = MoveNotation.parseUci(position, text, true);
            assertNotEquals(Move.NONE, move, "opening move " + text + " of " + game.startFen());
            position.makeMove(move);
            played.add(text);
        }
        boolean[] hasCastled = new boolean[2];
        for (int ply = 0; ply < ENGINE_PLIES && hasLegalMoves(position); ply++) {
            String context = positionCommand(game, played);
            int castling = hasCastled[position.sideToMove()] ? Move.NONE : firstCastlingMove(position);
            session.send(context, castling == Move.NONE ? SEARCH : SEARCH + " searchmoves " + Move.toUci(castling, true));
            String text = bestMove(session);

            int move = MoveNotation.parseUci(position, text, true);
            assertNotEquals(Move.NONE, move, "illegal move " + text + " sent after: " + context);
            assertEquals(Move.toUci(move, true), text, "not in Chess960 notation, sent after: " + context);
            if (castling != Move.NONE) {
                assertEquals(Move.toUci(castling, true), text, "searchmoves allowed only castling, after: " + context);
            }
            boolean isCastling = Move.isCastling(move);
            if (isCastling) {
                hasCastled[position.sideToMove()] = true;
                castledByEngine.add(Move.to(move) > Move.from(move) ? Wing.KING_SIDE : Wing.QUEEN_SIDE);
            }
            position.makeMove(move);
            played.add(text);

            if (isCastling) {
                session.send(positionCommand(game, played));
                Map<String, String> shown = session.display();
                assertEquals(String.format("%016x", position.key()), shown.get("Key"),
                        "the loop's key after castling " + text + " in: " + context);
                assertEquals(Fen.toFen(position, true), shown.get("Fen"),
                        "the loop's FEN after castling " + text + " in: " + context);
            }
        }
    }

    private static String positionCommand(Game game, List<String> played) {
        return "position fen " + game.startFen() + (played.isEmpty() ? "" : " moves " + String.join(" ", played));
    }

    /** Waits for {@code bestmove} and returns its move. */
    private static String bestMove(UciSession session) {
        List<String> lines = session.untilStartsWith("bestmove");
        return lines.get(lines.size() - 1).split(" ")[1];
    }

    private static boolean hasLegalMoves(Position position) {
        return MoveGenerator.legalMoves(position, new int[MoveGenerator.MAX_MOVES], 0) > 0;
    }

    private static int firstCastlingMove(Position position) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        for (int i = 0; i < count; i++) {
            if (Move.isCastling(moves[i])) {
                return moves[i];
            }
        }
        return Move.NONE;
    }
}
