#!/usr/bin/env python3
"""Runs the shell commands of the docs as written: every command in a fenced ```sh (or bash, shell) block of
README.md and docs/*.md, from the repository root, one at a time, with stdin empty (so `./kestrel` alone opens a UCI
session that ends at once). A command passes when it exits with status 0 within the time limit.

    scripts/test-docs-commands.py              run them all (a few minutes; the machine's load decides)
    scripts/test-docs-commands.py --list       only list them, each with RUN or the reason it is skipped
    scripts/test-docs-commands.py -k perft     only those whose text contains 'perft'

Lines joined by a trailing backslash are one command; a block holding a loop (for ... done) is one command; a
variable set on a line of its own is set again for the later commands of its block. The
commands skipped, and why, are the SKIP table below; docs/testing.md names the groups. Files that a command is
documented to leave in the repository root (CLEANUP) are removed after it. Output of each command goes to a log
folder that is printed at the end; a failure also prints its last lines. Exit status: 0 when every command run
passed, 1 otherwise. Opt-in: not part of mvn verify.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (pattern searched in the command, reason it is not run). The first match wins.
SKIP = [
    (r'^mvn -B verify\b', 'the whole test suite, minutes: .ci/run runs it'),
    (r'-Pdeep\b', 'the deep tests, long (mvn -B verify -Pdeep)'),
    (r'\b(kestrel|kestrel\.jar) (datagen|train)\b', 'data generation and training: hours (the record of a run)'),
    (r'/work/shared/data/syzygy', 'needs the Syzygy tables in /work/shared'),
    (r'\.\./shared/tools/(bin/fastchess|match/match)', 'needs fastchess or the match runner from ../shared, and plays '
                                                     'a match of hours'),
    (r'(\.\./shared|/work/shared)/', 'needs the shared folder beside the repository'),
    (r'KESTREL_DATA|selfplay-data\.sh restore', 'needs the data folder outside the checkout ($KESTREL_DATA), with '
                                                 'a gigabyte of self-play data or generated tables'),
    (r'^cutechess-cli\b', 'needs cutechess-cli, and plays a match'),
    (r'^sudo\b', 'installs system packages'),
    (r'perft-benchmarks\.jar', 'a JMH benchmark run: minutes'),
    (r'reference-perft-speed\.py', 'needs Stockfish (/usr/games/stockfish), and times it for minutes'),
]

# Files a command is documented to write in the repository root, removed after it ran.
CLEANUP = {
    r'make EXE=Kestrel-dev': ['Kestrel-dev'],
}

FENCE = re.compile(r'^\s*```(\w*)\s*$')


def blocks(path):
    """Yields (line number, [lines]) for each fenced shell block of a Markdown file."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            start, body, i = i + 1, [], i + 1
            while i < len(lines) and not FENCE.match(lines[i]):
                body.append(lines[i])
                i += 1
            if m.group(1) in ('sh', 'bash', 'shell'):
                indent = min((len(l) - len(l.lstrip()) for l in body if l.strip()), default=0)
                yield start + 1, [l[indent:] for l in body]
        i += 1


ASSIGNMENT = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*=\S*$')


def commands(path):
    """Yields (line number, command) for the commands of a file's shell blocks. A variable set on a line of its own
    (CP=...) is set again in front of each later command of its block, which may use it."""
    for first, body in blocks(path):
        if any(re.match(r'\s*(for|while|until|if)\b', l) for l in body):
            yield first, '\n'.join(body)
            continue
        current, at, assignments = [], None, []
        for n, line in enumerate(body):
            if not current and not line.strip():
                continue
            if not current:
                at = first + n
            current.append(line)
            if not line.rstrip().endswith('\\'):
                command = '\n'.join(current)
                yield at, '\n'.join(assignments + [command])
                if ASSIGNMENT.match(command):
                    assignments.append(command)
                current = []
        if current:
            yield at, '\n'.join(assignments + ['\n'.join(current)])


def skip_reason(command):
    for pattern, reason in SKIP:
        if re.search(pattern, command, re.MULTILINE):
            return reason
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--list', action='store_true', help='list the commands without running them')
    parser.add_argument('-k', metavar='TEXT', help='only the commands containing TEXT')
    parser.add_argument('--timeout', type=int, default=900, help='seconds a command may take (default 900)')
    args = parser.parse_args()

    files = ['README.md'] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, 'docs', '*.md')))
    found = [(f, n, c) for f in files for n, c in commands(os.path.join(ROOT, f))]
    if args.k:
        found = [(f, n, c) for f, n, c in found if args.k in c]

    logs = tempfile.mkdtemp(prefix='docs-commands-')
    failed, ran, skipped = [], 0, 0
    for index, (f, n, command) in enumerate(found):
        where = '%s:%d' % (f, n)
        own = command.split('\n')
        while len(own) > 1 and ASSIGNMENT.match(own[0]):
            own.pop(0)
        shown = own[0] + (' ...' if len(own) > 1 else '')
        reason = skip_reason(command)
        if reason:
            skipped += 1
            print('SKIP %-22s %s\n     (%s)' % (where, shown, reason))
            continue
        if args.list:
            print('RUN  %-22s %s' % (where, shown))
            continue
        log = os.path.join(logs, '%02d-%s-%d.log' % (index, os.path.basename(f), n))
        start = time.monotonic()
        with open(log, 'w') as out:
            out.write('$ %s\n' % command)
            out.flush()
            try:
                status = subprocess.run(['bash', '-c', command], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                        stderr=subprocess.STDOUT, timeout=args.timeout).returncode
            except subprocess.TimeoutExpired:
                status = 'timeout after %d s' % args.timeout
        seconds = time.monotonic() - start
        for pattern, names in CLEANUP.items():
            if re.search(pattern, command):
                for name in names:
                    path = os.path.join(ROOT, name)
                    if os.path.isfile(path):
                        os.remove(path)
        ran += 1
        if status == 0:
            print('PASS %-22s %s (%.0f s)' % (where, shown, seconds))
        else:
            failed.append(where)
            print('FAIL %-22s %s (exit status %s, %.0f s)' % (where, shown, status, seconds))
            with open(log) as text:
                for line in text.read().rstrip('\n').split('\n')[-8:]:
                    print('     | ' + line)
        sys.stdout.flush()

    if args.list:
        print('%d commands, %d to run, %d skipped' % (len(found), len(found) - skipped, skipped))
        return 0
    print('%d run, %d passed, %d failed, %d skipped; logs in %s' % (ran, ran - len(failed), len(failed), skipped,
                                                                     logs))
    if failed:
        print('failed: ' + ', '.join(failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
