#!/usr/bin/env bash
# End-to-end test of the Todos example's scripted mode.
#
# For each case directory in EndToEnd/, pipes input.txt into Todos with a new --file, and compares its
# standard output, standard error and exit status with expected-stdout.txt, expected-stderr.txt and
# expected-status, and the file it saved with expected-file.json (no such file: nothing may be saved).
# Then it runs it again with --print-changes (standard error must be expected-changes.txt) and with
# --trace FILE (the trace must hold, in order, the messages --print-changes names).
#
# Then: a second run loads what the first saved; the default file is ./todos.json; a corrupt file is
# moved to PATH.corrupt-N and reported, never overwritten; an unreadable file (a directory at PATH, or,
# when not root, a file without read permission) is reported and left alone, exit 66; a save that
# fails is reported, exit 1; bad arguments exit 2; a --trace file that cannot be created exits 73; an
# output that cannot be written (/dev/full, closed, a pipe whose reader is gone) exits 74.
#
# Prints a diff for each difference, then "N passed, N failed"; exits 1 on failure.
#
# Run from anywhere:   bash Examples/Todos/Tests/end-to-end.sh
# It builds Todos with `swift build` first. To choose the build:
#   TODOS_SCRATCH_PATH=.build-x   build with --scratch-path .build-x (default: .build)
#   TODOS_BIN=path/to/Todos       test this binary, without building
set -uo pipefail

root="$(cd "$(dirname "$0")/../../.." && pwd)"
cases="$root/Examples/Todos/Tests/EndToEnd"

if [[ -z "${TODOS_BIN:-}" ]]; then
    scratch="${TODOS_SCRATCH_PATH:-.build}"
    if ! (cd "$root" && swift build --product Todos --scratch-path "$scratch" >&2); then
        echo "error: swift build --product Todos failed" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    TODOS_BIN="$(cd "$root" && swift build --scratch-path "$scratch" --show-bin-path)/Todos"
fi

# A hung binary fails instead of hanging CI.
limit=()
if command -v timeout >/dev/null; then
    limit=(timeout 60)
fi

work="$(mktemp -d)"
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT

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

# check_text NAME EXPECTED-TEXT ACTUAL-FILE: EXPECTED-TEXT is the file's whole content, less the last newline.
check_text() {
    printf '%s\n' "$2" >"$work/expected-text"
    [[ -z "$2" ]] && : >"$work/expected-text"
    check "$1" "$work/expected-text" "$3"
}

# run_todos INPUT-FILE ARGUMENTS...: runs Todos with INPUT-FILE as standard input; writes $work/stdout,
# $work/stderr and $work/status.
run_todos() {
    local input="$1"
    shift
    "${limit[@]}" "$TODOS_BIN" "$@" <"$input" >"$work/stdout" 2>"$work/stderr"
    echo "$?" >"$work/status"
}

for dir in "$cases"/*/; do
    name="$(basename "$dir")"
    echo "--- $name"
    file="$work/$name.json"
    session="$work/$name.session.json"  # the settings and screens, saved beside the file
    rm -f "$file" "$session"
    run_todos "$dir/input.txt" --file "$file"
    check "$name: stdout" "$dir/expected-stdout.txt" "$work/stdout"
    check "$name: stderr" "$dir/expected-stderr.txt" "$work/stderr"
    check "$name: exit status" "$dir/expected-status" "$work/status"
    if [[ -f "$dir/expected-file.json" ]]; then
        check "$name: the file saved" "$dir/expected-file.json" "$file"
    elif [[ -e "$file" ]]; then
        echo "$name: a file was saved, but none was expected"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
    if [[ -f "$dir/expected-session.json" ]]; then
        check "$name: the session saved" "$dir/expected-session.json" "$session"
    elif [[ -e "$session" ]]; then
        echo "$name: a session was saved, but none was expected"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi

    echo "--- $name, with --print-changes"
    rm -f "$file" "$session"
    run_todos "$dir/input.txt" --file "$file" --print-changes
    check "$name, with --print-changes: stdout" "$dir/expected-stdout.txt" "$work/stdout"
    check "$name, with --print-changes: stderr" "$dir/expected-changes.txt" "$work/stderr"
    check "$name, with --print-changes: exit status" "$dir/expected-status" "$work/status"

    echo "--- $name, with --trace"
    rm -f "$file" "$session" "$work/trace.jsonl"
    run_todos "$dir/input.txt" --file "$file" --trace "$work/trace.jsonl"
    check "$name, with --trace: stdout" "$dir/expected-stdout.txt" "$work/stdout"
    check "$name, with --trace: stderr" "$dir/expected-stderr.txt" "$work/stderr"
    check "$name, with --trace: exit status" "$dir/expected-status" "$work/status"
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

echo "--- a second run loads what the first saved"
file="$work/kept.json"
run_todos "$cases/every-command/input.txt" --file "$file"
printf 'list\ntoggle 2\nadd Water the plants\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "second run: stdout" "2 of 2 shown (filter: all), 0 done
  1. [ ] Walk the dog
  2. [ ] Buy oat milk
changed: 2. [x] Buy oat milk
added: 3. [ ] Water the plants" "$work/stdout"
check_text "second run: stderr" "" "$work/stderr"
check_text "second run: exit status" "0" "$work/status"
printf 'list\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "third run: stdout" "3 of 3 shown (filter: all), 1 done
  1. [ ] Walk the dog
  2. [x] Buy oat milk
  3. [ ] Water the plants" "$work/stdout"

echo "--- a second run restores the settings and the screens the first left open"
file="$work/restored.json"
run_todos "$cases/stack-and-settings/input.txt" --file "$file"
printf 'open 1\nlist\nback\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "restored settings: stdout" "$(cat <<'EXPECTED'
opened: Buy oat milk
2 of 2 shown (filter: all), 2 done
  1. [✓] #1 Buy oat milk
  2. [✓] #2 Call mom
closed: Buy oat milk
EXPECTED
)" "$work/stdout"
check_text "restored settings: exit status" "0" "$work/status"
file="$work/reopened.json"
run_todos "$cases/countdown-and-close/input.txt" --file "$file"
printf 'history\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "restored detail: its history can be pushed over it" "0" "$work/status"
printf '{ not json\n' >"$work/reopened.session.json"
printf 'list\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "corrupt session: stderr" "warning: $work/reopened.session.json cannot be decoded (not JSON); it was moved to $work/reopened.session.json.corrupt-1; started with the default settings and no screen open" "$work/stderr"
check_text "corrupt session: kept as it was" "{ not json" "$work/reopened.session.json.corrupt-1"

echo "--- the default file is todos.json in the current directory"
mkdir "$work/default"
printf 'add Buy milk\n' >"$work/input"
(cd "$work/default" && "${limit[@]}" "$TODOS_BIN" <"$work/input" >"$work/stdout" 2>"$work/stderr")
check_text "default file: stdout" "added: 1. [ ] Buy milk" "$work/stdout"
if grep -q '"Buy milk"' "$work/default/todos.json" 2>/dev/null; then
    passed=$((passed + 1))
else
    echo "default file: $work/default/todos.json does not hold the todo"
    failed=$((failed + 1))
fi

echo "--- a corrupt file is moved aside and reported, never overwritten"
file="$work/corrupt.json"
printf '{ "todos": [ not json\n' >"$file"
printf 'list\nadd Buy milk\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "corrupt file: stdout" "0 of 0 shown (filter: all), 0 done
added: 1. [ ] Buy milk" "$work/stdout"
check_text "corrupt file: stderr" \
    "warning: $file is not a valid todo list (not JSON); moved it to $file.corrupt-1 and started with an empty list" \
    "$work/stderr"
check_text "corrupt file: exit status" "0" "$work/status"
check_text "corrupt file: the backup holds it unchanged" '{ "todos": [ not json' "$file.corrupt-1"
printf '{"version": 1, "todos": [{"id": 1}]}\n' >"$file"
run_todos "$work/input" --file "$file"
reason='no "title" at todos[0]'
check_text "second corrupt file: stderr" \
    "warning: $file is not a valid todo list ($reason); moved it to $file.corrupt-2 and started with an empty list" \
    "$work/stderr"
check_text "second corrupt file: the first backup is kept" '{ "todos": [ not json' "$file.corrupt-1"
check_text "second corrupt file: the second backup" '{"version": 1, "todos": [{"id": 1}]}' "$file.corrupt-2"

echo "--- an unreadable file (a directory at PATH) is reported and left alone"
file="$work/directory.json"
mkdir "$file"
touch "$file/inside"
run_todos "$work/input" --file "$file"
check_text "directory: stdout" "" "$work/stdout"
check_text "directory: stderr" "error: cannot read $file: Is a directory; it was left as it is" "$work/stderr"
check_text "directory: exit status" "66" "$work/status"
if [[ -d "$file" && -f "$file/inside" && ! -e "$file.corrupt-1" ]]; then
    passed=$((passed + 1))
else
    echo "directory: $file was touched"
    failed=$((failed + 1))
fi

echo "--- a file without read permission is reported and left alone"
if [[ "$(id -u)" == 0 ]]; then
    echo "skipped: running as root, who can read a file without read permission"
    echo "(the directory case above covers unreadable files)"
else
    file="$work/secret.json"
    printf '{ not json\n' >"$file"
    chmod 000 "$file"
    run_todos "$work/input" --file "$file"
    chmod 600 "$file"
    check_text "no permission: stderr" "error: cannot read $file: Permission denied; it was left as it is" \
        "$work/stderr"
    check_text "no permission: exit status" "66" "$work/status"
    check_text "no permission: the file is unchanged" "{ not json" "$file"
fi

echo "--- a save that fails is reported, and the session goes on"
file="$work/no-such-directory/todos.json"
printf 'add Buy milk\ntoggle 1\n' >"$work/input"
run_todos "$work/input" --file "$file"
check_text "failed save: stdout" "added: 1. [ ] Buy milk
changed: 1. [x] Buy milk" "$work/stdout"
check_text "failed save: stderr" "error: cannot save $file: No such file or directory" "$work/stderr"
check_text "failed save: exit status" "1" "$work/status"

echo "--- bad arguments"
"${limit[@]}" "$TODOS_BIN" --frobnicate </dev/null >"$work/stdout" 2>"$work/stderr"
echo "$?" >"$work/status"
check_text "bad arguments: exit status" "2" "$work/status"
head -1 "$work/stderr" >"$work/first-line"
check_text "bad arguments: stderr" "error: unexpected arguments --frobnicate" "$work/first-line"

echo "--- --trace to a file that cannot be created"
run_todos /dev/null --file "$work/t.json" --trace "$work/no-such-directory/trace.jsonl"
check_text "--trace to a file that cannot be created: stderr" \
    "error: cannot open the trace file $work/no-such-directory/trace.jsonl: No such file or directory" "$work/stderr"
check_text "--trace to a file that cannot be created: exit status" "73" "$work/status"

# check_output_error NAME ERROR-MESSAGE: compares "$work/stderr" with "error: cannot write the output:
# ERROR-MESSAGE" and "$work/status" with 74.
check_output_error() {
    check_text "$1: stderr" "error: cannot write the output: $2" "$work/stderr"
    check_text "$1: exit status" "74" "$work/status"
}

input="$cases/every-command/input.txt"

echo "--- stdout on /dev/full"
if [[ -w /dev/full ]]; then
    rm -f "$work/out.json"
    "${limit[@]}" "$TODOS_BIN" --file "$work/out.json" <"$input" >/dev/full 2>"$work/stderr"
    echo "$?" >"$work/status"
    check_output_error "stdout on /dev/full" "No space left on device"
else
    echo "skipped: no /dev/full on this system"
fi

echo "--- stdout closed"
rm -f "$work/out.json"
"${limit[@]}" "$TODOS_BIN" --file "$work/out.json" <"$input" >&- 2>"$work/stderr"
echo "$?" >"$work/status"
check_output_error "stdout closed" "Bad file descriptor"

# The reader of the pipe closes it, then lets the input through: the first line written meets a pipe
# with no reader, every time, with no sleep.
echo "--- stdout to a pipe whose reader is gone"
rm -f "$work/out.json"
mkfifo "$work/go"
{ read -r _ <"$work/go"; cat "$input"; } \
    | { "${limit[@]}" "$TODOS_BIN" --file "$work/out.json" 2>"$work/stderr"; echo "$?" >"$work/status"; } \
    | { exec 0<&-; echo >"$work/go"; }
check_output_error "stdout to a pipe whose reader is gone" "Broken pipe"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
