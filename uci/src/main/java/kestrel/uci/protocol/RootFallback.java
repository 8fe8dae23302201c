package kestrel.uci.protocol;

import kestrel.engine.Move;
import kestrel.engine.MoveGenerator;
import kestrel.engine.Piece;
import kestrel.engine.Position;
import kestrel.engine.search.StaticExchange;
import kestrel.engine.search.TranspositionTable;

/**
 * The move for a search that failed before it completed an iteration: the root move the search puts first, as far
 * as that is known outside it. The hash table's move for the position if it is legal; else the capture that loses
 * no material with the most valuable victim, then the least valuable attacker (the search's next moves in order);
 * else the first legal move. Only used after a failure, so it may allocate.
 *
 * @param move   the move, {@link Move#NONE} when there is no legal move
 * @param reason where it comes from, for the {@code info string}
 */
record RootFallback(int move, String reason) {

    static RootFallback choose(Position position, TranspositionTable table) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.legalMoves(position, moves, 0);
        if (count == 0) {
            return new RootFallback(Move.NONE, "no legal move");
        }
        long entry = table.isAllocated() ? table.probe(position.key()) : 0;
        int tableMove = entry != 0 ? TranspositionTable.move(entry) : Move.NONE;
        for (int i = 0; i < count; i++) {
            if (moves[i] == tableMove) {
                return new RootFallback(tableMove, "the hash table's move");
            }
        }
        int bestCapture = Move.NONE;
        int bestOrder = Integer.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            int victim = StaticExchange.capturedType(position, move);
            if (victim == Piece.NONE || !StaticExchange.atLeast(position, move, 0)) {
                continue;
            }
            int attacker = Piece.type(position.pieceAt(Move.from(move)));
            int order = StaticExchange.value(victim) * 16 - attacker;
            if (order > bestOrder) {
                bestOrder = order;
                bestCapture = move;
            }
        }
        if (bestCapture != Move.NONE) {
            return new RootFallback(bestCapture, "the best capture");
        }
        return new RootFallback(moves[0], "the first legal move");
    }
}
