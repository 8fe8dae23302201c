package kestrel.engine.datagen;

import java.util.SplittableRandom;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.eval.Evaluation;
import kestrel.engine.eval.EvaluationChoice;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.nnue.games.Game;
import kestrel.engine.search.Score;
import kestrel.engine.search.Search;
import kestrel.engine.search.SearchLimits;
import kestrel.engine.search.SearchListener;
import kestrel.engine.search.SearchResult;
import kestrel.engine.search.TranspositionTable;
import kestrel.engine.syzygy.TablebaseProber;
import kestrel.engine.syzygy.Tablebases;
import kestrel.engine.syzygy.Wdl;

/**
 * Plays self-play games for training data: a few random plies from the start position, then every move searched to
 * a fixed node count. The quiet positions of a game are kept with their search scores and, once the game is over,
 * labelled with its result. The game is kept both ways: as the records of its kept positions, and as a {@link Game}
 * (its start after the random plies, every move, the kept positions' scores) for a game file. One instance per
 * thread: it owns its search, table and buffers.
 *
 * <p>With Syzygy tables, a game ends as soon as a move reaches a position the tables hold, and takes their result:
 * the label is then exact rather than what the rest of a self-play game makes of it, and the game is shorter. That
 * position and any after it are not kept (their result is known).
 */
public final class SelfPlayGame {
    /** Room for every position of the longest game. */
    private final byte[] records;
    private final SelfPlaySettings settings;
    private final SplittableRandom random;
    private final TranspositionTable table;
    private final Search search;
    private final EvaluationChoice evaluation;
    /** Null without tables. */
    private final TablebaseProber prober;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final Game game = new Game();
    private int keptCount;
    private boolean adjudicatedByTables;

    /** Games evaluated as {@code evaluation} says (a network is shared read-only), played out without tables. */
    public SelfPlayGame(SelfPlaySettings settings, long seed, EvaluationChoice evaluation) {
        this(settings, seed, evaluation, Tablebases.EMPTY);
    }

    /** As above; a game that reaches {@code tablebases} (shared read-only) ends there with their result. */
    public SelfPlayGame(SelfPlaySettings settings, long seed, EvaluationChoice evaluation, Tablebases tablebases) {
        this.prober = tablebases.wdlTableCount() > 0 ? tablebases.newProber() : null;
        this.settings = settings;
        this.random = new SplittableRandom(seed);
        this.table = new TranspositionTable(settings.hashMegabytes());
        this.search = new Search(table, SearchListener.SILENT);
        this.evaluation = evaluation;
        this.records = new byte[settings.maxPlies() * TrainingRecord.BYTES];
    }

    /**
     * Plays one game and returns how many records it wrote into {@link #records()} (0 when the random start was
     * thrown away or the game kept nothing).
     */
    public int play() {
        startGame();
        Position position = randomStart();
        if (position == null) {
            return 0;
        }
        return playFrom(position, settings.randomPlies());
    }

    /**
     * Plays one game from a copy of {@code start} (no random plies, no opening check; its plies count from 0) and
     * returns how many records it wrote, as {@link #play()}.
     */
    public int play(Position start) {
        startGame();
        return playFrom(new Position(start), 0);
    }

    /** Whether the last game was ended by the tables. */
    public boolean adjudicatedByTables() {
        return adjudicatedByTables;
    }

    private void startGame() {
        table.clear();
        search.clearHistory();
        keptCount = 0;
        adjudicatedByTables = false;
    }

    private int playFrom(Position position, int firstPly) {
        game.reset(position);
        int result = playOut(position, firstPly);
        for (int index = 0; index < keptCount; index++) {
            TrainingRecord.setResult(records, index * TrainingRecord.BYTES, result);
        }
        game.setResult(result);
        return keptCount;
    }

    /** The records of the last game, {@link TrainingRecord#BYTES} each; valid until the next {@link #play()}. */
    public byte[] records() {
        return records;
    }

    /** How many records the last game wrote into {@link #records()}. */
    public int recordCount() {
        return keptCount;
    }

    /** The last game as a game file stores it; the same records. Valid until the next {@link #play()}. */
    public Game game() {
        return game;
    }

    /** The start position after the random plies, or null when they end the game or leave it too unbalanced. */
    private Position randomStart() {
        Position position = Position.startPosition();
        for (int ply = 0; ply < settings.randomPlies(); ply++) {
            int count = MoveGenerator.legalMoves(position, moves, 0);
            if (count == 0) {
                return null;
            }
            position.makeMove(moves[random.nextInt(count)]);
        }
        if (MoveGenerator.legalMoves(position, moves, 0) == 0) {
            return null;
        }
        SearchResult first = search.run(position, new SearchLimits().nodes(settings.nodes()), evaluation);
        return Math.abs(first.score()) > settings.openingLimit() ? null : position;
    }

    /** Plays from {@code position} to the end and returns the result from White's view (TrainingRecord's codes). */
    private int playOut(Position position, int firstPly) {
        int winningPlies = 0;
        int drawnPlies = 0;
        int lastWinner = 0;
        for (int ply = firstPly; ply < settings.maxPlies(); ply++) {
            int over = decidedByRules(position);
            if (over >= 0) {
                return over;
            }
            over = decidedByTables(position);
            if (over >= 0) {
                adjudicatedByTables = true;
                return over;
            }
            table.newSearch();
            SearchResult result = search.run(position, new SearchLimits().nodes(settings.nodes()), evaluation);
            int move = result.bestMove();
            int whiteScore = position.sideToMove() == Piece.WHITE ? result.score() : -result.score();

            if (ply >= settings.skipPlies() && isQuiet(position, move) && !Score.isMate(result.score())) {
                // Written now with a provisional result; the game's result is filled in when it is known.
                TrainingRecord.encode(position, whiteScore, TrainingRecord.DRAW, records,
                        keptCount * TrainingRecord.BYTES);
                keptCount++;
                game.keep(whiteScore);
            }

            int winner = whiteScore >= settings.resignScore() ? 1 : whiteScore <= -settings.resignScore() ? -1 : 0;
            winningPlies = winner != 0 && winner == lastWinner ? winningPlies + 1 : (winner != 0 ? 1 : 0);
            lastWinner = winner;
            if (winningPlies >= settings.resignPlies()) {
                return winner > 0 ? TrainingRecord.WHITE_WIN : TrainingRecord.BLACK_WIN;
            }
            drawnPlies = Math.abs(whiteScore) <= settings.drawScore() ? drawnPlies + 1 : 0;
            if (ply >= settings.drawFromPly() && drawnPlies >= settings.drawPlies()) {
                return TrainingRecord.DRAW;
            }
            game.play(move);
            position.makeMove(move);
        }
        return TrainingRecord.DRAW;
    }

    /** The result when the rules end the game here (mate, stalemate, repetition, fifty moves, no mating material), else -1. */
    private int decidedByRules(Position position) {
        if (MoveGenerator.legalMoves(position, moves, 0) == 0) {
            if (!position.inCheck()) {
                return TrainingRecord.DRAW;
            }
            return position.sideToMove() == Piece.WHITE ? TrainingRecord.BLACK_WIN : TrainingRecord.WHITE_WIN;
        }
        if (Evaluation.isDrawnByRule(position)) {
            return TrainingRecord.DRAW;
        }
        return -1;
    }

    /**
     * The tables' result from White's view when they hold the position, else -1. A cursed win or blessed loss is a
     * draw: self-play games are played under the fifty-move rule.
     */
    private int decidedByTables(Position position) {
        if (prober == null) {
            return -1;
        }
        int wdl = prober.probeWdl(position);
        if (wdl == Wdl.FAILED) {
            return -1;
        }
        if (wdl != Wdl.WIN && wdl != Wdl.LOSS) {
            return TrainingRecord.DRAW;
        }
        boolean whiteWins = (wdl == Wdl.WIN) == (position.sideToMove() == Piece.WHITE);
        return whiteWins ? TrainingRecord.WHITE_WIN : TrainingRecord.BLACK_WIN;
    }

    /** A position worth learning a static score from: not in check, and the best move neither captures nor promotes. */
    private static boolean isQuiet(Position position, int move) {
        return !position.inCheck() && !Move.isPromotion(move) && !Move.isEnPassant(move)
                && (Move.isCastling(move) || position.pieceAt(Move.to(move)) == Piece.NONE);
    }
}
