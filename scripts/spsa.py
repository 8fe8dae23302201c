#!/usr/bin/env python3
"""Tunes the search's constants by SPSA in games at a fixed node count, and writes the result back to the source.

    scripts/spsa.py run STATE --jar kestrel.jar [--params A,B,...] [--iterations N] [--pairs K] [--nodes 25000]
                              [--concurrency 2] [--seed S] [--seconds T]
        plays N game pairs in all (K pairs a batch, each batch one fastchess run) between two copies of the jar,
        started with `uci --tune`: one with every tuned constant moved up or down by its current perturbation, the
        other with the opposite moves; each batch moves the constants towards the side that won. The state
        (iteration, values, one line a batch) is kept in the JSON file STATE after each batch: the same command
        resumes a run that was stopped (Ctrl-C stops it between batches, the state whole); on another machine, give
        --jar again with a build of the same search. --pairs and --concurrency may change on resuming; --seconds
        stops the run before a batch that would end after T seconds (the lent machine's time limit). JAVA names the
        java command (default java), FASTCHESS and OPENINGS the match runner and the openings.
    scripts/spsa.py show STATE
        the values so far against the defaults, rounded as the engine takes them.
    scripts/spsa.py write STATE
        writes the rounded values into SearchParameters.java as the new defaults (then rebuild, rerun the bench,
        pin the new node counts, and prove the set with an SPRT against main).

The constants, their ranges and their steps (each one's final perturbation, c_end) are read from
engine/src/main/java/kestrel/engine/search/SearchParameters.java; without --params every one is tuned. The schedule is
the one Fishtest uses: perturbation c_k = c / k^0.101, gain a_k = a / (A + k)^0.602, with A a tenth of the
iterations, c such that c_k reaches c_end at the last pair, and a such that a_k / c_k^2 reaches r_end = 0.002 there.
An iteration is a game pair, as in Fishtest: a batch of K pairs advances k by K and moves each value by
a_k / c_k · (wins - losses of the plus side) · its sign.
"""
import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "engine/src/main/java/kestrel/engine/search/SearchParameters.java")
DECLARATION = re.compile(r'tunable\("(\w+)", ([\d_]+), ([\d_]+), ([\d_]+), ([\d_]+)\)')
ALPHA = 0.602
GAMMA = 0.101
R_END = 0.002
JVM = "-XX:+UseSerialGC -XX:+UseTransparentHugePages --add-modules jdk.incubator.vector -jar"
RESULTS = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")
# The fastchess run of the batch in flight, if any.
BATCH = None


def end_now(signum, _frame):
    """TERM or HUP: ends the batch in flight with its engines (the state keeps the batches before it) and exits."""
    if BATCH is not None:
        try:
            os.killpg(BATCH.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    sys.exit(f"ended by signal {signum}; the state holds every finished batch")


def declared():
    """name -> (default, min, max, step), from the source, in the order declared."""
    with open(SOURCE, encoding="utf-8") as f:
        text = f.read()
    found = {}
    for m in DECLARATION.finditer(text):
        found[m.group(1)] = tuple(int(g.replace("_", "")) for g in m.groups()[1:])
    if not found:
        sys.exit(f"no tunable(...) declarations in {SOURCE}")
    return found


def schedule(state, name, k):
    """(c_k, a_k) of one constant at iteration k."""
    n = state["iterations"]
    big_a = n / 10
    step = state["params"][name]["step"]
    c = step * n ** GAMMA
    a = R_END * step ** 2 * (big_a + n) ** ALPHA
    return c / k ** GAMMA, a / (big_a + k) ** ALPHA


def engine_value(state, name, value):
    p = state["params"][name]
    return max(p["min"], min(p["max"], int(round(value))))


def play(state, plus, minus, pairs, seed):
    """(wins, losses, draws) of the plus side over `pairs` game pairs."""
    fastchess = os.environ.get("FASTCHESS", os.path.join(ROOT, "../shared/tools/bin/fastchess"))
    openings = os.environ.get("OPENINGS", os.path.join(ROOT, "../shared/data/openings/noob_3moves_4000.epd"))
    args = f'{JVM} {state["jar"]} uci --tune'
    java = os.environ.get("JAVA", "java")

    def engine(name, values):
        options = [f"option.{k}={v}" for k, v in values.items()]
        return ["-engine", f"cmd={java}", f"args={args}", f"name={name}"] + options

    command = ([fastchess] + engine("plus", plus) + engine("minus", minus)
               + ["-each", "proto=uci", "tc=60+1", f'nodes={state["nodes"]}', "option.Hash=16",
                  "-openings", f"file={openings}", "format=epd", "order=random", "-srand", str(seed),
                  "-rounds", str(pairs), "-games", "2", "-repeat", "-concurrency", str(state["concurrency"]),
                  "-recover", "-resign", "movecount=4", "score=800", "-draw", "movenumber=40", "movecount=10",
                  "score=8"]
               # More games than cores is fine at a fixed node count (no clock to lose), and fills the cores while
               # the engines of each game wait on each other; fastchess asks to be told.
               + (["-force-concurrency"] if state["concurrency"] > (os.cpu_count() or 1) else []))
    # Its own process group, so that Ctrl-C reaches this script alone and the batch in flight can finish; a TERM or
    # HUP ends the batch too (see run), which then counts for nothing.
    global BATCH
    BATCH = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    out = BATCH.communicate()[0]
    BATCH = None
    missing = sorted(set(re.findall(r"doesn't have option (\w+)", out)))
    if missing:
        sys.exit("the engine offers no option " + ", ".join(missing) + " (is it started with uci --tune?)")
    matches = RESULTS.findall(out)
    if not matches:
        sys.exit("fastchess gave no result:\n" + out[-2000:])
    games, wins, losses, draws = map(int, matches[-1])
    if games != 2 * pairs:
        sys.exit(f"fastchess played {games} games, not {2 * pairs}:\n" + out[-2000:])
    return wins, losses, draws


def save(path, state):
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, encoding="utf-8") as f:
        json.dump(state, f, indent=1)
        f.write("\n")
    os.replace(f.name, path)


def run(args):
    if os.path.exists(args.state):
        state = load(args.state)
        print(f'resuming at pair {state["k"]} of {state["iterations"]}', file=sys.stderr)
        for key in ("iterations", "nodes", "seed"):
            given = getattr(args, key)
            if given is not None and given != state[key]:
                sys.exit(f"--{key} {given}: the run was started with {state[key]}, which it keeps")
        if args.params and args.params.split(",") != list(state["theta"]):
            sys.exit("--params: the run tunes " + ",".join(state["theta"]) + ", which it keeps")
        if args.jar:
            # The same search built elsewhere (a state file carried to another machine).
            state["jar"] = os.path.abspath(args.jar)
        # How the games are played out, not what they decide: another machine may play more at once.
        for key in ("pairs", "concurrency"):
            if getattr(args, key) is not None:
                state[key] = getattr(args, key)
    else:
        if not args.jar:
            sys.exit("a new run needs --jar")
        constants = declared()
        names = args.params.split(",") if args.params else list(constants)
        unknown = [n for n in names if n not in constants]
        if unknown:
            sys.exit("not declared in SearchParameters.java: " + ", ".join(unknown))
        state = {
            "jar": os.path.abspath(args.jar), "iterations": args.iterations or 2000, "pairs": args.pairs or 8,
            "nodes": args.nodes or 25000, "concurrency": args.concurrency or 2, "seed": args.seed or 1, "k": 0,
            "params": {n: dict(zip(("default", "min", "max", "step"), constants[n])) for n in names},
            "theta": {n: float(constants[n][0]) for n in names},
            "batches": [],
        }
        save(args.state, state)
    stop = []
    signal.signal(signal.SIGINT, lambda *_: stop.append(True))
    signal.signal(signal.SIGTERM, end_now)
    signal.signal(signal.SIGHUP, end_now)
    deadline = time.time() + args.seconds if args.seconds else None
    while state["k"] < state["iterations"] and not stop:
        if deadline and state["batches"] and time.time() + state["batches"][-1]["seconds"] > deadline:
            print(f'stopped at pair {state["k"]}: the next batch would end after --seconds', file=sys.stderr)
            break
        pairs = min(state["pairs"], state["iterations"] - state["k"])
        k = state["k"] + 1
        # Drawn from the seed and the batch's first pair alone, so a run stopped and resumed draws what one run would.
        rng = random.Random(f'{state["seed"]}-{k}')
        signs = {n: rng.choice((-1, 1)) for n in state["theta"]}
        plus, minus = {}, {}
        for n, theta in state["theta"].items():
            c_k, _ = schedule(state, n, k)
            plus[n] = engine_value(state, n, theta + c_k * signs[n])
            minus[n] = engine_value(state, n, theta - c_k * signs[n])
        started = time.time()
        wins, losses, draws = play(state, plus, minus, pairs, state["seed"] * 100_000 + k)
        for n in state["theta"]:
            c_k, a_k = schedule(state, n, k)
            p = state["params"][n]
            moved = state["theta"][n] + a_k / c_k * (wins - losses) * signs[n]
            state["theta"][n] = max(p["min"], min(p["max"], moved))
        state["k"] += pairs
        state["batches"].append({"k": state["k"], "wins": wins, "losses": losses, "draws": draws,
                                 "seconds": round(time.time() - started, 1),
                                 "theta": {n: round(v, 2) for n, v in state["theta"].items()}})
        save(args.state, state)
        print(f'pair {state["k"]}/{state["iterations"]}: +{wins} -{losses} ={draws}  '
              + " ".join(f"{n}={v:.1f}" for n, v in state["theta"].items()), flush=True)
    if stop:
        print(f'stopped at pair {state["k"]}; the same command resumes', file=sys.stderr)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def show(args):
    state = load(args.state)
    games = sum(b["wins"] + b["losses"] + b["draws"] for b in state["batches"])
    print(f'{state["k"]} of {state["iterations"]} pairs ({games} games at {state["nodes"]} nodes)')
    for n, theta in state["theta"].items():
        p = state["params"][n]
        print(f'{n:24} {p["default"]:>7} -> {engine_value(state, n, theta):>7}  ({theta:.2f}, step {p["step"]})')


def write(args):
    state = load(args.state)
    with open(SOURCE, encoding="utf-8") as f:
        text = f.read()

    def replace(m):
        name = m.group(1)
        if name not in state["theta"]:
            return m.group(0)
        value = engine_value(state, name, state["theta"][name])
        grouped = f"{value:_}" if value >= 1_000 else str(value)
        return f'tunable("{name}", {grouped}, {m.group(3)}, {m.group(4)}, {m.group(5)})'

    with open(SOURCE, "w", encoding="utf-8") as f:
        f.write(DECLARATION.sub(replace, text))
    show(args)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("state")
    r.add_argument("--jar")
    r.add_argument("--params", help="comma-separated names; default: every constant")
    r.add_argument("--iterations", type=int, help="game pairs in all (default 2000)")
    r.add_argument("--pairs", type=int, help="game pairs a batch (default 8); also on resuming")
    r.add_argument("--nodes", type=int, help="nodes a move (default 25000)")
    r.add_argument("--concurrency", type=int, help="games at once (default 2); also on resuming")
    r.add_argument("--seconds", type=int, help="start no batch that would end after this many seconds")
    r.add_argument("--seed", type=int, help="of the signs and the openings (default 1)")
    for name in ("show", "write"):
        sub.add_parser(name).add_argument("state")
    args = parser.parse_args()
    {"run": run, "show": show, "write": write}[args.command](args)


if __name__ == "__main__":
    main()
