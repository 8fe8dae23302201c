package kestrel.engine.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import kestrel.engine.Fen;
import kestrel.engine.Move;
import kestrel.engine.Position;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prober on the tables copied into the test resources (KQvK, KRvK, KPvK, KBvK, KNvK, KRvKR, KPvKP, KQvKR with
 * WDL and DTZ, KBNvK with WDL only; see docs/data.md), against answers of fathom, an independent prober.
 */
class TablebasesTest {
    private static Path folder;
    private static Tablebases tables;

    @BeforeAll
    static void open() throws URISyntaxException {
        folder = Path.of(Objects.requireNonNull(TablebasesTest.class.getResource("/syzygy/KQvK.rtbw")).toURI())
                .getParent();
        tables = Tablebases.open(folder.toString());
    }

    private static int wdl(String fen) {
        return tables.probeWdl(Fen.parse(fen));
    }

    private static int dtz(String fen) {
        return tables.probeDtz(Fen.parse(fen));
    }

    @Test
    void opensEveryCopiedTable() {
        assertEquals(List.of(), tables.problems());
        assertEquals(9, tables.wdlTableCount());
        assertEquals(8, tables.dtzTableCount());
        assertEquals(4, tables.maxPieces());
    }

    @Test
    void queenWinsInFifteenPlies() {
        assertEquals(Wdl.WIN, wdl("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1"));
        assertEquals(15, dtz("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1"));
    }

    @Test
    void colorsSwappedGiveTheSameAnswer() {
        // The position above with colours and ranks swapped: found in KQvK through the swapped material key.
        assertEquals(Wdl.WIN, wdl("4kq2/8/8/8/4K3/8/8/8 b - - 0 1"));
        assertEquals(15, dtz("4kq2/8/8/8/4K3/8/8/8 b - - 0 1"));
    }

    @Test
    void bishopAndKnightWinForEitherSideToMove() {
        assertEquals(Wdl.WIN, wdl("8/8/8/8/8/4k3/8/KBN5 w - - 0 1"));
        assertEquals(Wdl.LOSS, wdl("8/8/8/8/8/4k3/8/KBN5 b - - 0 1"));
    }

    @Test
    void dtzFailsWithoutItsTable() {
        assertEquals(Wdl.FAILED, dtz("8/8/8/8/8/4k3/8/KBN5 w - - 0 1"));
    }

    @Test
    void pawnEndingDependsOnTheSideToMove() {
        assertEquals(Wdl.DRAW, wdl("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"));
        assertEquals(0, dtz("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"));
        assertEquals(Wdl.WIN, wdl("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    }

    @Test
    void stalemateIsADraw() {
        assertEquals(Wdl.DRAW, wdl("8/8/8/8/8/2k5/2p5/2K5 w - - 0 1"));
        assertEquals(0, dtz("8/8/8/8/8/2k5/2p5/2K5 w - - 0 1"));
    }

    @Test
    void checkmatedSideHasLost() {
        assertEquals(Wdl.LOSS, wdl("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
        assertEquals(-1, dtz("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
    }

    @Test
    void captureResolvesThroughTheSmallerTable() {
        // Rxc1 leaves KRvK: won, and the capture zeroes the counter at once.
        assertEquals(Wdl.WIN, wdl("8/8/8/8/8/2k5/8/K1r4R w - - 0 1"));
        assertEquals(1, dtz("8/8/8/8/8/2k5/8/K1r4R w - - 0 1"));
    }

    @Test
    void enPassantCaptureChangesTheResult() {
        // exd3 e.p. wins for Black; without the right the position is a draw.
        assertEquals(Wdl.WIN, wdl("8/5K2/8/8/3Pp3/8/8/4k3 b - d3 0 1"));
        assertEquals(Wdl.DRAW, wdl("8/5K2/8/8/3Pp3/8/8/4k3 b - - 0 1"));
        // bxc6 e.p. saves White, who loses otherwise.
        assertEquals(Wdl.DRAW, wdl("1k6/8/8/1Pp5/8/8/7K/8 w - c6 0 1"));
        assertEquals(Wdl.LOSS, wdl("1k6/8/8/1Pp5/8/8/7K/8 w - - 0 1"));
    }

    @Test
    void pawnOnEveryFile() {
        // fathom: files a-f draw for both sides to move, g wins with White to move, h wins or loses.
        String[] pawns = {"P7", "1P6", "2P5", "3P4", "4P3", "5P2", "6P1", "7P"};
        int[] whiteToMove = {0, 0, 0, 0, 0, 0, 2, 2};
        int[] blackToMove = {0, 0, 0, 0, 0, 0, 0, -2};
        int[] blackDtz = {0, 0, 0, 0, 0, 0, 0, -2};
        for (int file = 0; file < 8; file++) {
            String placement = "2k5/8/8/" + pawns[file] + "/8/8/8/4K3";
            assertEquals(whiteToMove[file], wdl(placement + " w - - 0 1"), placement);
            assertEquals(blackToMove[file], wdl(placement + " b - - 0 1"), placement);
            assertEquals(blackDtz[file], dtz(placement + " b - - 0 1"), placement);
        }
    }

    @Test
    void everyAnswerOfFathomAgrees() throws IOException {
        List<String[]> answers = fathomAnswers();
        assertTrue(answers.size() > 250);
        for (String[] answer : answers) {
            Position position = Fen.parse(answer[1]);
            assertEquals(Integer.parseInt(answer[2]), tables.probeWdl(position), "WDL of " + answer[1]);
            assertEquals(Integer.parseInt(answer[3]), tables.probeDtz(position), "DTZ of " + answer[1]);
        }
    }

    @Test
    void tinyMapPiecesGiveTheSameAnswers() throws IOException {
        Tablebases tiny = Tablebases.open(folder.toString(), 6);
        assertTrue(tiny.entry(Material.parse("KPvKP")).wdl.mapPieces() > 1000, "64-byte pieces");
        for (String[] answer : fathomAnswers()) {
            Position position = Fen.parse(answer[1]);
            assertEquals(Integer.parseInt(answer[2]), tiny.probeWdl(position), "WDL of " + answer[1]);
            assertEquals(Integer.parseInt(answer[3]), tiny.probeDtz(position), "DTZ of " + answer[1]);
        }
    }

    @Test
    void probingLeavesThePositionAsItWas() {
        Position position = Fen.parse("8/5K2/8/8/3Pp3/8/8/4k3 b - d3 0 1");
        long key = position.key();
        tables.probeDtz(position);
        tables.rankRootMoves(position, true);
        assertEquals(key, position.key());
        assertEquals("8/5K2/8/8/3Pp3/8/8/4k3 b - d3 0 1", Fen.toFen(position));
        assertTrue(position.isConsistent());
    }

    @Test
    void castlingRightsAndTooManyPiecesFail() {
        assertEquals(Wdl.FAILED, wdl("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"));
        assertEquals(Wdl.FAILED, wdl("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"));
        assertNull(tables.rankRootMoves(Fen.parse("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"), true));
    }

    @Test
    void missingMaterialFails() {
        // KQvKQ is not among the copied tables.
        assertEquals(Wdl.FAILED, wdl("4k3/8/8/8/8/8/8/QK5q w - - 0 1"));
    }

    @Test
    void missingFolderAndBrokenFileAreReportedNotThrown(@TempDir Path broken) throws IOException {
        Files.write(broken.resolve("KQvK.rtbw"), new byte[100]);
        Tablebases opened = Tablebases.open(broken + File.pathSeparator + "/no/such/folder" + File.pathSeparator
                + folder);
        assertEquals(2, opened.problems().size(), opened.problems().toString());
        assertTrue(opened.problems().get(0).contains("/no/such/folder"), opened.problems().toString());
        assertTrue(opened.problems().get(1).contains("KQvK.rtbw"), opened.problems().toString());
        // The broken KQvK of the first folder gives way to the good one of a later folder.
        assertEquals(9, opened.wdlTableCount());
        assertEquals(Wdl.WIN, opened.probeWdl(Fen.parse("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1")));
        assertEquals(15, opened.probeDtz(Fen.parse("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1")));
    }

    @Test
    void emptyPathOpensNothing() {
        assertEquals(0, Tablebases.open("").maxPieces());
        assertEquals(0, Tablebases.open("<empty>").wdlTableCount());
        assertEquals(Wdl.FAILED, Tablebases.EMPTY.probeWdl(Fen.parse("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1")));
    }

    @Test
    void rootRankingKeepsOnlyWinningMoves() {
        RootMoveRanking ranking = tables.rankRootMoves(Fen.parse("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1"), true);
        assertNotNull(ranking);
        assertEquals(20, ranking.count());
        List<String> dropped = new ArrayList<>();
        for (int i = 0; i < ranking.count(); i++) {
            if (ranking.keeps(i)) {
                assertEquals(Wdl.WIN, ranking.wdl(i));
                assertTrue(ranking.dtz(i) > 0);
            } else {
                dropped.add(Move.toUci(ranking.move(i)));
                assertEquals(Wdl.DRAW, ranking.wdl(i));
            }
        }
        dropped.sort(null);
        assertEquals(List.of("f1f4", "f1f5", "f1f6"), dropped);
        assertEquals(Wdl.WIN, ranking.bestWdl());
    }

    @Test
    void rootRankingCountsTheFiftyMoveRule() {
        // DTZ 15 with the clock at 90: no move wins within the rule, so the fastest ones are kept.
        String fen = "8/8/8/4k3/8/8/8/4KQ2 w - - 90 1";
        RootMoveRanking ranking = tables.rankRootMoves(Fen.parse(fen), true);
        assertNotNull(ranking);
        int fastest = Integer.MAX_VALUE;
        for (int i = 0; i < ranking.count(); i++) {
            if (ranking.dtz(i) > 0) {
                fastest = Math.min(fastest, ranking.dtz(i));
            }
        }
        for (int i = 0; i < ranking.count(); i++) {
            assertEquals(ranking.dtz(i) == fastest, ranking.keeps(i), Move.toUci(ranking.move(i)));
        }
        assertEquals(Wdl.CURSED_WIN, ranking.bestWdl());
        assertEquals(Wdl.WIN, tables.rankRootMoves(Fen.parse(fen), false).bestWdl());
    }

    @Test
    void rootRankingGivesAMateDtzOne() {
        // Qb8 mates.
        RootMoveRanking ranking = tables.rankRootMoves(Fen.parse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1"), true);
        assertNotNull(ranking);
        boolean found = false;
        for (int i = 0; i < ranking.count(); i++) {
            if (Move.toUci(ranking.move(i)).equals("b1b8")) {
                assertEquals(1, ranking.dtz(i));
                found = true;
            }
        }
        assertTrue(found);
    }

    @Test
    void wdlProbesAllocateNothing() {
        TablebaseProber prober = tables.newProber();
        Position position = Fen.parse("8/5K2/8/8/3Pp3/8/8/4k3 b - d3 0 1");
        for (int i = 0; i < 20_000; i++) {
            prober.probeWdl(position);
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        int sum = 0;
        for (int i = 0; i < 10_000; i++) {
            sum += prober.probeWdl(position);
        }
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertEquals(20_000, sum);
        assertTrue(allocated < 10_000, allocated + " bytes for 10,000 probes");
    }

    private static List<String[]> fathomAnswers() throws IOException {
        List<String[]> answers = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve("fathom-answers.tsv"))) {
            if (!line.startsWith("#")) {
                answers.add(line.split("\t"));
            }
        }
        return answers;
    }
}
