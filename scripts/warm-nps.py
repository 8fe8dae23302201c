#!/usr/bin/env python3
"""The warm search speed of several builds over UCI, for builds whose own `bench` cannot say it.

    scripts/warm-nps.py [--warm-up MS] [--nodes N] [--rounds R] JAR [JAR...]

Each round starts every jar in turn (the order rotated each round) as a UCI engine on one thread with Hash 16, lets
it search the start position for --warm-up milliseconds (default 20,000: the JIT settles), then searches each of the
30 bench positions (read from Bench.java) to --nodes nodes (default 1,000,000), each after `ucinewgame`, and sums the
nodes and milliseconds of each search's last `info` line: that process's warm nodes a second. Older builds' `bench`
times a fresh JVM, compilation included, so their figure cannot be set beside a newer build's settled one; this
measures all builds alike. Prints each run, each jar's median and its ratio to the first jar's. Run it on a machine
otherwise at rest (pause datagen), and give it several rounds: at times one core is slower than the other
(docs/search.md, "Bench").
"""
import argparse
import os
import re
import statistics
import sys

from uci_engine import Engine, last_info

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, 'engine/src/main/java/kestrel/engine/search/Bench.java')
JVM = ['-XX:+UseSerialGC', '-XX:+UseTransparentHugePages', '--add-modules', 'jdk.incubator.vector']


def bench_positions():
    source = open(BENCH).read()
    block = source[source.index('POSITIONS = List.of('):]
    block = block[:block.index(');')]
    return re.findall(r'"([^"]+)"', block)


def search(engine, fen, go):
    """One search from an empty table; the lines it printed, bestmove last."""
    engine.send('ucinewgame')
    engine.send('position fen ' + fen if fen else 'position startpos')
    engine.send('isready')
    engine.wait_for('readyok')
    engine.send(go)
    return engine.wait_for('bestmove')


def one_run(jar, positions, warm_up, nodes):
    engine = Engine(['java'] + JVM + ['-jar', jar])
    try:
        engine.send('uci')
        engine.wait_for('uciok')
        engine.send('setoption name Hash value 16')
        search(engine, None, 'go movetime %d' % warm_up)
        total_nodes = total_ms = 0
        for fen in positions:
            searched, ms = last_info(search(engine, fen, 'go nodes %d' % nodes), 'nodes', 'time')
            total_nodes += searched
            total_ms += ms
        return total_nodes * 1000 // max(1, total_ms)
    finally:
        engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--warm-up', type=int, default=20_000)
    parser.add_argument('--nodes', type=int, default=1_000_000)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('jars', nargs='+')
    args = parser.parse_args()
    positions = bench_positions()
    speeds = {jar: [] for jar in args.jars}
    for round_index in range(args.rounds):
        for k in range(len(args.jars)):
            jar = args.jars[(k + round_index) % len(args.jars)]
            nps = one_run(jar, positions, args.warm_up, args.nodes)
            speeds[jar].append(nps)
            print('%s %d' % (os.path.basename(jar), nps), flush=True)
    base = statistics.median(speeds[args.jars[0]])
    for jar in args.jars:
        median = statistics.median(speeds[jar])
        print('%s median %d nps, %.3f of the first' % (os.path.basename(jar), median, median / base))


if __name__ == '__main__':
    sys.exit(main())
