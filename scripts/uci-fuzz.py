#!/usr/bin/env python3
"""A hostile UCI session: random commands, good and bad, sent to a running engine, with the engine's answers checked.

    scripts/uci-fuzz.py [--seeds A-B] [--steps N] [--syzygy DIR] [-- command...]

Each seed starts the command (default: ./kestrel in the repository; build it first) and sends N steps (default 250)
drawn from that seed: options with good, out-of-range and nonsense values (a missing table folder, a file for a
network, a Hash of 0), positions from good and broken FENs and move lists (illegal moves, moves before `startpos`,
a mated side, too many kings), searches of every kind (depth, nodes, movetime, a clock of 1 ms or -5 ms, infinite
then stop, ponder then ponderhit or stop), garbage lines (empty, 5,000 characters, control characters, `go` with
a number missing), and storms: commands sent while a search runs (new positions, option changes, `ucinewgame`,
another `go`), then `stop`. It fails a seed, printing the last 40 lines of the session, when:

  - a line on stdout is not UCI (`id`, `uciok`, `readyok`, `bestmove`, `info`, `option`, or `go perft`'s lines),
  - an answer says "internal error" or names an exception (bad input deserves a message the user can act on),
  - `isready` is not answered within 60 s, or a `go` has no `bestmove` (each `go` exactly one),
  - the engine exits before `quit`, does not exit after it, or exits with a code other than 0.

Exceptions logged on stderr are reported too. Default seeds 1-8; about ten seconds a seed on an idle core.
"""
import argparse
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROTOCOL = ('id ', 'uciok', 'readyok', 'bestmove', 'info', 'option ')
PERFT_LINE = re.compile(r'^([a-h][1-8][a-h][1-8][qrbn]?: \d+|Nodes searched: \d+)$')
FENS = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    '4k3/8/8/8/8/8/8/4K2R w K - 0 1',
    '8/8/8/8/8/5k2/8/5K2 w - - 0 1',
    '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1',  # stalemate
    '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1',  # mated
    '8/8/8/8/8/8/8/K6k w - - 99 200',
    '1k6/8/8/8/8/8/8/K7 w - - 100 300',
    'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4',  # mate in one
    '3k4/3P4/3K4/8/8/8/8/8 w - - 0 1',
    '8/P7/8/8/8/8/8/k6K w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1',
    '4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    # broken
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1',
    '8/8/8/8/8/8/8/8 w - - 0 1',
    'kk6/8/8/8/8/8/8/KK6 w - - 0 1',
    '4k3/8/8/8/8/8/8/4K3 x - - 0 1',
    '4k3/8/8/8/8/8/8/4K3 w Qz - 0 1',
    '4k3/8/8/8/8/8/8/4K3 w - e9 0 1',
    '4k3/8/8/8/8/8/8/4K3 w - e3 0 1',
    '4k3/8/8/8/8/8/8/4K3 w - - -5 1',
    '4k3/8/8/8/8/8/8/4K3 w - - 99999999999999 1',
    'P3k3/8/8/8/8/8/8/4K3 w - - 0 1',
    '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1',  # the side not to move in check
    '4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra tokens',
    'QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqk/qqqqqqqK w - - 0 1',
]
OPTIONS = [
    ('Hash', ['1', '2', '16', '0', '-1', '99999999', 'abc', '']), ('Threads', ['1', '2', '3', '0', '300', 'x']),
    ('MultiPV', ['1', '3', '500', '0']), ('Clear Hash', [None]), ('UCI_Chess960', ['true', 'false', 'maybe']),
    ('SyzygyPath', ['<tables>', '/nonexistent', '', '/tmp', '/etc/passwd']),
    ('Move Overhead', ['0', '100', '5000', '-3']), ('Ponder', ['true', 'false']),
    ('UCI_LimitStrength', ['true', 'false']), ('UCI_Elo', ['1320', '2000', '3190', '100', '99999']),
    ('EvalFile', ['/nonexistent.nnue', '/etc/passwd', '', '/tmp']), ('UCI_ShowWDL', ['true', 'false']),
    ('NoSuchOption', ['1']), ('hash', ['8']), ('SyzygyProbeDepth', ['1', '0', '100']),
    ('OwnBook', ['true', 'false']), ('BookFile', ['/nonexistent.bin', '/etc/passwd']),
]
GARBAGE = ['ucinewgame', 'stop', 'ponderhit', '', '   ', 'garbage cmd', 'go perft 2', 'isready now', 'position',
           'position fen', 'position moves e2e4', 'setoption', 'setoption name', 'go depth', 'go nodes -5',
           'go wtime abc', 'register later', 'debug on', 'debug off', 'x' * 5000, '\x00\x01\x1b[31m', 'uci']
STORM = ['position startpos moves e2e4', 'setoption name Hash value 4', 'ucinewgame', 'go depth 3', 'go infinite',
         'go movetime 20', 'isready', 'ponderhit', 'setoption name MultiPV value 2', 'setoption name Clear Hash',
         'setoption name UCI_Chess960 value true', 'setoption name UCI_Chess960 value false']


class Failure(Exception):
    pass


class Session:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1, errors='replace')
        self.lines = queue.Queue()
        self.stderr = []
        self.log = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip('\n'))
        self.lines.put(None)

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line)

    def send(self, line):
        self.log.append('> ' + line[:200])
        self.process.stdin.write(line + '\n')
        self.process.stdin.flush()

    def read(self, timeout):
        """The next stdout line, checked; None when nothing came within timeout seconds."""
        try:
            line = self.lines.get(timeout=max(0.01, timeout))
        except queue.Empty:
            return None
        if line is None:
            raise Failure('the engine exited')
        self.log.append('< ' + line[:200])
        if line.strip() and not line.startswith(PROTOCOL) and not PERFT_LINE.match(line):
            raise Failure('not a UCI line on stdout: ' + line[:200])
        if 'internal error' in line or 'Exception' in line:
            raise Failure('an internal error answered: ' + line[:300])
        return line

    def expect(self, prefixes, timeout=60):
        end = time.monotonic() + timeout
        while True:
            line = self.read(end - time.monotonic())
            if line is None:
                raise Failure('no ' + ' or '.join(prefixes) + f' within {timeout} s')
            if line.startswith(prefixes):
                return line

    def no_bestmove_pending(self):
        """Reads what is left on stdout; a bestmove there answered no go."""
        while (line := self.read(0)) is not None:
            if line.startswith('bestmove'):
                raise Failure('a bestmove nobody asked for')


def run_seed(command, seed, steps, tables):
    rng = random.Random(seed)
    session = Session(command)
    game = []  # moves from the start position, each a bestmove the engine gave there
    at_game = False  # whether the last position sent is the game's, so a bestmove extends it
    try:
        session.send('uci')
        session.expect(('uciok',))
        for _ in range(steps):
            roll = rng.random()
            if roll < 0.15:
                name, values = rng.choice(OPTIONS)
                value = rng.choice(values)
                value = tables if value == '<tables>' else value
                session.send(f'setoption name {name}' + ('' if value is None else f' value {value}'))
            elif roll < 0.35:
                if rng.random() < 0.5:
                    if rng.random() >= 0.7:
                        game = []
                    moves = ' '.join(game)
                    at_game = rng.random() >= 0.2
                    if not at_game:
                        moves += ' ' + rng.choice(['e2e5', 'a7a8q', 'e1g1', 'zz', 'e2e4e5', '0000', 'e7e8k'])
                    session.send('position startpos' + (' moves ' + moves if moves.strip() else ''))
                else:
                    at_game = False
                    extra = ' moves ' + rng.choice(['e2e4', 'a7a8q', 'e1g1', '0000', 'd7d8q']) \
                        if rng.random() < 0.3 else ''
                    session.send('position fen ' + rng.choice(FENS) + extra)
            elif roll < 0.45:
                line = rng.choice(GARBAGE)
                at_game = False  # ucinewgame or a position line among them may move the engine elsewhere
                session.send(line)
                session.send('isready')
                if line.startswith('go ') and line != 'go perft 2':
                    # A go with a bad number still searches (an infinite one when the number is missing).
                    session.send('stop')
                    first = session.expect(('readyok', 'bestmove'))
                    session.expect(('bestmove',) if first.startswith('readyok') else ('readyok',))
                else:
                    session.expect(('readyok',))
            elif roll < 0.85:
                words = search(session, rng).split()
                if at_game and len(words) > 1 and words[1] != '0000':
                    game = game + [words[1]] if len(game) < 60 else []
                    at_game = False  # the engine is still at the position before the move
            elif roll < 0.93:
                storm(session, rng)
                at_game = False
            else:
                session.send('isready')
                session.expect(('readyok',))
            session.no_bestmove_pending()
        session.send('quit')
        try:
            code = session.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            raise Failure('still running 20 s after quit')
        if code != 0:
            raise Failure(f'exit code {code}')
    except Failure as failure:
        session.process.kill()
        print(f'seed {seed}: FAIL: {failure}')
        print('\n'.join(session.log[-40:]))
        print(''.join(session.stderr[-20:]))
        return False
    exceptions = [line for line in session.stderr if 'Exception' in line]
    print(f'seed {seed}: ok' + (f' (stderr: {exceptions[0].strip()})' if exceptions else ''))
    return True


def search(session, rng):
    kind = rng.random()
    if kind < 0.3:
        session.send(f'go depth {rng.randint(1, 6)}')
    elif kind < 0.5:
        session.send(f'go nodes {rng.choice([1, 10, 1000, 20000])}')
    elif kind < 0.65:
        session.send(f'go movetime {rng.choice([1, 10, 50, 200])}')
    elif kind < 0.8:
        white, black, increment = rng.choice([1, 10, 100, 1000, 60000, -5]), rng.choice([1, 100, 5000]), \
            rng.choice([0, 10, 1000])
        moves_to_go = f' movestogo {rng.choice([1, 2, 40, 0])}' if rng.random() < 0.3 else ''
        session.send(f'go wtime {white} btime {black} winc {increment} binc {increment}{moves_to_go}')
    elif kind < 0.9:
        session.send('go infinite')
        time.sleep(rng.choice([0, 0.01, 0.2]))
        session.send('isready')
        session.expect(('readyok',), 10)
        session.send('stop')
    else:
        session.send('go ponder wtime 1000 btime 1000')
        time.sleep(rng.choice([0, 0.05]))
        session.send(rng.choice(['ponderhit', 'stop']))
    return session.expect(('bestmove',), 120)


def storm(session, rng):
    """Commands sent while a search runs; every go must still get exactly one bestmove."""
    searches = 1
    session.send('go infinite')
    for _ in range(rng.randint(1, 8)):
        line = rng.choice(STORM + ['setoption name Threads value ' + str(rng.randint(1, 4)),
                                   'position fen ' + rng.choice(FENS)])
        session.send(line)
        searches += line.startswith('go')
        time.sleep(rng.choice([0, 0, 0.005, 0.05]))
    session.send('stop')
    session.send('isready')
    answered, ready = 0, False
    end = time.monotonic() + 120
    while answered < searches or not ready:
        line = session.read(end - time.monotonic())
        if line is None:
            raise Failure(f'storm: {answered} of {searches} bestmoves, readyok {ready}')
        if line.startswith('bestmove'):
            answered += 1
            if answered > searches:
                raise Failure('storm: more bestmoves than searches')
            if answered < searches:
                session.send('stop')
        elif line.startswith('readyok'):
            ready = answered >= searches
            if not ready:
                session.send('stop')
                session.send('isready')


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--seeds', default='1-8', help='A-B or one number (default 1-8)')
    parser.add_argument('--steps', type=int, default=250, help='commands a seed (default 250)')
    parser.add_argument('--syzygy', default=os.path.join(ROOT, 'engine', 'src', 'test', 'resources', 'syzygy'),
                        help='a folder of Syzygy tables for SyzygyPath (default: the test resources)')
    parser.add_argument('command', nargs='*', help='the engine (default: ./kestrel)')
    arguments = parser.parse_args()
    first, _, last = arguments.seeds.partition('-')
    seeds = range(int(first), int(last or first) + 1)
    command = arguments.command or [os.path.join(ROOT, 'kestrel')]
    failed = [seed for seed in seeds if not run_seed(command, seed, arguments.steps, arguments.syzygy)]
    print(f'{len(seeds) - len(failed)} of {len(seeds)} seeds ok' + (f'; failed: {failed}' if failed else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
