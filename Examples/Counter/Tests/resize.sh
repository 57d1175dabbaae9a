#!/usr/bin/env bash
# Interactive test of the Counter example, in a tmux window: narrow and resized terminals, and
# quitting while a fetch runs.
#
# It starts Counter in a detached tmux window 40 columns wide, presses keys, resizes the window, and
# after each step compares the screen (tmux capture-pane) with the one expected, exactly. Prints a diff
# for each difference, then "N passed, N failed"; exits 1 on failure. Skips (exit 0) without tmux.
#
# Run from anywhere:   bash Examples/Counter/Tests/resize.sh
# It builds Counter with `swift build` first. To choose the build:
#   COUNTER_SCRATCH_PATH=.build-x   build with --scratch-path .build-x (default: .build)
#   COUNTER_BIN=path/to/Counter     test this binary, without building
set -uo pipefail

if ! command -v tmux >/dev/null; then
    echo "skipped: tmux is not installed"
    exit 0
fi

root="$(cd "$(dirname "$0")/../../.." && pwd)"

if [[ -z "${COUNTER_BIN:-}" ]]; then
    scratch="${COUNTER_SCRATCH_PATH:-.build}"
    if ! (cd "$root" && swift build --product Counter --scratch-path "$scratch" >&2); then
        echo "error: swift build --product Counter failed" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    COUNTER_BIN="$(cd "$root" && swift build --scratch-path "$scratch" --show-bin-path)/Counter"
fi

# A tmux server of our own, so that the user's sessions are neither seen nor touched.
server="counter-resize-test-$$"
work="$(mktemp -d)"
trap 'tmux -L "$server" kill-server 2>/dev/null; rm -rf "$work"' EXIT
tmux() { command tmux -L "$server" -f /dev/null "$@"; }

passed=0
failed=0

# expect NAME EXPECTED: waits up to 10 seconds for the screen (less its trailing blank lines) to be
# EXPECTED, polling, then compares them.
expect() {
    local screen
    for _ in $(seq 100); do
        screen="$(tmux capture-pane -p -t counter)"
        [[ "$screen" == "$2" ]] && break
        sleep 0.1
    done
    if diff -u --label "expected $1" --label "actual $1" <(printf '%s\n' "$2") <(printf '%s\n' "$screen"); then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}

# wait_for TEXT: waits up to 10 seconds for a line of the screen to be TEXT.
wait_for() {
    for _ in $(seq 100); do
        tmux capture-pane -p -t counter | grep -qxF -- "$1" && return
        sleep 0.1
    done
}

printf '%q; echo "exit status $?"; sleep 600\n' "$COUNTER_BIN" >"$work/run.sh"
tmux new-session -d -s counter -x 40 -y 24 "bash $(printf '%q' "$work/run.sh")"

echo "--- 40 columns: the help fits in its short form, and no line wraps"
expect "40 columns" "Swivelish counter

    Count: 0

Ready.  (history: 0)
+ - change  r random  u undo  q quit"

tmux send-keys -t counter + +
expect "40 columns, after + +" "Swivelish counter

    Count: 2

Ready.  (history: 2)
+ - change  r random  u undo  q quit"

echo "--- a fetch, while the window is resized"
tmux send-keys -t counter r
expect "40 columns, loading: a status line exactly as wide" "Swivelish counter

    Count: 2

Loading a random amount...  (history: 2)
+ - change  r random  u undo  q quit"

tmux resize-window -t counter -x 100
expect "widened to 100 columns" "Swivelish counter

    Count: 2

Loading a random amount...  (history: 2)
+ - change   r random amount   u undo   q quit"

tmux resize-window -t counter -x 30
expect "narrowed to 30 columns" "Swivelish counter

    Count: 2

Loading...  (history: 2)
+ - change   r random amount
u undo   q quit"

# The fetched amount is random: undo it to get a known screen.
wait_for "Ready.  (history: 3)"
tmux send-keys -t counter u
expect "30 columns, fetched and undone" "Swivelish counter

    Count: 2

Ready.  (history: 2)
+ - change   r random amount
u undo   q quit"

tmux resize-window -t counter -x 80
expect "widened to 80 columns: no stale lines" "Swivelish counter

    Count: 2

Ready.  (history: 2)
+ - change   r random amount   u undo   q quit"

echo "--- quit while a fetch runs (it takes a second)"
tmux send-keys -t counter r
wait_for "Loading a random amount...  (history: 2)"
tmux send-keys -t counter q
expect "quit while loading" "Swivelish counter

    Count: 2

Quit; the fetch in flight was dropped.  (history: 2)
+ - change   r random amount   u undo   q quit
exit status 0"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
