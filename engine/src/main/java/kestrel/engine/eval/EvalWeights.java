package kestrel.engine.eval;

import static kestrel.engine.eval.TaperedScore.of;

/**
 * The weights of every evaluation term beyond material and piece-square tables, in centipawns as packed
 * midgame/endgame pairs ({@link TaperedScore}). Gathered in one place so they can be tuned together; arrays
 * indexed by "relative rank" count ranks from the owner's side (0 = own back rank, 7 = promotion rank).
 * Nothing here is written after class initialisation.
 */
final class EvalWeights {
    /** Bonus for the side to move: it is a tempo ahead of a static count. */
    static final int TEMPO = of(16, 8);

    // ---- Pawn structure (cached by pawn key) ----
    /** Each pawn with a pawn of its own colour in front of it on its file. */
    static final int DOUBLED_PAWN = of(-8, -22);
    /** Each pawn with no pawn of its own colour on either neighbouring file. */
    static final int ISOLATED_PAWN = of(-9, -13);
    /** Each pawn that no neighbour can come level with and whose next square an enemy pawn guards. */
    static final int BACKWARD_PAWN = of(-8, -7);
    /** Each pawn guarded by a pawn or standing beside one, by relative rank. */
    static final int[] CONNECTED_PAWN = {
        of(0, 0), of(0, 0), of(6, 2), of(8, 4), of(13, 9), of(22, 18), of(38, 30), of(0, 0),
    };

    // ---- Passed pawns (depend on the pieces too, so computed at every evaluation) ----
    /** Each passed pawn by relative rank, on top of the pawn tables (which already favour advanced pawns). */
    static final int[] PASSED_PAWN = {
        of(0, 0), of(2, 6), of(4, 8), of(8, 14), of(18, 28), of(32, 50), of(50, 75), of(0, 0),
    };
    /** Endgame, times the pawn's advance: distance of the enemy king to the square in front of the pawn. */
    static final int PASSED_ENEMY_KING_DISTANCE = 5;
    /** Endgame, times the pawn's advance: distance of the own king to that square (a penalty). */
    static final int PASSED_OWN_KING_DISTANCE = 2;
    /** A king further than this from that square counts as this far: beyond it, it plays no part in the race. */
    static final int PASSED_KING_DISTANCE_CAP = 5;
    /** Endgame, times the pawn's advance: the square in front of the pawn is empty. */
    static final int PASSED_FREE_STOP_SQUARE = 5;
    /** A passed pawn the enemy king cannot catch when the enemy has only pawns left (rule of the square). */
    static final int UNSTOPPABLE_PASSED_PAWN = of(0, 400);

    // ---- Pieces ----
    static final int BISHOP_PAIR = of(26, 55);
    static final int ROOK_OPEN_FILE = of(28, 8);
    static final int ROOK_SEMI_OPEN_FILE = of(12, 6);
    /** A rook on the relative seventh rank while the enemy king is on its back rank or enemy pawns are on it. */
    static final int ROOK_ON_SEVENTH = of(8, 20);
    /** Each piece other than a pawn that an enemy pawn attacks, credited to the attacker. */
    static final int THREAT_BY_PAWN = of(35, 22);

    /**
     * Mobility by the number of squares a piece reaches in its mobility area (squares not held by own pawns or
     * king and not guarded by enemy pawns), indexed [piece type][count]. Concave: the first squares matter most.
     */
    static final int[][] MOBILITY = {
        {},
        {of(-35, -40), of(-22, -26), of(-10, -12), of(-3, -4), of(3, 3), of(8, 9), of(13, 13), of(17, 16),
            of(20, 18)},
        {of(-30, -40), of(-18, -25), of(-8, -12), of(-1, -3), of(5, 4), of(10, 10), of(15, 15), of(19, 19),
            of(22, 23), of(25, 26), of(27, 28), of(29, 30), of(31, 32), of(33, 34)},
        {of(-20, -45), of(-14, -30), of(-9, -16), of(-5, -6), of(-2, 2), of(1, 9), of(4, 15), of(6, 21),
            of(8, 26), of(10, 30), of(12, 34), of(13, 37), of(14, 40), of(15, 42), of(16, 44)},
        {of(-20, -35), of(-15, -27), of(-10, -19), of(-6, -12), of(-3, -6), of(0, -1), of(2, 4), of(4, 8),
            of(6, 12), of(8, 15), of(10, 18), of(11, 21), of(12, 24), of(13, 26), of(14, 28), of(15, 30),
            of(16, 32), of(17, 34), of(18, 35), of(19, 36), of(20, 37), of(21, 38), of(22, 39), of(22, 40),
            of(23, 41), of(23, 42), of(24, 43), of(24, 44)},
        {},
    };

    // ---- King safety (midgame) ----
    /** Per file on and beside the king's: the nearest own pawn in front of the king, one or two ranks ahead. */
    static final int SHIELD_PAWN_NEAR = of(12, 0);
    static final int SHIELD_PAWN_FAR = of(6, 0);
    /** Per file on and beside the king's with no own pawn in front of the king. */
    static final int SHIELD_MISSING = of(-12, 0);
    /** Extra, per such file with no pawn of either colour (open to rooks). */
    static final int KING_OPEN_FILE = of(-14, 0);
    /** Attack weight of each piece type per square of the king zone it attacks. */
    static final int[] KING_ATTACK_WEIGHT = {0, 8, 6, 10, 18, 0};
    /** Percent of the summed attack weight that counts, by number of attacking pieces (a lone attacker is harmless). */
    static final int[] ATTACKER_COUNT_PERCENT = {0, 0, 50, 75, 88, 94, 97, 99};

    private EvalWeights() {
    }
}
