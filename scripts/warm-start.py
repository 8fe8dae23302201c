#!/usr/bin/env python3
"""How fast a fresh engine process searches its first moves, against the same process once the JIT has settled.

    scripts/warm-start.py [--cpus LIST] [--searches N] [--movetime MS] [--runs R] [-- command...]

Each run starts the command (default: ./kestrel in the repository; build it first), sends `uci`, `isready`,
`ucinewgame`, `position`, then `go movetime MS` (default 1000) N times (default 20), each after `ucinewgame`, so that
every search starts from an empty table in the same position. It reports, per run:

  uciok, readyok   milliseconds from starting the process to reading each answer
  first            the nodes of the first search
  warm             the median nodes of the last quarter of the searches (the settled speed)
  first/warm       the ratio the issue of the first move is about
  to 90 %          seconds of searching (whole searches, counted from the first `go`) until a search reached 90 % of
                   warm, or '>' when none did

--cpus runs the command under `taskset -c LIST` (one core: `--cpus 1`). With several runs the medians follow. The
position is a quiet middlegame; the engine's own first `go` is what a GUI's first move meets.
"""
import argparse
import os
import statistics
import sys

from uci_engine import Engine, last_info

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSITION = 'position fen r2q1rk1/pp2bppp/2n1pn2/2pp4/3P1B2/2P1PN2/PP1NBPPP/R2Q1RK1 w - - 0 9'


def one_run(command, searches, movetime):
    engine = Engine(command)
    try:
        engine.send('uci')
        engine.wait_for('uciok')
        uciok = engine.elapsed_ms()
        engine.send('isready')
        engine.wait_for('readyok')
        readyok = engine.elapsed_ms()
        counts = []
        for _ in range(searches):
            engine.send('ucinewgame')
            engine.send(POSITION)
            engine.send('go movetime %d' % movetime)
            counts.append(last_info(engine.wait_for('bestmove'), 'nodes')[0])
        warm = statistics.median(counts[-max(1, searches // 4):])
        to90 = None
        for i, count in enumerate(counts):
            if count >= 0.9 * warm:
                to90 = (i + 1) * movetime / 1000
                break
        return dict(uciok=uciok, readyok=readyok, first=counts[0], warm=warm, ratio=counts[0] / warm, to90=to90,
                    counts=counts)
    finally:
        engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--cpus', help='taskset -c LIST')
    parser.add_argument('--searches', type=int, default=20)
    parser.add_argument('--movetime', type=int, default=1000)
    parser.add_argument('--runs', type=int, default=1)
    parser.add_argument('command', nargs='*')
    args = parser.parse_args()
    command = args.command or [os.path.join(ROOT, 'kestrel')]
    if args.cpus:
        command = ['taskset', '-c', args.cpus] + command
    print('command: ' + ' '.join(command))
    results = []
    for run in range(args.runs):
        r = one_run(command, args.searches, args.movetime)
        results.append(r)
        print('run %d: uciok %4.0f ms  readyok %5.0f ms  first %8d  warm %8.0f  first/warm %.2f  to 90 %% %s  (%s)'
              % (run + 1, r['uciok'], r['readyok'], r['first'], r['warm'], r['ratio'],
                 '%.0f s' % r['to90'] if r['to90'] else '>',
                 ' '.join(str(c // 1000) + 'k' for c in r['counts'])), flush=True)
    if args.runs > 1:
        def med(key):
            return statistics.median(r[key] for r in results)
        print('median: uciok %.0f ms  readyok %.0f ms  first %.0f  warm %.0f  first/warm %.2f'
              % (med('uciok'), med('readyok'), med('first'), med('warm'), med('ratio')))


if __name__ == '__main__':
    sys.exit(main())
