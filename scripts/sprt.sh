#!/usr/bin/env bash
# SPRT of one Kestrel build against another with fastchess, as docs/search.md describes them:
#   scripts/sprt.sh NEW.jar BASE.jar [TC] [ELO1] [SEED]
# TC defaults to 3+0.03 and ELO1 to 10 (elo0 = 0, alpha = beta = 0.05); games go one at a time (CONCURRENCY
# overrides), openings from noob_3moves in random order (SEED fixes the order). FASTCHESS and OPENINGS override
# where fastchess and the opening book are. The summary (W-L-D, Elo, LLR) is printed every few games; the run
# stops when the LLR crosses a bound. scripts/sprt-combine.sh adds up several runs of one test.
# NEW_OPTIONS and BASE_OPTIONS add fastchess engine options (no spaces inside one), e.g. a network against the
# handcrafted evaluation of one jar: NEW_OPTIONS=option.EvalFile=net.nnue scripts/sprt.sh k.jar k.jar
# ELO0 sets the lower bound (default 0); a fix is tested for no regression with ELO0=-5 and ELO1 0.
# GAMES=N plays a match of N games instead (no SPRT, no early stop): the games that narrow an estimate after an
# SPRT has already decided (sprt-combine.sh adds them to it).
# NODES=N plays every move at N nodes instead (TC then only guards against hangs: give a long one, e.g. 60+1): a
# change of what is searched is tested so, since load on the machine cannot bias a node count.
# NEW_NODES and BASE_NODES give each side its own node count instead (either defaults to NODES): a network of
# another speed plays at a budget in proportion to its bench nodes/s (scripts/bench-ratio.sh measures the ratio).
# NODES_TIME=N plays on the clock TC with time counted in nodes, N a millisecond (both engines' NodesTime option,
# docs/uci.md): a test of the time manager that load cannot bias, so CONCURRENCY may exceed the cores as at a node
# count. N must stay well below the engines' real speed (under load too), since fastchess still keeps the real clock.
# PGN=FILE writes the games there, each move with its nodes and the engine's own nodes/s (scripts/pgn-nps.sh reads
# each side's speed from it: the positions of real games, not bench's 30).
# At a node count CONCURRENCY may exceed the cores (fastchess is told -force-concurrency): a game's two engines take
# turns, so two cores run three games at a time with little idle, and the count of nodes keeps load from biasing a
# game. On a clock fastchess refuses more games than cores, as it should.
# Each engine keeps one process for the whole test, as in a GUI's tournament. On this machine a core is at
# times a third slower than the other (docs/search.md, "Speed varies with the core"); over a test that noise falls
# on both sides alike.
# PRIOR="P1 P2 ..." resumes a test stopped before a bound: the pentanomial counts of its earlier runs, as
# scripts/sprt-combine.sh takes them, with a new SEED. The run then stops when the LLR of all the runs together
# crosses a bound, not its own (whose bounds are moved out of reach), and its ledger row's notes give the runs'
# total (the total is looked at every SPRT_POLL_SECONDS, default 20). Any run is refused when the ledger has a
# row of LEDGER_COMMIT against LEDGER_BASE with its SEED: the same jars and seed replay the same games.
# At the end of the run, whether the SPRT decided or it was stopped (Ctrl-C, timeout), scripts/ledger-row.sh adds
# its row to the results ledger, docs/results.tsv: set LEDGER_CHANGE, LEDGER_COMMIT and LEDGER_BASE to say what was
# tested (LEDGER_NOTES for anything else); LEDGER=- prints the row instead of adding it.
set -euo pipefail
# The whole script is one block, which bash reads to its end before it runs any of it: a test runs for hours, and a
# change to this file meanwhile (an edit, a checkout) must not reach the running copy halfway through.
{
if [ $# -lt 2 ]; then
    sed -n 2,35p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
new=$1
base=$2
tc=${3:-3+0.03}
elo1=${4:-10}
seed=${5:-1}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fastchess=${FASTCHESS:-$root/../shared/tools/bin/fastchess}
openings=${OPENINGS:-$root/../shared/data/openings/noob_3moves_4000.epd}
# fastchess lets -each override an engine's own nodes=, so a node count per side goes on the engines alone.
new_nodes=${NEW_NODES:-${NODES:-}}
base_nodes=${BASE_NODES:-${NODES:-}}
if [ "${new_nodes:+set}" != "${base_nodes:+set}" ]; then
    echo "NEW_NODES and BASE_NODES: give both, or NODES" >&2
    exit 2
fi
if [ -n "${NODES_TIME:-}" ]; then
    [[ "$NODES_TIME" =~ ^[1-9][0-9]*$ ]] || { echo "NODES_TIME: nodes a millisecond, 1 or more" >&2; exit 2; }
    [ -z "$new_nodes" ] || { echo "NODES_TIME and NODES: one or the other" >&2; exit 2; }
fi
if [ -n "${GAMES:-}" ]; then
    [[ "$GAMES" =~ ^[1-9][0-9]*$ ]] && [ $((GAMES % 2)) -eq 0 ] || { echo "GAMES: an even count" >&2; exit 2; }
    rounds=$((GAMES / 2))
    sprt=()
else
    rounds=4000
    sprt=(-sprt elo0="${ELO0:-0}" elo1="$elo1" alpha=0.05 beta=0.05)
fi
# The same jars and seed replay the same games (at a fixed node count, move for move), so a run whose pairing
# (LEDGER_COMMIT against LEDGER_BASE) has a ledger row with this seed would only count those games twice.
ledger_file=${LEDGER:-$root/docs/results.tsv}
[ "$ledger_file" != - ] || ledger_file=$root/docs/results.tsv
if [ -n "${LEDGER_COMMIT:-}" ] && [ -f "$ledger_file" ] && awk -F'\t' -v c="$LEDGER_COMMIT" \
        -v b="${LEDGER_BASE:-}" -v s="$seed" '$3 == c && (b == "" || $4 == b) {
            n = split($7, seeds, "+"); for (i = 1; i <= n; i++) if (seeds[i] == s) found = 1 }
        END { exit !found }' "$ledger_file"; then
    echo "sprt: $LEDGER_COMMIT has played seed $seed against ${LEDGER_BASE:-its base} already (the ledger): give a" \
        "new seed" >&2
    exit 2
fi
if [ -n "${PRIOR:-}" ]; then
    [ -z "${GAMES:-}" ] || { echo "PRIOR and GAMES: one or the other" >&2; exit 2; }
    ELO1=$elo1 "$root/scripts/sprt-combine.sh" $PRIOR > /dev/null || { echo "PRIOR: pentanomial counts" >&2; exit 2; }
    # fastchess still prints this run's LLR, but stops only at +-20.7, far beyond the total's bounds.
    sprt=(-sprt elo0="${ELO0:-0}" elo1="$elo1" alpha=1e-9 beta=1e-9)
fi
jvm="-XX:+UseSerialGC -XX:+UseTransparentHugePages --add-modules jdk.incubator.vector -jar"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Ctrl-C and timeout's TERM reach fastchess (the whole foreground group); this script waits for it to end and
# then writes the ledger row. tee -i outlives a Ctrl-C so that fastchess's last lines reach the log.
trap 'echo "sprt: stopping; the ledger row follows" >&2' INT TERM
# The total of PRIOR and this run's latest counts (sprt-combine.sh's two lines), or nothing before the first summary.
total() {
    local counts
    counts=$(grep -o 'Ptnml(0-2): \[[0-9, ]*\]' "$log" | tail -n 1 | sed 's/.*\[//; s/\]//; s/ //g') || true
    [ -z "$counts" ] || ELO1=$elo1 "$root/scripts/sprt-combine.sh" $PRIOR "$counts"
}
# With PRIOR: stops fastchess, as Ctrl-C would, once the total's LLR crosses a bound.
watch_total() {
    local llr
    # The script ends this loop when the games are over; should the script itself be killed, it ends by itself.
    while sleep "${SPRT_POLL_SECONDS:-20}" && kill -0 $$ 2> /dev/null; do
        llr=$(total | sed -n 's/.*LLR \(-\{0,1\}[0-9.]*\).*/\1/p') || true
        if [ -n "$llr" ] && awk -v llr="$llr" 'BEGIN { exit !(llr >= 2.94 || llr <= -2.94) }'; then
            echo "sprt: the runs together reach LLR $llr; stopping" >&2
            # The process name as the kernel keeps it: at most 15 characters.
            pkill -INT -P $$ -x "$(basename "$fastchess" | cut -c 1-15)" || true
            return
        fi
    done
}
watcher=
if [ -n "${PRIOR:-}" ]; then
    watch_total &
    watcher=$!
fi
force=()
if [ -n "$new_nodes${NODES_TIME:-}" ] && [ "${CONCURRENCY:-1}" -gt "$(nproc)" ]; then
    force=(-force-concurrency)
fi
status=0
"$fastchess" \
    -engine cmd=java args="$jvm $new" name=new ${new_nodes:+nodes=$new_nodes} ${NEW_OPTIONS:-} \
    -engine cmd=java args="$jvm $base" name=base ${base_nodes:+nodes=$base_nodes} ${BASE_OPTIONS:-} \
    -each proto=uci tc="$tc" option.Hash=16 ${NODES_TIME:+option.NodesTime=$NODES_TIME} \
    -openings file="$openings" format=epd order=random -srand "$seed" \
    -rounds "$rounds" -games 2 -repeat -concurrency "${CONCURRENCY:-1}" ${force[@]+"${force[@]}"} -recover \
    ${sprt[@]+"${sprt[@]}"} \
    -resign movecount=4 score=800 -draw movenumber=40 movecount=10 score=8 \
    ${PGN:+-pgnout file="$PGN" nodes=true nps=true} 2>&1 | tee -i "$log" || status=$?
notes=${LEDGER_NOTES:-}
if [ -n "$watcher" ]; then
    kill "$watcher" 2> /dev/null || true
    together=$(total | tr '\n' ' ' | sed 's/ *$//')
    if [ -n "$together" ]; then
        echo "sprt: with the earlier runs: $together" >&2
        llr=$(sed -n 's/.*LLR \(-\{0,1\}[0-9.]*\).*/\1/p' <<<"$together")
        verdict=$(awk -v llr="$llr" 'BEGIN { print (llr >= 2.94 ? "H1" : llr <= -2.94 ? "H0" : "inconclusive") }')
        notes="${notes:+$notes; }with the earlier runs: $together, $verdict"
    fi
fi
if [ -n "$new_nodes" ]; then
    budget="$new_nodes nodes"
    [ "$new_nodes" = "$base_nodes" ] || budget="$new_nodes / $base_nodes nodes"
else
    budget=$tc${NODES_TIME:+ at $NODES_TIME nodes a millisecond (NodesTime)}
fi
LEDGER_BUDGET=${LEDGER_BUDGET:-$budget} LEDGER_SEED=${LEDGER_SEED:-$seed} LEDGER_NOTES=$notes \
    LEDGER_CHANGE=${LEDGER_CHANGE:-$(basename "$new") against $(basename "$base")} "$root/scripts/ledger-row.sh" "$log"
exit "$status"
}
