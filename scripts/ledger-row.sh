#!/usr/bin/env bash
# Adds one row to the results ledger, docs/results.tsv (docs/results.md explains its columns), for the test whose
# fastchess output is LOG: the last summary fastchess printed (games, W-L-D, pentanomial, Elo, LLR and the SPRT's
# bounds) and the verdict, H1 or H0 when fastchess accepted one, else "stopped".
#   scripts/ledger-row.sh LOG
# What the log does not say comes from the environment (tabs and line breaks in them become spaces):
#   LEDGER_CHANGE   what the new side changes (default: "new against base")
#   LEDGER_COMMIT   the new side's commit or patch; LEDGER_BASE the base's
#   LEDGER_BUDGET   "25000 nodes", "23200 / 25000 nodes" (new / base) or a time control such as "3+0.03"
#   LEDGER_SEED     the opening seed
#   LEDGER_NOTES    anything else worth knowing (the machine, what ran beside it)
#   LEDGER          the file to add to (default docs/results.tsv); "-" prints the row instead
# LEDGER_BUDGET, LEDGER_SEED and LEDGER_NOTES may also come from lines "ledger-budget: ...", "ledger-seed: ..." and
# "ledger-notes: ..." in LOG, as scripts/device-sprt.sh writes them. scripts/sprt.sh calls this at the end of each
# run; a lent machine's fastchess.log is added by hand with it, once fetched.
set -euo pipefail
if [ $# -ne 1 ]; then
    sed -n 2,16p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
log=$1
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ledger=${LEDGER:-$root/docs/results.tsv}

# The value of "ledger-KEY: value" in the log, if any.
from_log() { sed -n "s/^ledger-$1: //p" "$log" | tail -n 1; }
clean() { printf '%s' "$1" | tr '\t\r\n' '   '; }

budget=${LEDGER_BUDGET:-$(from_log budget)}
seed=${LEDGER_SEED:-$(from_log seed)}
notes=${LEDGER_NOTES:-$(from_log notes)}

# fastchess's summary, the last one printed:
#   Elo: 8.78 +/- 8.20, nElo: ...
#   Games: 4780, Wins: 1716, Losses: 1595, Draws: 1469, Points: ...
#   Ptnml(0-2): [262, 497, 801, 518, 312], WL/DD Ratio: ...
#   LLR: 2.21 (75.2%) (-2.94, 2.94) [0.00, 10.00]
#   SPRT ([0.00, 10.00]) completed - H1 was accepted
summary="$(awk '
    /^Elo: / { elo = sprintf("%+.1f ± %.1f", $2, $4) }
    /^Games: / { gsub(/,/, ""); games = $2; wld = $4 "-" $6 "-" $8 }
    /^Ptnml\(0-2\): / { match($0, /\[[^]]*\]/); p = substr($0, RSTART + 1, RLENGTH - 2); gsub(/ /, "", p) }
    /^LLR: / {
        llr = sprintf("%.2f", $2)
        match($0, /\[[^]]*\]/); b = substr($0, RSTART + 1, RLENGTH - 2); split(b, e, ", ")
        bounds = sprintf("[%g, %g]", e[1], e[2])
    }
    /H1 was accepted/ { verdict = "H1" }
    /H0 was accepted/ { verdict = "H0" }
    END {
        if (games == "") exit 1
        printf "%s\n%s\n%s\n%s\n%s\n%s\n%s\n", bounds, games, wld, p, elo, llr, (verdict == "" ? "stopped" : verdict)
    }' "$log")" || { echo "ledger-row: no fastchess summary in $log, no row added" >&2; exit 0; }
# One value a line, so that an empty one (no LLR in a match) keeps its place.
{ read -r bounds; read -r games; read -r wld; read -r pentanomial; read -r elo; read -r llr; read -r verdict; } \
    <<<"$summary"
# A match without -sprt prints no LLR line: no bounds, no LLR, and it is a match, not a stopped test.
if [ -z "$bounds" ]; then bounds="—"; verdict=match; fi

row="$(date -u +%F)"
for field in "${LEDGER_CHANGE:-new against base}" "${LEDGER_COMMIT:-}" "${LEDGER_BASE:-}" "$bounds" "$budget" "$seed" \
        "$games" "$wld" "$pentanomial" "$elo" "$llr" "$verdict" "$notes"; do
    row+=$'\t'"$(clean "$field")"
done
if [ "$ledger" = - ]; then
    printf '%s\n' "$row"
else
    printf '%s\n' "$row" >> "$ledger"
    echo "ledger-row: added to $ledger: $games games, $wld, $elo, LLR ${llr:-none}, $verdict" >&2
fi
