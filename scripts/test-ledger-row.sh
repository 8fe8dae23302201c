#!/usr/bin/env bash
# Tests scripts/ledger-row.sh on fastchess logs written here (no fastchess, no Java): the row it adds to the
# results ledger takes the last summary of the log, the verdict fastchess gave, the budget and seed of the
# environment or of the log's ledger- lines, and has the ledger's 14 columns. About a second:
#   scripts/test-ledger-row.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-ledger-row: FAIL: $*" >&2; exit 1; }
# The columns of a row into field[], empty ones kept (read -a would merge neighbouring tabs).
columns() { mapfile -t field < <(printf '%s\n' "$1" | tr '\t' '\n'); }

summary() { # games wins losses draws elo error llr pentanomial
    cat <<EOF
--------------------------------------------------
Results of new vs base (60+1, 1t, 16MB, noob_3moves_4000.epd):
Elo: $5 +/- $6, nElo: 1.00 +/- 1.00
LOS: 90.00 %, DrawRatio: 40.00 %, PairsRatio: 1.10
Games: $1, Wins: $2, Losses: $3, Draws: $4, Points: 1.0 (50.00 %)
Ptnml(0-2): [$8], WL/DD Ratio: 1.00
LLR: $7 (50.0%) (-2.94, 2.94) [-5.00, 0.00]
--------------------------------------------------
EOF
}
{
    echo "ledger-budget: 23200 / 25000 nodes"
    echo "ledger-seed: 4402"
    echo "ledger-notes: lent machine, 15 games at once, 530 s"
    summary 20 8 4 8 14.12 30.50 0.31 "1, 2, 3, 2, 2"
    echo "Finished game 21 (new vs base): 1-0 {White mates}"
    summary 40 15 10 15 8.78 20.20 2.96 "2, 4, 6, 5, 3"
    echo "SPRT ([-5.00, 0.00]) completed - H1 was accepted"
} > "$work/decided.log"

# 1. The last summary, fastchess's verdict, the log's ledger lines.
row="$(LEDGER=- LEDGER_CHANGE="a test	with a tab" LEDGER_COMMIT=abc1234 LEDGER_BASE=def5678 \
    "$root/scripts/ledger-row.sh" "$work/decided.log")"
columns "$row"
[ "${#field[@]}" -eq 14 ] || fail "${#field[@]} columns, not 14: $row"
[[ "${field[0]}" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || fail "date '${field[0]}'"
expect=("a test with a tab" abc1234 def5678 "[-5, 0]" "23200 / 25000 nodes" 4402 40 15-10-15 2,4,6,5,3
    "+8.8 ± 20.2" 2.96 H1 "lent machine, 15 games at once, 530 s")
for i in "${!expect[@]}"; do
    [ "${field[i + 1]}" = "${expect[i]}" ] || fail "column $((i + 2)) is '${field[i + 1]}', not '${expect[i]}'"
done

# 2. The environment wins over the log; a run that ended without a verdict is "stopped".
grep -v "was accepted" "$work/decided.log" > "$work/stopped.log"
row="$(LEDGER=- LEDGER_BUDGET=3+0.03 LEDGER_SEED=7 "$root/scripts/ledger-row.sh" "$work/stopped.log")"
columns "$row"
[ "${field[5]}/${field[6]}/${field[12]}/${field[1]}" = "3+0.03/7/stopped/new against base" ] ||
    fail "budget, seed, verdict, change: ${field[5]}/${field[6]}/${field[12]}/${field[1]}"

# 3. A match (no -sprt, so no LLR line): no bounds, no LLR, verdict "match".
grep -v "^LLR\|was accepted" "$work/decided.log" > "$work/match.log"
columns "$(LEDGER=- "$root/scripts/ledger-row.sh" "$work/match.log")"
[ "${#field[@]}" -eq 14 ] && [ "${field[4]}/${field[11]}/${field[12]}/${field[7]}" = "—//match/40" ] ||
    fail "a match's bounds, LLR, verdict, games: ${field[4]}/${field[11]}/${field[12]}/${field[7]}"

# 4. Appended to the file LEDGER names; nothing for a log without a summary.
printf 'header\n' > "$work/ledger.tsv"
LEDGER="$work/ledger.tsv" "$root/scripts/ledger-row.sh" "$work/decided.log" 2>/dev/null
echo "Started game 1 of 8000 (new vs base)" > "$work/empty.log"
LEDGER="$work/ledger.tsv" "$root/scripts/ledger-row.sh" "$work/empty.log" 2>/dev/null
[ "$(wc -l < "$work/ledger.tsv")" -eq 2 ] || fail "the ledger has $(wc -l < "$work/ledger.tsv") lines, not 2"

echo "test-ledger-row: ok"
