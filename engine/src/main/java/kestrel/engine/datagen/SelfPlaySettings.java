package kestrel.engine.datagen;

/**
 * How self-play games for training data are played and which of their positions are kept.
 *
 * @param nodes          nodes searched for each move (a soft limit: the search stops at its next check)
 * @param randomPlies    uniformly random legal plies played from the start position before the search takes over
 * @param skipPlies      positions before this ply of the game are not written
 * @param resignScore    a game is adjudicated won once the score from White's view stays beyond this ...
 * @param resignPlies    ... for this many consecutive plies
 * @param drawScore      a game is adjudicated drawn once the score stays within +-drawScore ...
 * @param drawPlies      ... for this many consecutive plies ...
 * @param drawFromPly    ... from this ply on
 * @param maxPlies       a game still running at this ply is scored a draw
 * @param openingLimit   a start whose first search scores beyond this (either way) is thrown away
 * @param hashMegabytes  the transposition table of each game-playing thread: 1 MB (131,072 entries) is ample for
 *                       searches of a few thousand nodes and keeps the table in the processor's caches, which made
 *                       datagen about 8 % faster than 8 MB (docs/nnue.md, "Data generation")
 */
public record SelfPlaySettings(long nodes, int randomPlies, int skipPlies, int resignScore, int resignPlies,
        int drawScore, int drawPlies, int drawFromPly, int maxPlies, int openingLimit, int hashMegabytes) {
    /** The table size of {@link #defaults()}. */
    public static final int DEFAULT_HASH_MEGABYTES = 1;

    public static SelfPlaySettings defaults() {
        return new SelfPlaySettings(5_000, 8, 8, 1_500, 6, 10, 12, 80, 400, 600, DEFAULT_HASH_MEGABYTES);
    }

    public SelfPlaySettings withNodes(long count) {
        return new SelfPlaySettings(count, randomPlies, skipPlies, resignScore, resignPlies, drawScore, drawPlies,
                drawFromPly, maxPlies, openingLimit, hashMegabytes);
    }

    public SelfPlaySettings withRandomPlies(int plies) {
        return new SelfPlaySettings(nodes, plies, skipPlies, resignScore, resignPlies, drawScore, drawPlies,
                drawFromPly, maxPlies, openingLimit, hashMegabytes);
    }

    public SelfPlaySettings withHashMegabytes(int megabytes) {
        return new SelfPlaySettings(nodes, randomPlies, skipPlies, resignScore, resignPlies, drawScore, drawPlies,
                drawFromPly, maxPlies, openingLimit, megabytes);
    }
}
