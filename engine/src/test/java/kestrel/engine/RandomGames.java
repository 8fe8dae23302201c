package kestrel.engine;

import java.util.SplittableRandom;

/**
 * Seeded random legal games for tests: the same seed plays the same games. When castling, en passant or a
 * promotion is available it is chosen half of the time, so that a few thousand games exercise every kind of move;
 * the {@link Tally} lets a test prove that they were.
 */
final class RandomGames {
    /** Called on the live position before a game, after each of its moves, then after each move is taken back. */
    interface Observer {
        default void atStart(Position position) {
        }

        default void afterMake(Position position, int move) {
        }

        default void afterUnmake(Position position) {
        }
    }

    /** How many moves of each kind the games played. */
    static final class Tally {
        int games;
        int moves;
        int captures;
        int enPassant;
        int promotions;
        int underPromotions;
        int kingSideCastles;
        int queenSideCastles;
        int checks;

        void add(Tally other) {
            games += other.games;
            moves += other.moves;
            captures += other.captures;
            enPassant += other.enPassant;
            promotions += other.promotions;
            underPromotions += other.underPromotions;
            kingSideCastles += other.kingSideCastles;
            queenSideCastles += other.queenSideCastles;
            checks += other.checks;
        }

        @Override
        public String toString() {
            return games + " games, " + moves + " moves: " + captures + " captures, " + enPassant + " e.p., "
                    + promotions + " promotions (" + underPromotions + " under), " + kingSideCastles + " O-O, "
                    + queenSideCastles + " O-O-O, " + checks + " checks";
        }
    }

    private RandomGames() {
    }

    /**
     * Plays {@code games} games of at most {@code maxPlies} plies from {@code fen}, each to its end or its ply limit,
     * then takes every move back; the observer sees each step.
     */
    static Tally play(String fen, int games, int maxPlies, long seed, Observer observer) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] special = new int[MoveGenerator.MAX_MOVES];
        Tally tally = new Tally();
        for (int game = 0; game < games; game++) {
            Position position = Fen.parse(fen);
            tally.games++;
            observer.atStart(position);
            for (int ply = 0; ply < maxPlies; ply++) {
                int count = MoveGenerator.legalMoves(position, moves, 0);
                if (count == 0) {
                    break;
                }
                int move = choose(moves, count, special, random);
                record(tally, position, move);
                position.makeMove(move);
                if (position.inCheck()) {
                    tally.checks++;
                }
                observer.afterMake(position, move);
            }
            while (position.ply() > 0) {
                position.unmakeMove();
                observer.afterUnmake(position);
            }
        }
        return tally;
    }

    private static int choose(int[] moves, int count, int[] special, SplittableRandom random) {
        int specialCount = 0;
        for (int i = 0; i < count; i++) {
            if (Move.kind(moves[i]) != Move.NORMAL) {
                special[specialCount++] = moves[i];
            }
        }
        if (specialCount > 0 && random.nextBoolean()) {
            return special[random.nextInt(specialCount)];
        }
        return moves[random.nextInt(count)];
    }

    private static void record(Tally tally, Position position, int move) {
        tally.moves++;
        switch (Move.kind(move)) {
            case Move.CASTLING:
                if (Move.to(move) > Move.from(move)) {
                    tally.kingSideCastles++;
                } else {
                    tally.queenSideCastles++;
                }
                return;
            case Move.EN_PASSANT:
                tally.enPassant++;
                tally.captures++;
                return;
            case Move.PROMOTION:
                tally.promotions++;
                if (Move.promotionType(move) != Piece.QUEEN) {
                    tally.underPromotions++;
                }
                break;
            default:
                break;
        }
        if (position.pieceAt(Move.to(move)) != Piece.NONE) {
            tally.captures++;
        }
    }
}
