#!/usr/bin/env bash
# Counts the cache misses one operation of a workload makes, in valgrind's simulation of this machine's
# caches (cachegrind): a figure that does not wander with the machine's load, for the workloads whose time
# grows with memory rather than instructions (W13's 10,000 rows against its 1,000).
#
#     ./cache-misses.sh                                  # W13, store and by hand, 1,000 and 10,000 rows
#     ./cache-misses.sh W13-store-10k W13-hand-10k       # some of them
#     TOP=8 ./cache-misses.sh W13-store-10k              # and the functions that miss most
#
# The simulated caches: 64 KiB first-level data cache and a 512 KiB last level, 8-way, 64-byte lines (one
# core's L1d and L2 here; the L3 is shared, and slower to reach). Each workload runs n and 2n times in
# SwivelishProfile (release build); the difference divided by n is what one operation costs, without the
# fixture's set-up. "last-level" misses are the ones that go to the L3 or memory.
set -euo pipefail
cd "$(dirname "$0")"
export SWIFT_DETERMINISTIC_HASHING=1

command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }
swift build -c release --product SwivelishProfile >/dev/null
binary=$(swift build -c release --show-bin-path)/SwivelishProfile
out=.build/cachegrind
mkdir -p "$out"

workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
    workloads=(W13-store-1k W13-store-10k W13-hand-1k W13-hand-10k)
fi
n=2000
for workload in "${workloads[@]}"; do
    for count in $n $((2 * n)); do
        valgrind --tool=cachegrind --cache-sim=yes --D1=65536,8,64 --LL=524288,8,64 \
            --cachegrind-out-file="$out/$workload-$count.out" "$binary" "$workload" "$count" >/dev/null 2>&1
    done
    python3 - "$out/$workload-$n.out" "$out/$workload-$((2 * n)).out" "$n" "$workload" "${TOP:-0}" <<'PYTHON'
import re, subprocess, sys

def per_function(path):
    text = subprocess.run(['cg_annotate', '--show=Ir,D1mr,DLmr', '--threshold=0', '--auto=no', path],
                          capture_output=True, text=True, check=True).stdout
    costs = {}
    for line in text.splitlines():
        fields = re.sub(r'\(\s*[\d.]+%\)', '', line).split()
        if len(fields) < 4 or not re.fullmatch(r'[\d,.]+', fields[0]):
            continue
        try:
            values = [0 if f == '.' else int(f.replace(',', '')) for f in fields[:3]]
        except ValueError:
            continue
        name = re.sub(r'^.*?:', '', ' '.join(fields[3:]))
        costs[name] = [a + b for a, b in zip(costs.get(name, [0, 0, 0]), values)]
    return costs

once, twice, n, workload, top = per_function(sys.argv[1]), per_function(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
delta = {k: [(b - a) / n for a, b in zip(once.get(k, [0, 0, 0]), twice.get(k, [0, 0, 0]))] for k in set(once) | set(twice)}
total = delta.pop('PROGRAM TOTALS')
print('%-14s %6.0f instructions, %5.2f first-level and %5.2f last-level data read misses per operation'
      % (workload, total[0], total[1], total[2]))
for name, cost in sorted(delta.items(), key=lambda item: -item[1][2])[:top]:
    if cost[2] >= 0.05:
        print('    %5.2f  %s' % (cost[2], name[:150]))
PYTHON
done
