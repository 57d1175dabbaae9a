#!/usr/bin/env bash
# End-to-end test of the Counter example's scripted mode.
#
# For each case directory in EndToEnd/, pipes input.txt into the Counter executable and compares its
# standard output, standard error and exit status with expected-stdout.txt, expected-stderr.txt and
# expected-status. Prints a diff for each difference, then "N passed, N failed"; exits 1 on failure.
#
# Run from anywhere:   bash Examples/Counter/Tests/end-to-end.sh
# It builds Counter with `swift build` first. To choose the build:
#   COUNTER_SCRATCH_PATH=.build-x   build with --scratch-path .build-x (default: .build)
#   COUNTER_BIN=path/to/Counter     test this binary, without building
set -uo pipefail

root="$(cd "$(dirname "$0")/../../.." && pwd)"
cases="$root/Examples/Counter/Tests/EndToEnd"

if [[ -z "${COUNTER_BIN:-}" ]]; then
    scratch="${COUNTER_SCRATCH_PATH:-.build}"
    if ! (cd "$root" && swift build --product Counter --scratch-path "$scratch" >&2); then
        echo "error: swift build --product Counter failed" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    COUNTER_BIN="$(cd "$root" && swift build --scratch-path "$scratch" --show-bin-path)/Counter"
fi

# A hung binary (a fetch never waited for, or waited for forever) fails instead of hanging CI.
limit=()
if command -v timeout >/dev/null; then
    limit=(timeout 60)
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0

# check NAME EXPECTED-FILE ACTUAL-FILE
check() {
    if diff -u --label "expected $1" --label "actual $1" "$2" "$3"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}

for dir in "$cases"/*/; do
    name="$(basename "$dir")"
    echo "--- $name"
    cat "$dir/input.txt" | "${limit[@]}" "$COUNTER_BIN" >"$work/stdout" 2>"$work/stderr"
    echo "${PIPESTATUS[1]}" >"$work/status"
    check "$name: stdout" "$dir/expected-stdout.txt" "$work/stdout"
    check "$name: stderr" "$dir/expected-stderr.txt" "$work/stderr"
    check "$name: exit status" "$dir/expected-status" "$work/status"
done

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
