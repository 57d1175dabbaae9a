#!/usr/bin/env bash
# Loads the stock service in both modes and compares them (issue 38).
#
#     bash load.sh                          # 10 s a run, one run of each mode at 10,000 and 100,000 items
#     ROUNDS=2 DURATION=30 bash load.sh     # hand, store, hand, store at each size
#     RESULTS=results.txt bash load.sh      # the summary written to results.txt too
#
# Builds the server in release, then, for each size and round, runs `hand` then `store`: starts the server,
# waits until it answers, runs `wrk -t2 -c50 -d${DURATION}s --latency -s take.lua` (each request takes one
# unit of a random item), reads the server's peak RSS (VmHWM) and the CPU time it used per request, asks
# `GET /check` whether nothing was lost, and stops the server. It prints a table, the store/hand ratios of
# the medians and the issue's bars at 100,000 items (store requests/s at least 0.7× hand's, p99 at most 2×,
# peak RSS at most 2×), met or not.
#
# Other settings: PORT (default 8080); SIZES (default "10000 100000"); MODES (default "hand store"; add
# `store-nosubs`, the store with `--subscriptions 0`, to see what the rows' subscriptions cost); SUBSCRIPTIONS
# (default 100).
#
# Exit status: 1 when a check of nothing lost failed, a response was not 2xx, or the server did not start or
# died; else 0. Wall-clock ratios are reported, not gated: a machine shared with the load is noisy.
set -euo pipefail

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-1}
PORT=${PORT:-8080}
SIZES=${SIZES:-10000 100000}
MODES=${MODES:-hand store}
SUBSCRIPTIONS=${SUBSCRIPTIONS:-100}
RESULTS=${RESULTS:-}
if [[ -n $RESULTS && $RESULTS != /* ]]; then
    RESULTS="$PWD/$RESULTS"  # relative to where the script was started, not to its folder
fi
cd "$(dirname "$0")"

# CI runs as root on a fresh machine: install what is missing.
install_package() {
    apt-get install -y "$1" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$1" >/dev/null; }
}
command -v wrk >/dev/null || install_package wrk
command -v curl >/dev/null || install_package curl

swift build -c release --product StockServer
server="$(swift build -c release --show-bin-path)/StockServer"

work=$(mktemp -d)
server_pid=
cleanup() {
    if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

failed=0
fail() {
    echo "load.sh: $*" >&2
    failed=1
}

# Prints what wrk's line `$1` says, from its output in the file `$2`: the field after the label.
wrk_field() {
    awk -v label="$1" 'index($0, label) { sub(".*" label "[ \t]*", ""); print; exit }' "$2"
}

# Converts a wrk latency ("812.00us", "3.21ms", "1.02s") to milliseconds.
milliseconds() {
    awk -v latency="$1" 'BEGIN {
        value = latency + 0
        if (latency ~ /us$/) value /= 1000
        else if (latency ~ /ms$/) value += 0
        else if (latency ~ /m$/) value *= 60000
        else if (latency ~ /s$/) value *= 1000
        printf "%.2f", value
    }'
}

# The CPU time the process `$1` has used, user and system, in clock ticks.
cpu_ticks() {
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# Runs the server with `$1` items in the mode `$2`, loads it and appends its row to $work/runs.
run() {
    local items=$1 mode=$2 arguments
    case $mode in
    hand) arguments=(--mode hand --subscriptions "$SUBSCRIPTIONS") ;;
    store) arguments=(--mode store --subscriptions "$SUBSCRIPTIONS") ;;
    store-nosubs) arguments=(--mode store --subscriptions 0) ;;
    *) fail "unknown mode $mode" && return ;;
    esac
    local log="$work/server-$items-$mode.log" output="$work/wrk-$items-$mode.txt"
    "$server" "${arguments[@]}" --items "$items" --port "$PORT" >"$log" 2>&1 &
    server_pid=$!
    local started=0
    for _ in $(seq 600); do
        kill -0 "$server_pid" 2>/dev/null || break
        # A 200 from this server, not from another one on the port (this one then dies, failing to bind).
        if curl -sf -o /dev/null --max-time 1 "http://127.0.0.1:$PORT/items/0" &&
            kill -0 "$server_pid" 2>/dev/null; then
            started=1
            break
        fi
        sleep 0.1
    done
    if ((!started)); then
        fail "the server ($mode, $items items) did not start:"
        cat "$log" >&2
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=
        return
    fi

    # The server's CPU time (user and system, in clock ticks) over the load: per request, a figure that the
    # other work on the machine disturbs less than requests/s.
    local ticks_before ticks_after
    ticks_before=$(cpu_ticks "$server_pid")
    wrk -t2 -c50 -d"${DURATION}s" --latency -s take.lua "http://127.0.0.1:$PORT" -- "$items" >"$output" 2>&1 || true
    ticks_after=$(cpu_ticks "$server_pid" || echo "$ticks_before")
    local requests_per_second p99 non_2xx socket_errors peak_rss check status
    requests_per_second=$(wrk_field "Requests/sec:" "$output")
    p99=$(milliseconds "$(awk '$1 == "99%" { print $2; exit }' "$output")")
    non_2xx=$(wrk_field "Non-2xx or 3xx responses:" "$output")
    non_2xx=${non_2xx:-0}
    socket_errors=$(wrk_field "Socket errors:" "$output" | tr -d ',' | awk '{ print $2 + $4 + $6 + $8 }')
    socket_errors=${socket_errors:-0}
    if ! kill -0 "$server_pid" 2>/dev/null; then
        fail "the server ($mode, $items items) died under the load:"
        cat "$log" >&2
        wait "$server_pid" 2>/dev/null || true
        server_pid=
        return
    fi
    peak_rss=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$server_pid/status")
    check=$(curl -s --max-time 60 -w '\n%{http_code}' "http://127.0.0.1:$PORT/check" || true)
    status=$(tail -n 1 <<<"$check")
    check=$(head -n 1 <<<"$check")
    kill -TERM "$server_pid"
    wait "$server_pid" || fail "the server ($mode, $items items) exited with status $? when stopped"
    server_pid=

    if [[ -z $requests_per_second ]]; then
        fail "wrk ($mode, $items items) printed no requests/s:"
        cat "$output" >&2
        return
    fi
    local verdict=ok
    if [[ $status != 200 ]]; then
        verdict=FAILED
        fail "the check of nothing lost failed ($mode, $items items, HTTP $status): $check"
    fi
    if ((non_2xx != 0)); then
        fail "$non_2xx responses were not 2xx ($mode, $items items)"
    fi
    local takes cpu_per_request
    takes=$(sed -n 's/.*"takes":\([0-9]*\).*/\1/p' <<<"$check")
    cpu_per_request=$(awk -v ticks=$((ticks_after - ticks_before)) -v hertz="$(getconf CLK_TCK)" \
        -v takes="${takes:-0}" 'BEGIN { printf "%.1f", (takes > 0 ? ticks / hertz * 1e6 / takes : 0) }')
    echo "$items $mode $requests_per_second $p99 $peak_rss $non_2xx $socket_errors ${takes:-?} $verdict" \
        "$cpu_per_request" >>"$work/runs"
    printf '  %s items, %s: %s requests/s, p99 %s ms, peak RSS %s KiB, server CPU %s us/request, check %s\n' \
        "$items" "$mode" "$requests_per_second" "$p99" "$peak_rss" "$cpu_per_request" "$verdict"
}

echo "Loading for ${DURATION} s a run, $ROUNDS round(s), sizes $SIZES, modes $MODES ($(nproc) cores, wrk here too)"
touch "$work/runs"
for items in $SIZES; do
    for ((round = 1; round <= ROUNDS; round++)); do
        for mode in $MODES; do
            run "$items" "$mode"
        done
    done
done

# The table, the ratios of the medians and the bars.
awk -v bar_items=100000 '
    function median(key,    n, i, j, v, t) {
        n = count[key]
        if (n == 0) return 0
        for (i = 1; i <= n; i++) v[i] = values[key, i]
        for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    function add(key, value) { values[key, ++count[key]] = value }
    function ratio(figure, items, mode) {
        return median(items SUBSEP "hand" SUBSEP figure) ? \
            median(items SUBSEP mode SUBSEP figure) / median(items SUBSEP "hand" SUBSEP figure) : 0
    }
    BEGIN {
        printf "%8s  %-12s  %11s  %9s  %15s  %16s  %7s  %13s  %9s  %s\n", "items", "mode", "requests/s", \
            "p99 (ms)", "peak RSS (MiB)", "CPU us/request", "non-2xx", "socket errors", "takes", "check"
    }
    {
        printf "%8d  %-12s  %11.0f  %9.2f  %15.1f  %16.1f  %7d  %13d  %9s  %s\n", $1, $2, $3, $4, $5 / 1024, $10, \
            $6, $7, $8, $9
        if (!($1 in seen)) { seen[$1] = 1; sizes[++size_count] = $1 }
        if (!($2 in seen_mode)) { seen_mode[$2] = 1; modes[++mode_count] = $2 }
        add($1 SUBSEP $2 SUBSEP "rps", $3); add($1 SUBSEP $2 SUBSEP "p99", $4); add($1 SUBSEP $2 SUBSEP "rss", $5)
        add($1 SUBSEP $2 SUBSEP "cpu", $10)
    }
    END {
        print ""
        for (s = 1; s <= size_count; s++) for (m = 1; m <= mode_count; m++) {
            if (modes[m] == "hand" || !count[sizes[s] SUBSEP "hand" SUBSEP "rps"]) continue
            if (!count[sizes[s] SUBSEP modes[m] SUBSEP "rps"]) continue
            printf "%s/hand at %d items: requests/s %.2fx, p99 %.2fx, peak RSS %.2fx, server CPU per request %.2fx\n", \
                modes[m], sizes[s], ratio("rps", sizes[s], modes[m]), ratio("p99", sizes[s], modes[m]), \
                ratio("rss", sizes[s], modes[m]), ratio("cpu", sizes[s], modes[m])
        }
        if (!count[bar_items SUBSEP "hand" SUBSEP "rps"] || !count[bar_items SUBSEP "store" SUBSEP "rps"]) exit
        rps = ratio("rps", bar_items, "store"); p99 = ratio("p99", bar_items, "store")
        rss = ratio("rss", bar_items, "store")
        printf "\nThe bars at %d items (reported, not gated):\n", bar_items
        printf "  store requests/s >= 0.7x hand: %.2fx  %s\n", rps, (rps >= 0.7 ? "met" : "not met")
        printf "  store p99 <= 2x hand:          %.2fx  %s\n", p99, (p99 <= 2 ? "met" : "not met")
        printf "  store peak RSS <= 2x hand:     %.2fx  %s\n", rss, (rss <= 2 ? "met" : "not met")
    }
' "$work/runs" >"$work/summary"

echo
cat "$work/summary"
if ((failed)); then
    echo "load.sh: FAILED (see above)"
else
    echo "Every check passed: nothing lost, every response 2xx."
fi
if [[ -n $RESULTS ]]; then
    {
        echo "load.sh, $(date -u +%Y-%m-%dT%H:%M:%SZ): ${DURATION} s a run, $ROUNDS round(s), $(nproc) cores," \
            "wrk -t2 -c50 on the same machine"
        cat "$work/summary"
        ((failed)) && echo "FAILED" || echo "Every check passed."
    } >"$RESULTS"
fi
exit "$failed"
