#!/usr/bin/env bash
# End-to-end test of the Counter example's scripted mode.
#
# For each case directory in EndToEnd/, pipes input.txt into the Counter executable and compares its
# standard output, standard error and exit status with expected-stdout.txt, expected-stderr.txt and
# expected-status. Then it runs it again with --print-changes: standard output and the exit status must
# be the same, and standard error (the changes, and the errors) must be expected-changes.txt. Prints a
# diff for each difference, then "N passed, N failed"; exits 1 on failure.
#
# Then it runs it with --trace FILE: standard output, standard error and the exit status must not change,
# and the trace must hold, in order, the messages that --print-changes names. A --trace file that cannot
# be created must give its error and exit 73.
#
# Then it runs the every-command case with an output that cannot be written (standard output on
# /dev/full, closed, or a pipe whose reader is gone): the program must say so on standard error and
# exit 74, not 0.
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

    echo "--- $name, with --print-changes"
    cat "$dir/input.txt" | "${limit[@]}" "$COUNTER_BIN" --print-changes >"$work/stdout" 2>"$work/stderr"
    echo "${PIPESTATUS[1]}" >"$work/status"
    check "$name, with --print-changes: stdout" "$dir/expected-stdout.txt" "$work/stdout"
    check "$name, with --print-changes: stderr" "$dir/expected-changes.txt" "$work/stderr"
    check "$name, with --print-changes: exit status" "$dir/expected-status" "$work/status"

    echo "--- $name, with --trace"
    rm -f "$work/trace.jsonl"
    cat "$dir/input.txt" | "${limit[@]}" "$COUNTER_BIN" --trace "$work/trace.jsonl" >"$work/stdout" 2>"$work/stderr"
    echo "${PIPESTATUS[1]}" >"$work/status"
    check "$name, with --trace: stdout" "$dir/expected-stdout.txt" "$work/stdout"
    check "$name, with --trace: stderr" "$dir/expected-stderr.txt" "$work/stderr"
    check "$name, with --trace: exit status" "$dir/expected-status" "$work/status"
    # The trace holds the messages --print-changes names (its lines that are not indented or errors), in
    # order, in format version 1, and ends with the record of a trace its program closed.
    grep -v -e '^ ' -e '^error: ' "$dir/expected-changes.txt" >"$work/expected-trace" || true
    python3 - "$work/trace.jsonl" >"$work/actual-trace" 2>&1 <<'PYTHON' || true
import json, sys
lines = open(sys.argv[1]).read().split("\n")
header = json.loads(lines[0])
assert header["format"] == "swivelish-trace" and header["version"] == 1, "bad header: " + lines[0]
records = [json.loads(line) for line in lines[1:] if line]
assert records[-1]["kind"] == "end", "no end record"
for record in records:
    if record["kind"] == "message":
        print(record["text"])
PYTHON
    check "$name, with --trace: the trace's messages" "$work/expected-trace" "$work/actual-trace"
done

echo "--- --trace to a file that cannot be created"
"${limit[@]}" "$COUNTER_BIN" --trace "$work/no-such-directory/trace.jsonl" </dev/null >"$work/stdout" 2>"$work/stderr"
echo "$?" >"$work/status"
printf 'error: cannot open the trace file %s: No such file or directory\n' "$work/no-such-directory/trace.jsonl" \
    >"$work/expected-stderr"
echo 73 >"$work/expected-status"
check "--trace to a file that cannot be created: stderr" "$work/expected-stderr" "$work/stderr"
check "--trace to a file that cannot be created: exit status" "$work/expected-status" "$work/status"

# check_output_error NAME ERROR-MESSAGE: compares "$work/stderr" with "error: cannot write the output:
# ERROR-MESSAGE" and "$work/status" with 74.
check_output_error() {
    printf 'error: cannot write the output: %s\n' "$2" >"$work/expected-stderr"
    echo 74 >"$work/expected-status"
    check "$1: stderr" "$work/expected-stderr" "$work/stderr"
    check "$1: exit status" "$work/expected-status" "$work/status"
}

input="$cases/every-command/input.txt"

echo "--- stdout on /dev/full"
if [[ -w /dev/full ]]; then
    "${limit[@]}" "$COUNTER_BIN" <"$input" >/dev/full 2>"$work/stderr"
    echo "$?" >"$work/status"
    check_output_error "stdout on /dev/full" "No space left on device"
else
    echo "skipped: no /dev/full on this system"
fi

echo "--- stdout closed"
"${limit[@]}" "$COUNTER_BIN" <"$input" >&- 2>"$work/stderr"
echo "$?" >"$work/status"
check_output_error "stdout closed" "Bad file descriptor"

# The reader of the pipe closes it, then lets the input through: the first line written meets a pipe
# with no reader, every time, with no sleep.
echo "--- stdout to a pipe whose reader is gone"
mkfifo "$work/go"
{ read -r _ <"$work/go"; cat "$input"; } \
    | { "${limit[@]}" "$COUNTER_BIN" 2>"$work/stderr"; echo "$?" >"$work/status"; } \
    | { exec 0<&-; echo >"$work/go"; }
check_output_error "stdout to a pipe whose reader is gone" "Broken pipe"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
