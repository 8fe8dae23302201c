package kestrel.engine.search;

import kestrel.engine.Attacks;
import kestrel.engine.Bitboards;
import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.eval.PawnStructure;

/**
 * Hands out the legal moves of one node best first, generating quiet moves only when the good captures have not
 * already ended the node. One picker per ply, made once per search, so picking never allocates.
 *
 * <p>Order: the transposition-table move, captures and queen promotions that do not lose material (by static
 * exchange, most valuable victim first, least valuable attacker next), the two killers, the counter move, the other
 * quiet moves by history (moved by the threats below), losing captures, and under-promotions last.
 *
 * <p>Threats: a quiet move that takes a queen out of the attack of a rook or anything less, a rook out of that of a
 * minor piece or pawn, or a knight or bishop out of that of a pawn is tried earlier; one that puts such a piece into
 * such an attack later (after Stockfish's threat-aware quiet ordering); one that checks the king directly gains as
 * much as a minor piece's escape. All the opponent's attacks together are the
 * butterfly history's threat context ({@link #threats}), which learns the rest square by square.
 *
 * <p>A table move is only ever returned if the move generator produced it for this position, which is the legality
 * check that a key collision needs: with a table move all moves are generated at once and the move is found among
 * them; a move that is not there is simply ignored.
 */
final class MovePicker {
    private static final int TABLE_MOVE = 1 << 30;
    private static final int GOOD_NOISY = 1 << 28;
    private static final int KILLER = 1 << 27;
    private static final int BAD_NOISY = -(1 << 28);
    private static final int UNDER_PROMOTION = -(1 << 29);
    private static final int CAPTURE_HISTORY_DIVISOR = 32;
    /** Order bonus for a piece leaving a threat, and penalty for one walking into it; quiet scores span +-49,152. */
    private static final int QUEEN_THREAT = 24_000;
    private static final int ROOK_THREAT = 12_000;
    private static final int MINOR_THREAT = 8_000;
    /** Order bonus for a quiet move that checks the king directly (Stockfish's, at half its scale like the above). */
    private static final int CHECK = 8_000;

    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] scores = new int[MoveGenerator.MAX_MOVES];
    /** Where the moves that are not quiet stand, while {@link #skipQuiets} drops the others. */
    private final int[] leftover = new int[MoveGenerator.MAX_MOVES];
    private Position position;
    private History history;
    private int next;
    private int end;
    private boolean quietsGenerated;
    private int tableMove;
    private int firstKiller;
    private int secondKiller;
    private int counter;
    /** The (piece, destination) of the moves one and two plies before the node, for continuation history. */
    private int context1;
    private int context2;
    /** The order score of the move {@link #next} handed out last. */
    private int lastScore;
    /**
     * Squares the opponent attacks with pawns; with pawns and minor pieces; with pawns, minors and rooks; with any
     * piece (the butterfly history's threat context).
     */
    private long byPawns;
    private long byMinors;
    private long byRooks;
    private long byAny;
    /**
     * By piece type, the squares from which a piece of the side to move would attack the opponent's king; the king's
     * entry stays 0 (a king never checks).
     */
    private final long[] checkSquares = new long[Piece.TYPE_COUNT];
    private boolean threatsKnown;

    /**
     * Prepares a main-search node; {@code context1} and {@code context2} are the continuation-history contexts of the
     * node ({@link History#context}), which the search has computed for itself already.
     */
    void init(Position position, History history, int tableMove, int ply, int context1, int context2) {
        this.position = position;
        this.history = history;
        this.tableMove = tableMove;
        this.firstKiller = history.firstKiller(ply);
        this.secondKiller = history.secondKiller(ply);
        this.counter = history.counter(position.lastMove());
        this.context1 = context1;
        this.context2 = context2;
        threatsKnown = false;
        next = 0;
        if (tableMove != Move.NONE) {
            end = MoveGenerator.legalMoves(position, moves, 0);
            scoreAll(0, end);
            quietsGenerated = true;
        } else {
            end = MoveGenerator.noisyMoves(position, moves, 0);
            scoreAll(0, end);
            quietsGenerated = false;
        }
    }

    /** Prepares a quiescence node: every evasion when in check, else the captures and promotions only. */
    void initQuiescence(Position position, History history, int tableMove, boolean inCheck) {
        this.position = position;
        this.history = history;
        this.tableMove = tableMove;
        this.firstKiller = Move.NONE;
        this.secondKiller = Move.NONE;
        this.counter = Move.NONE;
        // Only evasions include quiet moves, which the contexts score.
        this.context1 = inCheck ? History.context(position, 1) : History.NO_CONTEXT;
        this.context2 = inCheck ? History.context(position, 2) : History.NO_CONTEXT;
        threatsKnown = false;
        next = 0;
        end = inCheck ? MoveGenerator.legalMoves(position, moves, 0) : MoveGenerator.noisyMoves(position, moves, 0);
        scoreAll(0, end);
        quietsGenerated = true; // nothing more to generate
    }

    /** The next best move, or Move.NONE when all have been handed out. */
    int next() {
        while (true) {
            if (next < end) {
                int best = bestLeft();
                // Quiet moves go before the losing captures: generate them once only those are left.
                if (!quietsGenerated && scores[best] < KILLER) {
                    generateQuiets();
                    continue;
                }
                int move = moves[best];
                lastScore = scores[best];
                moves[best] = moves[next];
                scores[best] = scores[next];
                moves[next] = move;
                next++;
                return move;
            }
            if (quietsGenerated) {
                return Move.NONE;
            }
            generateQuiets();
        }
    }

    /** The index of the first of the best-scored moves not yet handed out ({@code next < end}). */
    private int bestLeft() {
        int best = next;
        for (int i = next + 1; i < end; i++) {
            if (scores[i] > scores[best]) {
                best = i;
            }
        }
        return best;
    }

    /**
     * Drops the quiet moves not yet handed out: late move pruning has found that the search would skip every one of
     * them. Called once a quiet move other than the table move has been handed out, so all of them are generated
     * and every move that outranks them is gone. The moves left come out in exactly the order that handing out and
     * skipping each quiet move would have given, so the search is unchanged.
     *
     * <p>Every quiet move outranks what is left (losing captures, under-promotions), and {@link #next} hands out the
     * first of the best, so that order is the scores' own unless two of the moves left score alike: then their order
     * in the array decides, and the selection's swaps would have moved them. So the quiet moves are simply cut out,
     * and only where two moves left tie are they handed out one by one, as before, to move the others as they did.
     */
    void skipQuiets() {
        if (!quietsGenerated) {
            quietsGenerated = true; // none handed out yet: there is no order of skipped moves to keep
            return;
        }
        assert nothingLeftAboveQuiets() : "quiet moves dropped before the captures that outrank them";
        int count = 0;
        for (int i = next; i < end; i++) {
            leftover[count] = i;
            count += orderedAsQuiet(scores[i]) ? 0 : 1; // no jump: quiet or not is a coin flip to a branch predictor
        }
        if (anyTwoTie(count)) {
            dropQuietsOneByOne();
            return;
        }
        // leftover[k] >= next + k, so moving them down in order overwrites nothing still to be read.
        for (int k = 0; k < count; k++) {
            moves[next + k] = moves[leftover[k]];
            scores[next + k] = scores[leftover[k]];
        }
        end = next + count;
    }

    private boolean nothingLeftAboveQuiets() {
        for (int i = next; i < end; i++) {
            if (scores[i] > KILLER + 2) {
                return false;
            }
        }
        return true;
    }

    /** Whether two of the moves at {@code leftover[0..count)} have the same order score. */
    private boolean anyTwoTie(int count) {
        for (int a = 0; a < count; a++) {
            int score = scores[leftover[a]];
            for (int b = a + 1; b < count; b++) {
                if (scores[leftover[b]] == score) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The selection and swaps of {@link #next}, for as long as the best move left is a quiet one. */
    private void dropQuietsOneByOne() {
        while (next < end) {
            int best = bestLeft();
            if (!orderedAsQuiet(scores[best])) {
                return;
            }
            moves[best] = moves[next];
            scores[best] = scores[next];
            next++;
        }
    }

    /**
     * Whether {@code score} is a quiet move's: a killer or the counter move (KILLER to KILLER + 2), or history and
     * threat terms and the check bonus (±81,152 at most); every capture and promotion scores beyond both (above
     * GOOD_NOISY less its small order term, or below BAD_NOISY plus it), and the table move above all.
     */
    private static boolean orderedAsQuiet(int score) {
        return score > -KILLER && score <= KILLER + 2;
    }

    /** Whether the last move handed out was the table move, which is placed first without being classified. */
    boolean lastWasTableMove() {
        return lastScore == TABLE_MOVE;
    }

    /**
     * Whether the last move handed out ranks below the captures and queen promotions that keep material: in a
     * quiescence node (no quiet moves) it is then a capture that loses material by static exchange or an
     * under-promotion, and so is every move after it.
     */
    boolean lastOrderedAsLosing() {
        return lastScore < GOOD_NOISY;
    }

    private void generateQuiets() {
        int start = end;
        end = MoveGenerator.quietMoves(position, moves, start);
        scoreAll(start, end);
        quietsGenerated = true;
    }

    private void scoreAll(int from, int to) {
        for (int i = from; i < to; i++) {
            scores[i] = score(moves[i]);
        }
    }

    private int score(int move) {
        if (move == tableMove) {
            return TABLE_MOVE;
        }
        int captured = StaticExchange.capturedType(position, move);
        boolean promotion = Move.isPromotion(move);
        if (promotion && Move.promotionType(move) != Piece.QUEEN) {
            return UNDER_PROMOTION + (captured == Piece.NONE ? 0 : StaticExchange.value(captured));
        }
        if (captured != Piece.NONE || promotion) {
            int attacker = Piece.type(position.pieceAt(Move.from(move)));
            int victimValue = captured == Piece.NONE ? 0 : StaticExchange.value(captured);
            // Capture history (within +-16,384, over 32, against 8 a centipawn of victim) moves a capture by up to
            // about 64 cp of victim value.
            int order = 8 * (victimValue + (promotion ? StaticExchange.value(Piece.QUEEN) : 0)) - attacker
                    + (captured == Piece.NONE ? 0
                    : history.captureScore(History.pieceTo(position, move), captured) / CAPTURE_HISTORY_DIVISOR);
            // Taking something worth at least the attacker cannot lose; otherwise ask the exchange.
            boolean good = victimValue >= StaticExchange.value(attacker) || StaticExchange.atLeast(position, move, 0);
            return (good ? GOOD_NOISY : BAD_NOISY) + order;
        }
        if (move == firstKiller) {
            return KILLER + 2;
        }
        if (move == secondKiller) {
            return KILLER + 1;
        }
        if (move == counter) {
            return KILLER;
        }
        return history.quietScore(position.sideToMove(), move, History.pieceTo(position, move), context1, context2,
                threats()) + threatScore(move) + checkScore(move);
    }

    /** The order bonus of a quiet move that gives a direct check (a discovered one is not looked for). */
    private int checkScore(int move) {
        int type = Piece.type(position.pieceAt(Move.from(move)));
        return Bitboards.contains(checkSquares[type], Move.to(move)) ? CHECK : 0;
    }

    /** The order bonus or penalty of a quiet move for the threats it escapes or walks into. */
    private int threatScore(int move) {
        if (!threatsKnown) {
            findThreats();
        }
        long danger;
        int weight;
        switch (Piece.type(position.pieceAt(Move.from(move)))) {
            case Piece.QUEEN:
                danger = byRooks;
                weight = QUEEN_THREAT;
                break;
            case Piece.ROOK:
                danger = byMinors;
                weight = ROOK_THREAT;
                break;
            case Piece.KNIGHT:
            case Piece.BISHOP:
                danger = byPawns;
                weight = MINOR_THREAT;
                break;
            default:
                return 0;
        }
        boolean threatened = Bitboards.contains(danger, Move.from(move));
        boolean intoThreat = Bitboards.contains(danger, Move.to(move));
        return threatened == intoThreat ? 0 : threatened ? weight : -weight;
    }

    /**
     * Every square the opponent attacks: the threat context of the node's butterfly history. Found the first time a
     * quiet move is scored or asked about, so that a node cut off by a capture never pays for it.
     */
    long threats() {
        if (!threatsKnown) {
            findThreats();
        }
        return byAny;
    }

    /**
     * The opponent's attacks by the least valuable attackers, and by all, and the squares that check the opponent's
     * king, once per node that scores a quiet move.
     */
    private void findThreats() {
        int them = position.sideToMove() ^ 1;
        long occupied = position.occupied();
        byPawns = PawnStructure.attacks(them, position.pieces(them, Piece.PAWN));
        byMinors = byPawns | attacksOf(position, them, Piece.KNIGHT, occupied)
                | attacksOf(position, them, Piece.BISHOP, occupied);
        byRooks = byMinors | attacksOf(position, them, Piece.ROOK, occupied);
        byAny = byRooks | attacksOf(position, them, Piece.QUEEN, occupied)
                | attacksOf(position, them, Piece.KING, occupied);
        int king = position.kingSquare(them);
        checkSquares[Piece.PAWN] = Attacks.pawn(them, king);
        checkSquares[Piece.KNIGHT] = Attacks.knight(king);
        checkSquares[Piece.BISHOP] = Attacks.bishop(king, occupied);
        checkSquares[Piece.ROOK] = Attacks.rook(king, occupied);
        checkSquares[Piece.QUEEN] = checkSquares[Piece.BISHOP] | checkSquares[Piece.ROOK];
        threatsKnown = true;
    }

    /** Every square the opponent of the side to move attacks in {@code position}, as {@link #threats} gives it. */
    static long opponentAttacks(Position position) {
        int them = position.sideToMove() ^ 1;
        long occupied = position.occupied();
        long attacks = PawnStructure.attacks(them, position.pieces(them, Piece.PAWN));
        for (int type = Piece.KNIGHT; type <= Piece.KING; type++) {
            attacks |= attacksOf(position, them, type, occupied);
        }
        return attacks;
    }

    /** The squares the pieces of one colour and type (not pawns) attack together. */
    private static long attacksOf(Position position, int color, int type, long occupied) {
        long attacks = 0;
        for (long pieces = position.pieces(color, type); pieces != 0; pieces &= pieces - 1) {
            attacks |= Attacks.of(type, Long.numberOfTrailingZeros(pieces), occupied);
        }
        return attacks;
    }
}
