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

    /**
     * A pawnless sub-table: the leading group is three unique pieces or, without three, the two kings. An order that
     * names no place among the groups fails.
     */
    static TablePart withoutPawns(int[] pieces, int order, boolean threeUniqueLeaders) throws TableFormatException {
        int n = pieces.length;
        int[] groupSize = new int[n];
        groupSize[0] = threeUniqueLeaders ? 3 : 2;
        int places = fillGroups(pieces, groupSize, groupSize[0]) + 1;
        checkPlace("leading pieces", order, places);
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
    static TablePart withPawns(int[] pieces, int order, int order2, int leadPawns, int otherPawns, int file)
            throws TableFormatException {
        int n = pieces.length;
        int[] groupSize = new int[n];
        groupSize[0] = leadPawns;
        if (otherPawns > 0) {
            groupSize[leadPawns] = otherPawns;
        }
        int places = fillGroups(pieces, groupSize, leadPawns + otherPawns) + (otherPawns > 0 ? 2 : 1);
        checkPlace("leading pawns", order, places);
        if (otherPawns > 0) {
            checkPlace("other pawns", order2, places);
            if (order2 == order) {
                throw new TableFormatException("both pawn groups take place " + order + " in the index");
            }
        }
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

    /** Sizes the groups of like pieces from {@code start} on; returns how many there are. */
    private static int fillGroups(int[] pieces, int[] groupSize, int start) {
        int groups = 0;
        for (int i = start; i < pieces.length; i += groupSize[i]) {
            for (int j = i; j < pieces.length && pieces[j] == pieces[i]; j++) {
                groupSize[i]++;
            }
            groups++;
        }
        return groups;
    }

    /** The header's order nibble puts a group at one of {@code places} places in the index, or the file is broken. */
    private static void checkPlace(String group, int order, int places) throws TableFormatException {
        if (order >= places) {
            throw new TableFormatException("the " + group + " are put at place " + order + " of " + places
                    + " in the index");
        }
    }

    private TablePart(int[] pieces, int[] groupSize, long[] factor, long size) {
        this.pieces = pieces;
        this.groupSize = groupSize;
        this.factor = factor;
        this.size = size;
    }
}
