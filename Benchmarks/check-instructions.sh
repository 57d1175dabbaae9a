#!/usr/bin/env bash
# CI guard: counts the instructions one operation of each workload in Thresholds/instructions.txt costs
# (profile.sh: callgrind, deterministic for one binary on one kind of machine) and fails when a figure has
# moved from the one recorded there by more than SLACK_PERCENT (default 3), or when a workload's ratio to
# its baseline is over its bar.
#
#     Benchmarks/check-instructions.sh                   # from anywhere; exit status 0 when every figure holds
#     Benchmarks/check-instructions.sh W11exact-store    # some workloads only (and the baselines they need)
#
# A figure above its recorded one by more than the slack is a regression: find it and fix it, or record
# the new figure with the reason in the commit. One below by more than the slack is a gain: record the new
# figure in the commit that made it (and in README.md, whose table takes its figures from this file).
set -uo pipefail
cd "$(dirname "$0")"

thresholds=Thresholds/instructions.txt
slack=${SLACK_PERCENT:-3}
started=$(date +%s)
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT

# The workloads asked for (all by default), with their baselines, and the baselines' own (W23-row-10k needs
# W13-store-10k, which needs W13-hand-10k), so that each workload measured is checked in full.
mapfile -t workloads < <(awk -F '|' -v asked="$*" '
    BEGIN { n = split(asked, list, " "); for (i = 1; i <= n; i++) wanted[list[i]] = 1 }
    /^[[:space:]]*(#|$)/ { next }
    {
        gsub(/ /, "", $1); gsub(/ /, "", $3)
        if (n == 0 || ($1 in wanted)) keep[$1] = 1
        baseline[$1] = $3
        order[++count] = $1
    }
    END {
        do {
            added = 0
            for (name in keep) if (baseline[name] != "-" && !(baseline[name] in keep)) { keep[baseline[name]] = 1; added = 1 }
        } while (added)
        for (i = 1; i <= count; i++) if (order[i] in keep) print order[i]
    }
' "$thresholds")
[ ${#workloads[@]} -gt 0 ] || { echo "error: no workload of Thresholds/instructions.txt is named $*" >&2; exit 1; }
echo "Counting the instructions of ${#workloads[@]} workloads with callgrind (profile.sh)..."
# Built here first, so that a build error is shown (profile.sh keeps the build quiet).
if ! build=$(swift build -c release --product SwivelishProfile 2>&1); then
    echo "$build" | tail -n 40 >&2
    echo "error: SwivelishProfile did not build (see above); 0 passed, 1 failed" >&2
    exit 1
fi
if ! ./profile.sh "${workloads[@]}" >"$figures"; then
    cat "$figures" >&2
    echo "error: profile.sh failed (see above); 0 passed, 1 failed" >&2
    exit 1
fi

# profile.sh prints "NAME   FIGURE instructions per operation".
awk -v slack="$slack" '
    FNR == NR { if ($3 == "instructions") measured[$1] = $2; next }
    /^[[:space:]]*(#|$)/ { next }
    {
        n = split($0, field, / *\| */)
        gsub(/^ +| +$/, "", field[1])
        if (n != 4) { printf "FAIL  %s: malformed line in Thresholds/instructions.txt: %s\n", FILENAME, $0; failed++; next }
        name = field[1]; recorded[name] = field[2]; baseline[name] = field[3]; bar[name] = field[4]
        if (name in measured) order[++count] = name
    }
    END {
        for (i = 1; i <= count; i++) {
            name = order[i]
            if (!(name in measured)) { printf "FAIL  %s: not measured\n", name; failed++; continue }
            figure = measured[name]; limit = int(recorded[name] * (1 + slack / 100))
            floor = int(recorded[name] * (1 - slack / 100))
            ratio = ""
            if (baseline[name] != "-") {
                if (!(baseline[name] in measured)) {
                    printf "FAIL  %s: its baseline %s is not measured\n", name, baseline[name]; failed++; continue
                }
                ratio = sprintf(", %.2fx %s", figure / measured[baseline[name]], baseline[name])
                if (bar[name] != "-") ratio = ratio sprintf(" (bar %sx)", bar[name])
            }
            if (figure > limit) {
                printf "FAIL  %s: %d instructions per operation, over its limit %d (recorded %d + %s%%)%s\n", \
                    name, figure, limit, recorded[name], slack, ratio
                failed++
            } else if (figure < floor) {
                printf "FAIL  %s: %d instructions per operation, under %d (recorded %d - %s%%): a gain; record %d in Thresholds/instructions.txt and README.md\n", \
                    name, figure, floor, recorded[name], slack, figure
                failed++
            } else if (ratio != "" && bar[name] != "-" && figure > bar[name] * measured[baseline[name]]) {
                printf "FAIL  %s: %d instructions per operation%s: over its bar\n", name, figure, ratio
                failed++
            } else {
                printf "ok    %s: %d instructions per operation, recorded %d%s\n", name, figure, recorded[name], ratio
                passed++
            }
        }
        printf "%d passed, %d failed\n", passed, failed
        exit failed > 0 ? 1 : 0
    }
' "$figures" "$thresholds"
status=$?
echo "check-instructions.sh took $(($(date +%s) - started)) s"
exit $status
