package kestrel.perft.bench;

import java.util.Map;

/** The positions the micro-benchmarks run on, by short name (CPW "Perft Results" positions 1 to 4). */
final class BenchmarkPositions {
    static final Map<String, String> FENS = Map.of(
            "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "promotions", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");

    private BenchmarkPositions() {
    }
}
