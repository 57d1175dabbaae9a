#!/usr/bin/env bash
# Interactive test of the Todos example, in a tmux window: keys, the reminder's countdown on the real
# clock and its cancellation (by close, and by back), a todo's history over its detail, the settings screen
# and the rows that follow its settings, a resize, quitting, the file it saved, and a second session that
# loads it.
#
# It starts Todos in a detached tmux window 64 columns wide on a new file, presses keys, and after each
# step compares the screen (tmux capture-pane) with the one expected, exactly. Prints a diff for each
# difference, then "N passed, N failed"; exits 1 on failure. Skips (exit 0) without tmux, saying so.
#
# Run from anywhere:   bash Examples/Todos/Tests/interactive.sh
# It builds Todos with `swift build` first. To choose the build:
#   TODOS_SCRATCH_PATH=.build-x   build with --scratch-path .build-x (default: .build)
#   TODOS_BIN=path/to/Todos       test this binary, without building
set -uo pipefail

if ! command -v tmux >/dev/null; then
    echo "skipped: tmux is not installed"
    exit 0
fi

root="$(cd "$(dirname "$0")/../../.." && pwd)"

if [[ -z "${TODOS_BIN:-}" ]]; then
    scratch="${TODOS_SCRATCH_PATH:-.build}"
    if ! (cd "$root" && swift build --product Todos --scratch-path "$scratch" >&2); then
        echo "error: swift build --product Todos failed" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    TODOS_BIN="$(cd "$root" && swift build --scratch-path "$scratch" --show-bin-path)/Todos"
fi

# A tmux server of our own, so that the user's sessions are neither seen nor touched.
server="todos-interactive-test-$$"
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
        screen="$(tmux capture-pane -p -t todos | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}')"
        [[ "$screen" == "$2" ]] && break
        sleep 0.1
    done
    if diff -u --label "expected $1" --label "actual $1" <(printf '%s\n' "$2") <(printf '%s\n' "$screen"); then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}

help="j/k up/down  space toggle  a add  e edit  d delete  f filter
J/K reorder  Enter open  s settings  q quit"
# The help with the keys of the screen on top.
detail_help="$help
1-9 remind  h history  Esc back  c close"
history_help="$help
Esc back  c close"
settings_help="$help
m mark  i ids  Esc back  c close"

file="$work/todos.json"
printf '%q --file %q; echo "exit status $?"; sleep 600\n' "$TODOS_BIN" "$file" >"$work/run.sh"
tmux new-session -d -s todos -x 64 -y 20 "bash $(printf '%q' "$work/run.sh")"

echo "--- an empty list"
expect "empty" "Swivelish todos  (filter: all, 0 of 0 done)

  (no todos: press a to add one)

No todo open (Enter opens one)


$help"

echo "--- add three todos, typing (with a Backspace)"
tmux send-keys -t todos a B u y Space m i l l BSpace k
expect "typing" "Swivelish todos  (filter: all, 0 of 0 done)

  (no todos: press a to add one)

No todo open (Enter opens one)
Add: Buy milk_

Enter save   Esc cancel   Backspace erase"
tmux send-keys -t todos Enter a C a l l Space m o m Enter a W a l k Enter
expect "three todos" "Swivelish todos  (filter: all, 0 of 3 done)

  1. [ ] Buy milk
  2. [ ] Call mom
> 3. [ ] Walk

No todo open (Enter opens one)


$help"

echo "--- toggle, edit, reorder, filter"
tmux send-keys -t todos k Space e BSpace BSpace BSpace d a d Enter K
expect "toggled, renamed and moved up" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


$help"
tmux send-keys -t todos f
expect "filter active" "Swivelish todos  (filter: active, 1 of 3 done)

> 1. [ ] Buy milk
  2. [ ] Walk

No todo open (Enter opens one)


$help"
tmux send-keys -t todos f f
expect "filter all again" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


$help"

echo "--- open a detail; its reminder counts down on the real clock"
tmux send-keys -t todos j Enter
expect "opened" "Swivelish todos  (filter: all, 1 of 3 done)

  1. [x] Call dad
> 2. [ ] Buy milk
  3. [ ] Walk

Open: Buy milk  (1-9: remind in so many seconds)


$detail_help"
tmux send-keys -t todos 2
expect "reminder due after 2 seconds" "Swivelish todos  (filter: all, 1 of 3 done)

  1. [x] Call dad
> 2. [ ] Buy milk
  3. [ ] Walk

Open: Buy milk  (REMINDER DUE)


$detail_help"

echo "--- close while a countdown runs: no tick after it"
tmux send-keys -t todos 3
expect "counting down" "Swivelish todos  (filter: all, 1 of 3 done)

  1. [x] Call dad
> 2. [ ] Buy milk
  3. [ ] Walk

Open: Buy milk  (reminder in 3s)


$detail_help"
tmux send-keys -t todos c
closed="Swivelish todos  (filter: all, 1 of 3 done)

  1. [x] Call dad
> 2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


$help"
expect "closed" "$closed"
sleep 3.5
expect "still closed 3.5 seconds later" "$closed"

echo "--- a todo's history over its detail follows the todo"
tmux send-keys -t todos k Enter h
expect "history" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

History of Call dad:
  added as \"Call mom\"
  done
  renamed to \"Call dad\"


$history_help"
tmux send-keys -t todos Space Space
expect "history after toggling its todo twice" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

History of Call dad:
  (1 earlier)
  done
  renamed to \"Call dad\"
  not done
  done


$history_help"

echo "--- back pops the history, then the detail, whose countdown stops"
tmux send-keys -t todos Escape
expect "back to the detail" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

Open: Call dad  (1-9: remind in so many seconds)


$detail_help"
tmux send-keys -t todos 3
expect "counting down again" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

Open: Call dad  (reminder in 3s)


$detail_help"
tmux send-keys -t todos Escape
list_only="Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


$help"
expect "back to the list" "$list_only"
sleep 3.5
expect "still the list 3.5 seconds later" "$list_only"

echo "--- the settings screen: every row follows the settings"
tmux send-keys -t todos Enter s
expect "settings" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [x] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

Settings: mark x, ids off


$settings_help"
tmux send-keys -t todos m
expect "the mark ✓ on every done row" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [✓] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

Settings: mark ✓, ids off


$settings_help"
tmux send-keys -t todos i
expect "ids on every row" "Swivelish todos  (filter: all, 1 of 3 done)

> 1. [✓] #2 Call dad
  2. [ ] #1 Buy milk
  3. [ ] #3 Walk

Settings: mark ✓, ids on


$settings_help"
tmux send-keys -t todos i c
closed="Swivelish todos  (filter: all, 1 of 3 done)

> 1. [✓] Call dad
  2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


$help"
expect "ids off, every screen closed, the mark kept" "$closed"
tmux send-keys -t todos j

echo "--- a narrower window: lines are cut, none wraps"
tmux resize-window -t todos -x 30
expect "30 columns" "Swivelish todos  (filter: all,

  1. [✓] Call dad
> 2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


j/k up/down  space toggle  a a
J/K reorder  Enter open  s set"
tmux resize-window -t todos -x 64
expect "widened again to 64 columns" "Swivelish todos  (filter: all, 1 of 3 done)

  1. [✓] Call dad
> 2. [ ] Buy milk
  3. [ ] Walk

No todo open (Enter opens one)


$help"

echo "--- delete, quit, and the file it saved"
tmux send-keys -t todos d q
expect "quit" "Swivelish todos  (filter: all, 1 of 2 done)

  1. [✓] Call dad
> 2. [ ] Walk

No todo open (Enter opens one)


$help
exit status 0"
python3 - "$file" >"$work/saved" <<'PYTHON'
import json, sys
for todo in json.load(open(sys.argv[1]))["todos"]:
    print(todo["id"], todo["isDone"], todo["title"])
PYTHON
if diff -u --label "expected file" --label "actual file" <(printf '2 True Call dad\n3 False Walk\n') "$work/saved"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
fi

echo "--- a second session shows what the first saved, the settings too (the done mark it chose)"
tmux respawn-pane -k -t todos "bash $(printf '%q' "$work/run.sh")"
expect "reloaded" "Swivelish todos  (filter: all, 1 of 2 done)

> 1. [✓] Call dad
  2. [ ] Walk

No todo open (Enter opens one)


$help"
echo "--- a todo toggled under the active filter leaves the list"
tmux send-keys -t todos f
expect "filter active, reloaded" "Swivelish todos  (filter: active, 1 of 2 done)

> 1. [ ] Walk

No todo open (Enter opens one)


$help"
tmux send-keys -t todos Space
expect "toggled away" "Swivelish todos  (filter: active, 2 of 2 done)

  (no active todos)

No todo open (Enter opens one)


$help"
tmux send-keys -t todos C-c
expect "Ctrl-C" "Swivelish todos  (filter: active, 2 of 2 done)

  (no active todos)

No todo open (Enter opens one)


$help
exit status 130"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
