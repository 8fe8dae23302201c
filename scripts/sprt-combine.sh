#!/usr/bin/env bash
# Adds up the pentanomial counts of several runs of one SPRT (the "Ptnml(0-2)" lines fastchess prints) and gives
# the total's Elo and log-likelihood ratio as fastchess computes them (normalized Elo, elo0 = 0, elo1 = 10 unless
# ELO0 / ELO1 say otherwise; the bounds for alpha = beta = 0.05 are -2.94 and 2.94):
#   scripts/sprt-combine.sh 65,203,254,187,91 15,38,54,49,14
set -euo pipefail
if [ $# -lt 1 ]; then
    sed -n 2,5p "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
echo "$@" | tr ' ' '\n' | awk -F, -v elo0="${ELO0:-0}" -v elo1="${ELO1:-10}" '
    NF != 5 { print "not five counts: " $0 > "/dev/stderr"; bad = 1; exit 2 }
    { for (i = 1; i <= 5; i++) n[i] += $i }
    END {
        if (bad) exit 2
        pairs = 0; for (i = 1; i <= 5; i++) pairs += n[i]
        mean = 0; for (i = 1; i <= 5; i++) mean += n[i] * (i - 1) / 4 / pairs
        var = 0; for (i = 1; i <= 5; i++) var += n[i] * ((i - 1) / 4 - mean) ^ 2 / pairs
        k = log(10) / 800; sd = sqrt(2 * var)
        mu0 = 0.5 + elo0 * k * sd; mu1 = 0.5 + elo1 * k * sd
        llr = pairs * ((mean - mu0) ^ 2 - (mean - mu1) ^ 2) / (2 * var)
        se = sqrt(var / pairs)
        hi = mean + 1.96 * se; lo = mean - 1.96 * se
        printf "pentanomial [%d, %d, %d, %d, %d], %d games\n", n[1], n[2], n[3], n[4], n[5], 2 * pairs
        printf "Elo %.1f +- %.1f, nElo %.2f, LLR %.2f (-2.94, 2.94) [%g, %g]\n", elo(mean), (elo(hi) - elo(lo)) / 2,
            (mean - 0.5) / sd / k, llr, elo0, elo1
    }
    function elo(score) { return -400 * log(1 / score - 1) / log(10) }'
