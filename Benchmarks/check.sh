#!/usr/bin/env bash
# CI guard: runs every Swivelish ("(Store)") benchmark briefly and fails when one allocates more per operation
# than Thresholds/mallocs.txt allows. Allocation counts are deterministic, so a few iterations suffice;
# wall-clock times are not checked (see README.md).
#
#     Benchmarks/check.sh          # from anywhere; exit status 0 when every workload is within its threshold
#
# The figure compared is the median iteration's malloc count (from the benchmark package's malloc
# interposer), divided by the operations in an iteration. An iteration may exceed threshold x operations by
# SLACK mallocs (default 10), for what the harness itself allocates (W4 starts two threads per iteration).
set -uo pipefail
cd "$(dirname "$0")"

thresholds=Thresholds/mallocs.txt
slack=${SLACK:-10}
started=$(date +%s)
output=$(mktemp)
errors=$(mktemp)
trap 'rm -f "$output" "$errors"' EXIT

echo "Running the Swivelish benchmarks briefly (SWIVELISH_BENCHMARK_QUICK=1), allocations only..."
if ! SWIVELISH_BENCHMARK_QUICK=1 swift package benchmark --no-progress \
    --filter '.*\(Store\)' --metric mallocCountTotal --format influx --path stdout >"$output" 2>"$errors"; then
    grep -v '^SwivelishBenchmarks,' "$output" | tail -n 40 >&2
    tail -n 40 "$errors" >&2
    echo "error: the benchmarks did not build or run (see above); 0 passed, 1 failed" >&2
    exit 1
fi

# Influx CSV: measurement,host,cpu,processors,memory,kernel,metric,unit,test,percentile,value,...
awk -F ',' -v slack="$slack" '
    FNR == NR {
        if ($0 ~ /^[[:space:]]*(#|$)/) next
        n = split($0, field, / *\| */)
        if (n != 3) { printf "error: %s: malformed line: %s\n", FILENAME, $0; bad = 1; next }
        order[++count] = field[1]; name[field[1]] = 1
        operations[field[1]] = field[2]; allowed[field[1]] = field[3]
        next
    }
    $1 == "SwivelishBenchmarks" && $7 == "Malloc(total)" && $10 == "50.0" { median[$9] = $11 }
    END {
        passed = 0; failed = bad
        for (test in median) if (!(test in name)) {
            printf "FAIL  %s: no threshold recorded in Thresholds/mallocs.txt\n", test; failed++
        }
        for (i = 1; i <= count; i++) {
            test = order[i]
            if (!(test in median)) { printf "FAIL  %s: did not run\n", test; failed++; continue }
            perOperation = median[test] / operations[test]
            if (median[test] > allowed[test] * operations[test] + slack) {
                printf "FAIL  %s: %.3f mallocs per operation (%d in an iteration of %d), threshold %s\n", \
                    test, perOperation, median[test], operations[test], allowed[test]
                failed++
            } else {
                printf "ok    %s: %.3f mallocs per operation, threshold %s\n", test, perOperation, allowed[test]
                passed++
            }
        }
        printf "%d passed, %d failed\n", passed, failed
        exit failed > 0 ? 1 : 0
    }
' "$thresholds" "$output"
status=$?
echo "check.sh took $(($(date +%s) - started)) s"
exit $status
