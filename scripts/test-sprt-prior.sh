#!/usr/bin/env bash
# Tests scripts/sprt.sh's PRIOR (resuming a test with the counts of its earlier runs) against a stand-in for
# fastchess that prints a summary every fifth of a second (no fastchess, no Java): the run stops once the total
# crosses a bound, its own SPRT's bounds are out of reach, the ledger row's notes carry the total and its verdict,
# a run goes on unharmed when the script is overwritten meanwhile, and nothing of a run outlives it. About 25 s:
#   scripts/test-sprt-prior.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-sprt-prior: FAIL: $*" >&2; exit 1; }

# The stand-in: writes its arguments down, then a summary with one more game pair (a win) each time, for at most
# LIMIT summaries; Ctrl-C ends it after one last summary, as fastchess ends.
cat > "$work/fastchess" <<'STAND_IN'
#!/bin/bash
printf '%s\n' "$@" > "$STAND_IN_DIR/args"
pairs=0
stopped=
trap 'stopped=1' INT
summary() {
    printf '%s\n' "Results of new vs base (60+1, 1t, 16MB, noob_3moves_4000.epd):" \
        "Elo: 10.00 +/- 5.00, nElo: 1.00 +/- 1.00" \
        "Games: $((2 * pairs)), Wins: $pairs, Losses: 0, Draws: $pairs, Points: 1.0 (75.00 %)" \
        "Ptnml(0-2): [0, 0, 0, $pairs, 0], WL/DD Ratio: 1.00" \
        "LLR: 0.50 (10.0%) (-20.72, 20.72) [0.00, 10.00]"
}
while [ -z "$stopped" ] && [ "$pairs" -lt "$LIMIT" ]; do
    pairs=$((pairs + 1))
    summary
    sleep 0.2
done
[ -z "$stopped" ] || { touch "$STAND_IN_DIR/interrupted"; summary; }
echo "Finished match"
STAND_IN
chmod +x "$work/fastchess"
export FASTCHESS="$work/fastchess" STAND_IN_DIR="$work" SPRT_POLL_SECONDS=1 LEDGER=- LEDGER_NOTES="a note"
columns() { mapfile -t field < <(printf '%s\n' "$1" | tr '\t' '\n'); }
# Nothing of a run may outlive it (the loop that watches the total, above all): a look after a poll's interval.
no_leftovers() {
    sleep 1.5
    ! pgrep -f "sprt.sh new.jar base.jar 60\+1 10 7" > /dev/null || fail "a process of the run outlived it ($1)"
}

# 1. Earlier runs on the way to H1 (LLR 1.44): this run's wins carry the total over 2.94 within about 50 pairs,
# and the run is stopped there.
PRIOR="600,1100,1700,1300,600 30,29,68,26,17" LIMIT=150 "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 \
    > "$work/stdout" 2> "$work/stderr" || fail "exit status $?: $(cat "$work/stderr")"
row="$(tail -n 1 "$work/stdout")"
[ -e "$work/interrupted" ] || fail "the stand-in was not stopped: $(cat "$work/stderr")"
grep -qx 'alpha=1e-9' "$work/args" || fail "this run's own bounds are within reach: $(tr '\n' ' ' < "$work/args")"
columns "$row"
[ "${#field[@]}" -eq 14 ] || fail "${#field[@]} columns, not 14: $row"
[ "${field[4]}" = "[0, 10]" ] || fail "bounds ${field[4]}"
[[ "${field[13]}" == "a note; with the earlier runs: pentanomial ["*", H1" ]] || fail "notes: ${field[13]}"
games=${field[7]}
[ "$games" -lt 200 ] || fail "not stopped early: $games games"
no_leftovers "stopped by the total"

# 2. A run that ends on its own before the total decides: the notes say so.
rm -f "$work/interrupted"
PRIOR="100,200,300,200,100" LIMIT=3 "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 > "$work/stdout" \
    2> "$work/stderr" || fail "exit status $?: $(cat "$work/stderr")"
row="$(tail -n 1 "$work/stdout")"
[ ! -e "$work/interrupted" ] || fail "stopped, though the total never crossed a bound"
columns "$row"
[[ "${field[13]}" == *"1806 games"*", inconclusive" ]] || fail "notes: ${field[13]}"
no_leftovers "ended on its own"

# 3. PRIOR that is not pentanomial counts is refused before any game.
rm -f "$work/args"
if PRIOR="1,2,3" LIMIT=1 "$root/scripts/sprt.sh" new.jar base.jar 2> /dev/null > /dev/null; then
    fail "PRIOR 1,2,3 accepted"
fi
[ ! -e "$work/args" ] || fail "games started with a bad PRIOR"
# 3b. A run whose pairing has played its seed already (it would replay those games) is refused, resumed or not;
# the same seed against another base is not.
printf 'date\tchange\tcommit\tbase\n2026-01-01\ta change\tabc1234\tdef5678\t[0, 10]\t25000 nodes\t6+7\n' \
    > "$work/ledger.tsv"
for prior in "100,200,300,200,100" ""; do
    if PRIOR="$prior" LIMIT=1 LEDGER="$work/ledger.tsv" LEDGER_COMMIT=abc1234 LEDGER_BASE=def5678 \
            "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 2> "$work/stderr" > /dev/null; then
        fail "a seed already played by the pairing accepted (PRIOR '$prior')"
    fi
    grep -q "has played seed 7 against def5678 already" "$work/stderr" || fail "no reason given: $(cat "$work/stderr")"
    [ ! -e "$work/args" ] || fail "games started with a seed already played"
done
LIMIT=1 LEDGER="$work/ledger.tsv" LEDGER_COMMIT=abc1234 LEDGER_BASE=other \
    "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 > /dev/null 2> "$work/stderr" \
    || fail "seed 7 against another base refused: $(cat "$work/stderr")"
[ -e "$work/args" ] || fail "no games against another base"
rm -f "$work/args"
# 3c. More games than cores: at a node count fastchess is told to allow it, on a clock not.
over=$(( $(nproc) + 1 ))
NODES=25000 CONCURRENCY=$over LIMIT=1 "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 > /dev/null 2> "$work/stderr" \
    || fail "exit status $?: $(cat "$work/stderr")"
grep -qx -- '-force-concurrency' "$work/args" \
    || fail "$over games at a node count not forced: $(tr '\n' ' ' < "$work/args")"
CONCURRENCY=$over LIMIT=1 "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 > /dev/null 2> "$work/stderr" \
    || fail "exit status $?: $(cat "$work/stderr")"
! grep -qx -- '-force-concurrency' "$work/args" || fail "$over games on a clock forced"
rm -f "$work/args"
# 4. The script overwritten in place while a run goes on (an edit, a checkout): the run ends as it began.
mkdir -p "$work/copy/scripts"
cp "$root/scripts/sprt.sh" "$root/scripts/sprt-combine.sh" "$root/scripts/ledger-row.sh" "$work/copy/scripts/"
PRIOR="100,200,300,200,100" LIMIT=10 "$work/copy/scripts/sprt.sh" new.jar base.jar 60+1 10 7 > "$work/stdout" \
    2> "$work/stderr" &
run=$!
sleep 0.5
printf 'echo overwritten >&2; exit 3\n' > "$work/copy/scripts/sprt.sh"
wait "$run" || fail "exit status $? after the overwrite: $(cat "$work/stderr")"
! grep -q overwritten "$work/stderr" || fail "the overwritten script ran"
columns "$(tail -n 1 "$work/stdout")"
[[ "${field[13]:-}" == *", inconclusive" ]] || fail "no ledger row after the overwrite: $(tail -n 1 "$work/stdout")"
no_leftovers "overwritten"
# 5. The script killed outright: what watched the total goes too, once its parent is gone.
PRIOR="100,200,300,200,100" LIMIT=10 "$root/scripts/sprt.sh" new.jar base.jar 60+1 10 7 > /dev/null 2>&1 &
run=$!
sleep 0.5
kill -KILL "$run"
wait "$run" 2> /dev/null || true
no_leftovers "killed"
echo "test-sprt-prior: ok"
