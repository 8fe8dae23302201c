package kestrel.engine.eval;

import java.util.Arrays;
import kestrel.engine.Attacks;
import kestrel.engine.Bitboards;
import kestrel.engine.Piece;
import kestrel.engine.PieceSquareTables;
import kestrel.engine.Position;
import kestrel.engine.Square;

/**
 * The static evaluation: a tapered blend of a midgame and an endgame score, each the sum of the terms below for
 * White minus the same for Black, then scaled down in drawish endgames.
 *
 * <ul>
 *   <li>material and piece-square tables (kept incrementally by the position),</li>
 *   <li>pawn structure: doubled, isolated, backward and connected pawns (cached by pawn key),</li>
 *   <li>passed pawns: by rank, king proximity, a free path, the rule of the square,</li>
 *   <li>mobility of knights, bishops, rooks and queens,</li>
 *   <li>king safety: the pawn shield and the pieces attacking the zone around the king,</li>
 *   <li>threats: pieces attacked by pawns,</li>
 *   <li>the bishop pair, rooks on open and half-open files and on the seventh rank,</li>
 *   <li>a tempo bonus for the side to move.</li>
 * </ul>
 *
 * <p>An instance keeps a pawn cache and scratch arrays, so each search thread needs its own; evaluating allocates
 * nothing. The terms of the last evaluation stay readable for {@link #explain}.
 */
public final class Evaluation implements Evaluator {
    /** The choice of the handcrafted evaluation for a search: each thread gets an instance of its own. */
    public static final EvaluationChoice HANDCRAFTED = new EvaluationChoice() {
        @Override
        public Evaluator newEvaluator() {
            return new Evaluation();
        }

        @Override
        public String describe() {
            return "handcrafted evaluation";
        }
    };

    static final int MATERIAL = 0;
    static final int PAWNS = 1;
    static final int PASSED_PAWNS = 2;
    static final int MOBILITY = 3;
    static final int KING_SAFETY = 4;
    static final int THREATS = 5;
    static final int BISHOP_PAIR = 6;
    static final int ROOKS = 7;
    static final int TEMPO = 8;
    static final int TERM_COUNT = 9;
    /** The term names as {@link #explain} prints them. */
    static final String[] TERM_NAMES = {
        "material+PST", "pawns", "passed pawns", "mobility", "king safety", "threats", "bishop pair", "rooks",
        "tempo",
    };

    private static final int DEFAULT_PAWN_CACHE_ENTRIES = 1 << 14;
    /** More attackers than this count as this many: the last entry of the attacker-count table. */
    private static final int MOST_ATTACKERS_COUNTED = EvalWeights.ATTACKER_COUNT_PERCENT.length - 1;

    private final PawnCache pawnCache;
    /** Each term of the last evaluation for each colour, packed ({@link TaperedScore}): [2 * term + color]. */
    private final int[] terms = new int[2 * TERM_COUNT];
    private int lastPhase;
    private int lastScale;

    // Scratch for one evaluation, by colour.
    private final long[] pawnAttacks = new long[2];
    private final long[] kingZone = new long[2];
    /** Pieces of the other colour attacking the zone of this colour's king, and their summed weight. */
    private final int[] kingAttackers = new int[2];
    private final int[] kingAttackWeight = new int[2];

    public Evaluation() {
        this(DEFAULT_PAWN_CACHE_ENTRIES);
    }

    /** An evaluator with a pawn cache of the given number of entries (rounded up to a power of two). */
    Evaluation(int pawnCacheEntries) {
        pawnCache = new PawnCache(pawnCacheEntries);
    }

    /** Nothing is kept along the line; the pawn cache holds results under full pawn keys, valid in any game. */
    @Override
    public void startSearch(Position root) {
    }

    /** The static evaluation in centipawns from the side to move's point of view. */
    @Override
    public int evaluate(Position position) {
        if (isInsufficientMaterial(position)) {
            Arrays.fill(terms, TaperedScore.ZERO);
            return 0;
        }
        return evaluateWithMatingMaterial(position);
    }

    /**
     * As {@link #evaluate}, for a position the caller already knows to have mating material on the board (the search
     * tests {@link #isInsufficientMaterial} at every node before it evaluates): saves testing it a second time.
     */
    @Override
    public int evaluateWithMatingMaterial(Position position) {
        int white = evaluateForWhite(position);
        return position.sideToMove() == Piece.WHITE ? white : -white;
    }

    /** True when neither side can ever mate (K v K, K+minor v K, K+B v K+B with bishops on one colour). */
    public static boolean isInsufficientMaterial(Position position) {
        return EndgameScaling.isInsufficientMaterial(position);
    }

    /**
     * True when the rules draw the game here whatever is played: a threefold repetition with the game's history, the
     * fifty-move rule, or too little material to mate. A mate given on the fiftieth move still wins; callers that
     * care look for it first (a line that ends in mate has no move after it anyway).
     */
    public static boolean isDrawnByRule(Position position) {
        return position.isThreefoldRepetition() || position.halfmoveClock() >= 100 || isInsufficientMaterial(position);
    }

    /** One term of the last evaluation for one colour, packed; for tests. */
    int lastTerm(int term, int color) {
        return terms[2 * term + color];
    }

    /** Fills {@link #terms}, {@link #lastPhase} and {@link #lastScale}; returns the score from White's view. */
    private int evaluateForWhite(Position position) {
        Arrays.fill(terms, TaperedScore.ZERO);
        // The position keeps White's material and tables minus Black's; explain() splits it by colour.
        terms[2 * MATERIAL + Piece.WHITE] = TaperedScore.of(position.midgameScore(), position.endgameScore());
        terms[2 * TEMPO + position.sideToMove()] = EvalWeights.TEMPO;

        int slot = pawnSlot(position);
        long occupied = position.occupied();
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            pawnAttacks[color] = PawnStructure.attacks(color, position.pieces(color, Piece.PAWN));
            kingZone[color] = kingZone(color, position.kingSquare(color));
            terms[2 * PAWNS + color] = pawnCache.score(slot, color);
        }
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            evaluatePieces(position, color, occupied);
        }
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            terms[2 * KING_SAFETY + color] = kingShield(position, color) + kingDanger(color);
            terms[2 * PASSED_PAWNS + color] = passedPawns(position, color, pawnCache.passed(slot, color));
        }

        int total = TaperedScore.ZERO;
        for (int term = 0; term < TERM_COUNT; term++) {
            total += terms[2 * term + Piece.WHITE] - terms[2 * term + Piece.BLACK];
        }
        lastPhase = Math.min(position.phase(), PieceSquareTables.MAX_PHASE);
        int tapered = TaperedScore.taper(total, lastPhase, PieceSquareTables.MAX_PHASE);
        int strong = tapered > 0 ? Piece.WHITE : Piece.BLACK;
        lastScale = EndgameScaling.scale(position, strong, pawnCache.passed(slot, strong));
        return tapered * lastScale / EndgameScaling.NORMAL;
    }

    /** The pawn cache slot holding this position's pawn structure, filled first if it held another. */
    private int pawnSlot(Position position) {
        long key = position.pawnKey();
        int slot = pawnCache.slot(key);
        if (!pawnCache.holds(slot, key)) {
            pawnCache.fill(slot, key, position.pieces(Piece.WHITE, Piece.PAWN),
                    position.pieces(Piece.BLACK, Piece.PAWN));
        }
        return slot;
    }

    /** The king's square, the squares around it and one more rank towards the enemy. */
    private static long kingZone(int color, int kingSquare) {
        long zone = Attacks.king(kingSquare) | Bitboards.bit(kingSquare);
        return zone | (color == Piece.WHITE ? zone << 8 : zone >>> 8);
    }

    /**
     * Mobility, rook files, the bishop pair and pawn threats of {@code us}, and the tally of its pieces attacking
     * the enemy king's zone.
     */
    private void evaluatePieces(Position position, int us, long occupied) {
        int them = us ^ 1;
        long ownPawns = position.pieces(us, Piece.PAWN);
        long enemyPawns = position.pieces(them, Piece.PAWN);
        long mobilityArea = ~(ownPawns | position.pieces(us, Piece.KING) | pawnAttacks[them]);
        long enemyZone = kingZone[them];
        int mobility = TaperedScore.ZERO;
        int rooks = TaperedScore.ZERO;
        int attackers = 0;
        int attackWeight = 0;
        for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) {
            for (long pieces = position.pieces(us, type); pieces != 0; pieces &= pieces - 1) {
                int square = Long.numberOfTrailingZeros(pieces);
                long attacks = Attacks.of(type, square, occupied);
                mobility += EvalWeights.MOBILITY[type][Long.bitCount(attacks & mobilityArea)];
                long zoneAttacks = attacks & enemyZone;
                if (zoneAttacks != 0) {
                    attackers++;
                    attackWeight += EvalWeights.KING_ATTACK_WEIGHT[type] * Long.bitCount(zoneAttacks);
                }
                if (type == Piece.ROOK) {
                    rooks += rook(position, us, square, ownPawns, enemyPawns);
                }
            }
        }
        terms[2 * MOBILITY + us] = mobility;
        terms[2 * ROOKS + us] = rooks;
        kingAttackers[them] = attackers;
        kingAttackWeight[them] = attackWeight;

        long enemyPieces = position.piecesOfColor(them) & ~(enemyPawns | position.pieces(them, Piece.KING));
        terms[2 * THREATS + us] = EvalWeights.THREAT_BY_PAWN * Long.bitCount(pawnAttacks[us] & enemyPieces);

        long bishops = position.pieces(us, Piece.BISHOP);
        if ((bishops & Bitboards.LIGHT_SQUARES) != 0 && (bishops & Bitboards.DARK_SQUARES) != 0) {
            terms[2 * BISHOP_PAIR + us] = EvalWeights.BISHOP_PAIR;
        }
    }

    private static int rook(Position position, int us, int square, long ownPawns, long enemyPawns) {
        int score = TaperedScore.ZERO;
        long file = Bitboards.file(Square.file(square));
        if ((file & ownPawns) == 0) {
            score += (file & enemyPawns) == 0 ? EvalWeights.ROOK_OPEN_FILE : EvalWeights.ROOK_SEMI_OPEN_FILE;
        }
        if (PawnStructure.relativeRank(us, square) == 6) {
            int them = us ^ 1;
            long seventh = Bitboards.rank(Square.rank(square));
            if (PawnStructure.relativeRank(us, position.kingSquare(them)) == 7 || (enemyPawns & seventh) != 0) {
                score += EvalWeights.ROOK_ON_SEVENTH;
            }
        }
        return score;
    }

    /** The pawns in front of the king on its file and the files beside it, and files open towards it. */
    private static int kingShield(Position position, int color) {
        int king = position.kingSquare(color);
        long ownPawns = position.pieces(color, Piece.PAWN);
        long allPawns = position.piecesOfType(Piece.PAWN);
        int kingFile = Square.file(king);
        int score = TaperedScore.ZERO;
        for (int file = Math.max(0, kingFile - 1); file <= Math.min(7, kingFile + 1); file++) {
            long shield = PawnStructure.forwardFile(color, Square.of(file, Square.rank(king))) & ownPawns;
            if (shield == 0) {
                score += EvalWeights.SHIELD_MISSING;
            } else {
                int nearest = color == Piece.WHITE ? Long.numberOfTrailingZeros(shield)
                        : 63 - Long.numberOfLeadingZeros(shield);
                int distance = Math.abs(Square.rank(nearest) - Square.rank(king));
                score += distance == 1 ? EvalWeights.SHIELD_PAWN_NEAR
                        : distance == 2 ? EvalWeights.SHIELD_PAWN_FAR : EvalWeights.SHIELD_MISSING;
            }
            if ((Bitboards.file(file) & allPawns) == 0) {
                score += EvalWeights.KING_OPEN_FILE;
            }
        }
        return score;
    }

    /** The penalty for the enemy pieces attacking the zone around {@code color}'s king (midgame only). */
    private int kingDanger(int color) {
        int percent = EvalWeights.ATTACKER_COUNT_PERCENT[Math.min(kingAttackers[color], MOST_ATTACKERS_COUNTED)];
        return TaperedScore.of(-kingAttackWeight[color] * percent / 100, 0);
    }

    private static int passedPawns(Position position, int us, long passed) {
        if (passed == 0) {
            return TaperedScore.ZERO;
        }
        int them = us ^ 1;
        int ownKing = position.kingSquare(us);
        int enemyKing = position.kingSquare(them);
        boolean enemyHasOnlyPawns = !position.hasNonPawnMaterial(them);
        long occupied = position.occupied();
        int score = TaperedScore.ZERO;
        for (; passed != 0; passed &= passed - 1) {
            int square = Long.numberOfTrailingZeros(passed);
            int rank = PawnStructure.relativeRank(us, square);
            score += EvalWeights.PASSED_PAWN[rank];
            int stop = us == Piece.WHITE ? square + 8 : square - 8;
            // Kings matter more the further the pawn has come; from the relative fourth rank on.
            int advance = rank - 2;
            if (advance > 0) {
                int enemyDistance = Math.min(distance(enemyKing, stop), EvalWeights.PASSED_KING_DISTANCE_CAP);
                int ownDistance = Math.min(distance(ownKing, stop), EvalWeights.PASSED_KING_DISTANCE_CAP);
                int endgame = EvalWeights.PASSED_ENEMY_KING_DISTANCE * enemyDistance
                        - EvalWeights.PASSED_OWN_KING_DISTANCE * ownDistance;
                if (position.pieceAt(stop) == Piece.NONE) {
                    endgame += EvalWeights.PASSED_FREE_STOP_SQUARE;
                }
                score += TaperedScore.of(0, advance * endgame);
            }
            if (enemyHasOnlyPawns && outrunsKing(position, us, square, rank, enemyKing, occupied)) {
                score += EvalWeights.UNSTOPPABLE_PASSED_PAWN;
            }
        }
        return score;
    }

    /** The rule of the square: the pawn's path is clear and the enemy king is too far to catch it. */
    private static boolean outrunsKing(Position position, int us, int square, int rank, int enemyKing,
            long occupied) {
        if ((PawnStructure.forwardFile(us, square) & occupied) != 0) {
            return false;
        }
        int promotion = Square.of(Square.file(square), us == Piece.WHITE ? 7 : 0);
        int pawnMoves = Math.min(5, 7 - rank); // from its first rank the pawn may step two
        int kingMoves = distance(enemyKing, promotion) - (position.sideToMove() == us ? 0 : 1);
        return pawnMoves < kingMoves;
    }

    private static int distance(int a, int b) {
        return Math.max(Math.abs(Square.file(a) - Square.file(b)), Math.abs(Square.rank(a) - Square.rank(b)));
    }

    // ----------------------------------------------------------------------------------------------------------
    // Explanation

    /**
     * The terms of the evaluation as a text table for the UCI command {@code eval}: each term for White and for
     * Black in midgame and endgame, their difference, the phase, the draw scale and the totals.
     */
    public String explain(Position position) {
        int whiteView = evaluateForWhite(position);
        boolean insufficient = isInsufficientMaterial(position);
        if (insufficient) {
            whiteView = 0;
        }
        int[] shown = terms.clone();
        shown[2 * MATERIAL + Piece.WHITE] = materialOf(position, Piece.WHITE);
        shown[2 * MATERIAL + Piece.BLACK] = materialOf(position, Piece.BLACK);

        StringBuilder text = new StringBuilder();
        String groups = String.format("%-14s|%s|%s|%s%n", "", centred("White", 18), centred("Black", 18),
                centred("White - Black", 17).stripTrailing());
        String header = String.format("%-14s|%9s%8s |%9s%8s |%9s%8s%n", "term", "mg", "eg", "mg", "eg", "mg", "eg");
        String rule = "-".repeat(header.length() - 1) + "\n";
        text.append(groups).append(header).append(rule);
        int sum = TaperedScore.ZERO;
        for (int term = 0; term < TERM_COUNT; term++) {
            int white = shown[2 * term + Piece.WHITE];
            int black = shown[2 * term + Piece.BLACK];
            sum += white - black;
            appendRow(text, TERM_NAMES[term], white, black);
        }
        text.append(rule);
        text.append(String.format("%-14s|%17s |%17s |%9d%8d%n", "sum", "", "",
                TaperedScore.midgame(sum), TaperedScore.endgame(sum)));
        text.append(String.format("phase: %d of %d (midgame weight %d%%), tapered sum: %d cp%n", lastPhase,
                PieceSquareTables.MAX_PHASE, 100 * lastPhase / PieceSquareTables.MAX_PHASE,
                TaperedScore.taper(sum, lastPhase, PieceSquareTables.MAX_PHASE)));
        if (insufficient) {
            text.append(String.format("draw scale: 0 of %d (insufficient material: a draw)%n",
                    EndgameScaling.NORMAL));
        } else {
            text.append(String.format("draw scale: %d of %d%n", lastScale, EndgameScaling.NORMAL));
        }
        int us = position.sideToMove();
        text.append(String.format("total from White's view: %d cp%n", whiteView));
        text.append(String.format("total for the side to move (%s): %d cp%n",
                us == Piece.WHITE ? "White" : "Black", us == Piece.WHITE ? whiteView : -whiteView));
        return text.toString();
    }

    private static String centred(String label, int width) {
        int left = (width - label.length()) / 2;
        return " ".repeat(left) + label + " ".repeat(width - left - label.length());
    }

    private static void appendRow(StringBuilder text, String name, int white, int black) {
        int difference = white - black;
        text.append(String.format("%-14s|%9d%8d |%9d%8d |%9d%8d%n", name,
                TaperedScore.midgame(white), TaperedScore.endgame(white),
                TaperedScore.midgame(black), TaperedScore.endgame(black),
                TaperedScore.midgame(difference), TaperedScore.endgame(difference)));
    }

    /** One colour's material and piece-square sum, counted as a positive number. */
    private static int materialOf(Position position, int color) {
        int midgame = 0;
        int endgame = 0;
        for (long pieces = position.piecesOfColor(color); pieces != 0; pieces &= pieces - 1) {
            int square = Long.numberOfTrailingZeros(pieces);
            int piece = position.pieceAt(square);
            midgame += PieceSquareTables.midgame(piece, square);
            endgame += PieceSquareTables.endgame(piece, square);
        }
        return color == Piece.WHITE ? TaperedScore.of(midgame, endgame) : TaperedScore.of(-midgame, -endgame);
    }
}
