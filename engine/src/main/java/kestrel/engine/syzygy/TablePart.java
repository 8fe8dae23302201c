package kestrel.engine.syzygy;

/**
 * One sub-table of a table file: one side to move and, for tables with pawns, one file of the leading pawn.
 *
 * <p>It holds the order in which the generator lists the pieces ({@link #pieces}, table piece codes: type 1 pawn
 * .. 6 king, plus 8 for Black), the groups of like pieces ({@code groupSize[i]} at the first piece of each group,
 * 0 elsewhere), and the multiplier of each group in the index ({@link #factor}), all derived from the order bytes
 * of the header, and the decoder of its values.
 */
final class TablePart {
    /** Pieces in the table's order, as table piece codes (type 1..6, +8 for Black). */
    final int[] pieces;
    /** Size of the group starting at each index (0 inside a group). */
    final int[] groupSize;
    /** The index multiplier of the group starting at each index. */
    final long[] factor;
    /** Positions this sub-table indexes. */
    final long size;
    PairsDecoder decoder;

    /** A pawnless sub-table: the leading group is three unique pieces or, without three, the two kings. */
    static TablePart withoutPawns(int[] pieces, int order, boolean threeUniqueLeaders) {
        int n = pieces.length;
        int[] groupSize = new int[n];
        groupSize[0] = threeUniqueLeaders ? 3 : 2;
        fillGroups(pieces, groupSize, groupSize[0]);
        long[] factor = new long[n];
        int free = 64 - groupSize[0];
        long f = 1;
        // The groups multiply in file order, the leading group taking its turn at position "order".
        for (int i = groupSize[0], k = 0; i < n || k == order; k++) {
            if (k == order) {
                factor[0] = f;
                f *= threeUniqueLeaders ? TableIndexing.THREE_PIECE_PLACEMENTS : TableIndexing.KING_PAIR_PLACEMENTS;
            } else {
                factor[i] = f;
                f *= TableIndexing.choose(free, groupSize[i]);
                free -= groupSize[i];
                i += groupSize[i];
            }
        }
        return new TablePart(pieces, groupSize, factor, f);
    }

    /**
     * A sub-table with pawns: {@code leadPawns} of one colour lead, then {@code otherPawns} of the other colour
     * (their group's turn is {@code order2}), then the pieces.
     */
    static TablePart withPawns(int[] pieces, int order, int order2, int leadPawns, int otherPawns, int file) {
        int n = pieces.length;
        int[] groupSize = new int[n];
        groupSize[0] = leadPawns;
        if (otherPawns > 0) {
            groupSize[leadPawns] = otherPawns;
        }
        fillGroups(pieces, groupSize, leadPawns + otherPawns);
        long[] factor = new long[n];
        int i = leadPawns + otherPawns;
        int free = 64 - i;
        long f = 1;
        for (int k = 0; i < n || k == order || k == order2; k++) {
            if (k == order) {
                factor[0] = f;
                f *= TableIndexing.PAWN_FACTOR[leadPawns - 1][file];
            } else if (k == order2) {
                factor[leadPawns] = f;
                f *= TableIndexing.choose(48 - leadPawns, otherPawns);
            } else {
                factor[i] = f;
                f *= TableIndexing.choose(free, groupSize[i]);
                free -= groupSize[i];
                i += groupSize[i];
            }
        }
        return new TablePart(pieces, groupSize, factor, f);
    }

    private static void fillGroups(int[] pieces, int[] groupSize, int start) {
        for (int i = start; i < pieces.length; i += groupSize[i]) {
            for (int j = i; j < pieces.length && pieces[j] == pieces[i]; j++) {
                groupSize[i]++;
            }
        }
    }

    private TablePart(int[] pieces, int[] groupSize, long[] factor, long size) {
        this.pieces = pieces;
        this.groupSize = groupSize;
        this.factor = factor;
        this.size = size;
    }
}
