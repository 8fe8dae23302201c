package kestrel.engine.datagen;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.Piece;
import kestrel.engine.nnue.TrainingRecord;
import kestrel.engine.syzygy.Tablebases;
import kestrel.engine.syzygy.Wdl;
import org.junit.jupiter.api.Test;

class SelfPlayGameTest {
    /** Small searches and short games keep the test fast; the rules of play are the same as at full size. */
    private static final SelfPlaySettings SMALL = new SelfPlaySettings(300, 6, 8, 1_000, 4, 10, 8, 40, 160, 600, 1);
    /** What seed 5's first three games write at {@link #SMALL} ({@link #aSeedsGamesArePinned}). */
    private static final int PINNED_POSITIONS = 221;
    private static final long PINNED_CRC = 2_248_759_077L;
    /** Games from a set position: every ply kept that is quiet, so the position before the trade is a record. */
    private static final SelfPlaySettings FROM_POSITION = new SelfPlaySettings(300, 0, 0, 1_000, 4, 10, 8, 40, 160,
            600, 1);
    /** White's knight forks king and rook (KBN v KR, not in the tables); taking the rook reaches KBN v K. */
    private static final String WHITE_FORKS = "r3k3/8/1B6/1N6/8/8/8/6K1 w - - 0 1";
    /** The same with the colours swapped: Black forks, and the table position has White to move. */
    private static final String BLACK_FORKS = "6k1/8/8/8/1n6/1b6/8/R3K3 b - - 0 1";

    @Test
    void keepsOnlyQuietPositionsAfterTheSkippedPliesAllLabelledWithOneResult() {
        SelfPlayGame game = new SelfPlayGame(SMALL, 7, HANDCRAFTED);
        int games = 0;
        int positions = 0;
        while (games < 6) {
            int count = game.play();
            if (count == 0) {
                continue;
            }
            games++;
            positions += count;
            byte[] records = game.records();
            int result = TrainingRecord.result(records, 0);
            for (int index = 0; index < count; index++) {
                int offset = index * TrainingRecord.BYTES;
                assertEquals(result, TrainingRecord.result(records, offset), "one result for the whole game");
                Position position = Fen.parse(TrainingRecord.toFen(records, offset));
                assertFalse(position.inCheck(), "positions in check are skipped");
                int ply = 2 * (TrainingRecord.fullmoveNumber(records, offset) - 1) + position.sideToMove();
                assertTrue(ply >= SMALL.skipPlies(), "the first plies are skipped: ply " + ply);
                assertTrue(Math.abs(TrainingRecord.whiteScore(records, offset)) < 30_000, "mate scores are skipped");
            }
        }
        assertTrue(positions > 6, "games keep positions");
    }

    /** The game a game file stores replays to the very records datagen wrote. */
    @Test
    void theGameReplaysToItsRecords() {
        SelfPlayGame game = new SelfPlayGame(SMALL, 13, HANDCRAFTED);
        for (int games = 0; games < 4; ) {
            int count = game.play();
            if (count == 0) {
                continue;
            }
            games++;
            assertEquals(count, game.game().records());
            assertTrue(game.game().plies() >= count - 1, "a move between kept positions at least");
            byte[] replayed = new byte[count * TrainingRecord.BYTES];
            assertEquals(count, game.game().writeRecords(replayed, 0));
            assertArrayEquals(Arrays.copyOf(game.records(), count * TrainingRecord.BYTES), replayed);
        }
    }

    @Test
    void theSameSeedPlaysTheSameGames() {
        SelfPlayGame first = new SelfPlayGame(SMALL, 11, HANDCRAFTED);
        SelfPlayGame second = new SelfPlayGame(SMALL, 11, HANDCRAFTED);
        for (int round = 0; round < 2; round++) {
            int count = first.play();
            assertEquals(count, second.play());
            assertArrayEquals(Arrays.copyOf(first.records(), count * TrainingRecord.BYTES),
                    Arrays.copyOf(second.records(), count * TrainingRecord.BYTES));
        }
    }

    /**
     * The records of a seed's first games, pinned: datagen without tables plays exactly the games it always played
     * (a change to this checksum changes the data the same seed makes).
     */
    @Test
    void aSeedsGamesArePinned() {
        SelfPlayGame game = new SelfPlayGame(SMALL, 5, HANDCRAFTED);
        CRC32 checksum = new CRC32();
        int positions = 0;
        for (int games = 0; games < 3; ) {
            int count = game.play();
            if (count == 0) {
                continue;
            }
            games++;
            positions += count;
            checksum.update(game.records(), 0, count * TrainingRecord.BYTES);
        }
        assertEquals(PINNED_POSITIONS + " " + PINNED_CRC, positions + " " + checksum.getValue());
    }

    /** The tables copied into the test resources (docs/data.md names their source). */
    private static Tablebases testTables() throws URISyntaxException {
        Path folder = Path.of(Objects.requireNonNull(SelfPlayGameTest.class.getResource("/syzygy/KQvK.rtbw")).toURI())
                .getParent();
        return Tablebases.open(folder.toString());
    }

    @Test
    void aGameThatTradesIntoTheTablesEndsThereWithTheirResultFromWhitesView() throws URISyntaxException {
        Tablebases tables = testTables();
        assertTableAdjudication(tables, WHITE_FORKS, Piece.BLACK, TrainingRecord.WHITE_WIN);
        assertTableAdjudication(tables, BLACK_FORKS, Piece.WHITE, TrainingRecord.BLACK_WIN);
    }

    private static void assertTableAdjudication(Tablebases tables, String fen, int loserToMove, int whiteResult) {
        SelfPlayGame game = new SelfPlayGame(FROM_POSITION, 3, HANDCRAFTED, tables);
        Position start = Fen.parse(fen);
        assertEquals(Wdl.FAILED, tables.probeWdl(start), "the start is not in the tables");
        int count = game.play(start);

        assertTrue(game.adjudicatedByTables(), fen);
        assertEquals(whiteResult, game.game().result(), fen);
        assertTrue(count >= 1, "the fork is a quiet position before the trade: " + count);
        for (int index = 0; index < count; index++) {
            assertEquals(whiteResult, TrainingRecord.result(game.records(), index * TrainingRecord.BYTES));
            Position kept = Fen.parse(TrainingRecord.toFen(game.records(), index * TrainingRecord.BYTES));
            assertEquals(Wdl.FAILED, tables.probeWdl(kept), "no table position is kept");
        }
        Position end = replay(game);
        assertEquals(loserToMove, end.sideToMove(), "the side without its rook is to move");
        assertEquals(Wdl.LOSS, tables.probeWdl(end), "the game ends on the first table position");
        assertTrue(game.game().plies() <= 6, "the trade comes at once: " + game.game().plies() + " plies");
    }

    @Test
    void withoutTablesTheSameGamePlaysOn() throws URISyntaxException {
        SelfPlayGame withTables = new SelfPlayGame(FROM_POSITION, 3, HANDCRAFTED, testTables());
        withTables.play(Fen.parse(WHITE_FORKS));
        SelfPlayGame without = new SelfPlayGame(FROM_POSITION, 3, HANDCRAFTED);
        without.play(Fen.parse(WHITE_FORKS));

        assertFalse(without.adjudicatedByTables());
        assertTrue(without.game().plies() > withTables.game().plies(), "plies without tables: "
                + without.game().plies() + ", with: " + withTables.game().plies());
        assertNotEquals(Wdl.FAILED, testTables().probeWdl(positionAfter(without, withTables.game().plies())),
                "it passed the position the tables would have ended it on");
    }

    private static Position replay(SelfPlayGame game) {
        return positionAfter(game, game.game().plies());
    }

    private static Position positionAfter(SelfPlayGame game, int plies) {
        Position position = new Position(game.game().start());
        for (int ply = 0; ply < plies; ply++) {
            position.makeMove(game.game().move(ply));
        }
        return position;
    }
}
