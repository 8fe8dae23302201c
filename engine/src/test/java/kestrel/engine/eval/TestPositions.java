package kestrel.engine.eval;

import java.util.List;

/** Positions from the standard perft suite (perft/src/test/resources/perft/standard.epd) and a few more. */
final class TestPositions {
    static final List<String> FENS = List.of(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "4k2r/8/8/8/8/8/8/4K3 w k - 0 1",
            "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1",
            "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1",
            "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1",
            "8/8/3K4/3Nn3/3nN3/4k3/8/8 b - - 0 1",
            "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
            "R6r/8/8/2K5/5k2/8/8/r6R b - - 0 1",
            "8/8/8/8/8/7K/7P/7k w - - 0 1",
            "7K/7p/7k/8/8/8/8/8 b - - 0 1",
            "8/3k4/3p4/8/3P4/3K4/8/8 w - - 0 1",
            "8/8/3k4/3p4/8/3P4/3K4/8 b - - 0 1",
            "k7/8/6p1/8/8/7P/8/K7 w - - 0 1",
            "k7/8/8/6p1/7P/8/8/K7 b - - 0 1",
            "7k/8/1p6/8/8/P7/8/7K w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
            "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
            "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
            "r6r/1b2k1bq/8/8/7B/8/8/R3K2R b KQ - 3 2",
            "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "2kr3r/p1ppqpb1/bn2Qnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQ - 3 2");

    private TestPositions() {
    }

    /**
     * The same position seen from the other side: ranks flipped, colours and the side to move swapped, castling
     * rights and the en-passant square mirrored.
     */
    static String mirror(String fen) {
        String[] fields = fen.split(" ");
        String[] ranks = fields[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int i = ranks.length - 1; i >= 0; i--) {
            placement.append(swapCase(ranks[i]));
            if (i > 0) {
                placement.append('/');
            }
        }
        fields[0] = placement.toString();
        fields[1] = fields[1].equals("w") ? "b" : "w";
        fields[2] = fields[2].equals("-") ? "-" : swapCase(fields[2]);
        if (!fields[3].equals("-")) {
            fields[3] = "" + fields[3].charAt(0) + (char) ('1' + '8' - fields[3].charAt(1));
        }
        return String.join(" ", fields);
    }

    private static String swapCase(String text) {
        StringBuilder swapped = new StringBuilder();
        for (char c : text.toCharArray()) {
            swapped.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return swapped.toString();
    }
}
