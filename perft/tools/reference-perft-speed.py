#!/usr/bin/env python3
"""
Times a UCI engine's "go perft" on the positions of `kestrel perft --bench`; see docs/perft.md.

    reference-perft-speed.py [ENGINE] [RUNS]                      warm: one engine process
    reference-perft-speed.py --fresh [--kestrel CMD] [ENGINE] [RUNS]  fresh: a new process for every count

Warm (the default) sends every count to one engine process, start-up excluded, with one untimed round first, like
`kestrel perft --bench`. Fresh measures what a user meets: for every count a new ENGINE process answers `uci` and
`isready`, then `go perft N` is timed to its `Nodes searched` line; with --kestrel, each such count is paired with a
new `CMD perft --depth N --fen FEN` process, whose own reported time (the count, without the JVM's start) is read
from its stderr. Both also get the whole process's wall time, start-up included. Defaults: /usr/games/stockfish,
5 runs.
"""
import argparse
import re
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

# The UCI child process shared with the measuring scripts.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from uci_engine import Engine  # noqa: E402

TARGETS = [
    ("startpos", None, 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]


def position_command(fen):
    return "position startpos" if fen is None else "position fen " + fen


class UciEngine(Engine):
    """The shared UCI child process (scripts/uci_engine.py) with a timed `go perft`."""

    def timed_perft(self, fen, depth):
        """Nodes and seconds of one `go perft`, timed from the command to the total."""
        self.send(position_command(fen))
        self.send("isready")
        self.wait_for("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        nodes = int(self.wait_for("Nodes searched")[-1].split(":")[1])
        return nodes, time.perf_counter() - start


def warm(engine_command, runs):
    engine = UciEngine(engine_command)
    engine.send("uci")
    engine.wait_for("uciok")
    speeds = {name: [] for name, _, _ in TARGETS}
    for run in range(runs + 1):
        for name, fen, depth in TARGETS:
            nodes, seconds = engine.timed_perft(fen, depth)
            if run > 0:  # the first round warms caches, like the JIT warm-up on the Java side
                speeds[name].append(nodes / seconds / 1e6)
                print(f"{name:9s} depth {depth}  {nodes:13,d} nodes  {seconds:7.3f} s  {nodes / seconds / 1e6:6.1f} Mnps")
    engine.close()
    print()
    for name, values in speeds.items():
        print(f"{name:9s} best {max(values):6.1f} Mnps, median {statistics.median(values):6.1f} Mnps of {len(values)} runs")


def fresh_uci(engine_command, fen, depth):
    """A new process's first count: (nodes, seconds of the count, seconds of the whole process)."""
    start = time.perf_counter()
    engine = UciEngine(engine_command)
    engine.send("uci")
    engine.wait_for("uciok")
    nodes, seconds = engine.timed_perft(fen, depth)
    engine.close()
    return nodes, seconds, time.perf_counter() - start


def fresh_kestrel(kestrel_command, fen, depth):
    """A new `kestrel perft` process: (nodes, its reported seconds, seconds of the whole process)."""
    command = kestrel_command + ["perft", "--depth", str(depth)] + ([] if fen is None else ["--fen", fen])
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    nodes = re.search(r"Nodes searched: (\d+)", done.stdout)
    seconds = re.search(r"Time: ([\d.]+) s", done.stderr)
    if done.returncode != 0 or not nodes or not seconds:
        sys.exit(f"{shlex.join(command)} failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    return int(nodes.group(1)), float(seconds.group(1)), wall


def fresh(engine_command, kestrel_command, runs):
    names = ["reference"] + (["kestrel"] if kestrel_command else [])
    speeds = {(name, target): [] for name in names for target, _, _ in TARGETS}
    walls = {(name, target): [] for name in names for target, _, _ in TARGETS}
    for _ in range(runs):
        for target, fen, depth in TARGETS:
            results = [("reference", fresh_uci(engine_command, fen, depth))]
            if kestrel_command:
                results.append(("kestrel", fresh_kestrel(kestrel_command, fen, depth)))
            for name, (nodes, seconds, wall) in results:
                speeds[(name, target)].append(nodes / seconds / 1e6)
                walls[(name, target)].append(wall)
                print(f"{name:9s} {target:9s} depth {depth}  {nodes:13,d} nodes  count {seconds:6.3f} s "
                      f"{nodes / seconds / 1e6:6.1f} Mnps  whole process {wall:6.3f} s")
    print()
    for target, _, _ in TARGETS:
        for name in names:
            values = speeds[(name, target)]
            print(f"{name:9s} {target:9s} best {max(values):6.1f} Mnps, median {statistics.median(values):6.1f} Mnps, "
                  f"whole process median {statistics.median(walls[(name, target)]):6.3f} s ({len(values)} fresh runs)")
        if kestrel_command:
            ratio = statistics.median(speeds[("kestrel", target)]) / statistics.median(speeds[("reference", target)])
            print(f"{'':9s} {target:9s} kestrel / reference, medians: {ratio:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", nargs="?", default="/usr/games/stockfish", help="the reference UCI engine")
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("--fresh", action="store_true", help="a new process for every count")
    parser.add_argument("--kestrel", help="with --fresh: also time this Kestrel command's `perft`, e.g. ./kestrel")
    args = parser.parse_args()
    if args.kestrel and not args.fresh:
        parser.error("--kestrel needs --fresh (warm Kestrel figures come from `kestrel perft --bench`)")
    engine_command = shlex.split(args.engine)
    if args.fresh:
        fresh(engine_command, shlex.split(args.kestrel) if args.kestrel else None, args.runs)
    else:
        warm(engine_command, args.runs)


if __name__ == "__main__":
    main()
