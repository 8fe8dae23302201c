package kestrel.engine.datagen;

import static kestrel.engine.eval.Evaluation.HANDCRAFTED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.zip.CRC32;
import kestrel.engine.Fen;
import kestrel.engine.Position;
import kestrel.engine.nnue.TrainingRecord;
import org.junit.jupiter.api.Test;

class SelfPlayGameTest {
    /** Small searches and short games keep the test fast; the rules of play are the same as at full size. */
    private static final SelfPlaySettings SMALL = new SelfPlaySettings(300, 6, 8, 1_000, 4, 10, 8, 40, 160, 600, 1);

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

    private static final int PINNED_POSITIONS = 255;
    private static final long PINNED_CRC = 3_029_465_544L;
}
