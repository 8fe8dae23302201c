#!/usr/bin/env python3
"""
Times a UCI engine's "go perft" on the positions of `kestrel perft --bench`, inside one engine process so that
start-up is not counted, with one untimed round first. Used to compare Kestrel's perft speed with a reference
engine that implements "go perft" (Stockfish does); see docs/perft.md.

usage: reference-perft-speed.py [ENGINE] [RUNS]     (defaults: /usr/games/stockfish, 5)
"""
import statistics
import subprocess
import sys
import time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/stockfish"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
TARGETS = [
    ("startpos", "position startpos", 6),
    ("kiwipete", "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]

engine = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


def wait_for(prefix):
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit("the engine stopped before printing " + prefix)
        if line.startswith(prefix):
            return line


send("uci")
wait_for("uciok")
speeds = {name: [] for name, _, _ in TARGETS}
for run in range(RUNS + 1):
    for name, position, depth in TARGETS:
        send(position)
        send("isready")
        wait_for("readyok")
        start = time.perf_counter()
        send(f"go perft {depth}")
        nodes = int(wait_for("Nodes searched").split(":")[1])
        seconds = time.perf_counter() - start
        if run > 0:  # the first round warms caches, like the JIT warm-up on the Java side
            speeds[name].append(nodes / seconds / 1e6)
            print(f"{name:9s} depth {depth}  {nodes:13,d} nodes  {seconds:7.3f} s  {nodes / seconds / 1e6:6.1f} Mnps")
send("quit")
print()
for name, values in speeds.items():
    print(f"{name:9s} best {max(values):6.1f} Mnps, median {statistics.median(values):6.1f} Mnps of {len(values)} runs")
