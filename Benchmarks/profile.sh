#!/usr/bin/env bash
# Counts the instructions one operation of a workload costs, with valgrind's callgrind (repeatable, unlike
# wall-clock time, whatever else the machine is doing).
#
#     ./profile.sh                      # every workload, store and baseline
#     ./profile.sh W2-store W2-bare     # some of them
#     KEEP=1 ./profile.sh W2-store      # keep the callgrind files in .build/callgrind for callgrind_annotate
#
# Each workload runs n and 2n times in SwivelishProfile (release build); the difference divided by n is the
# cost of one dispatch (or one subscribe + unsubscribe in W5), without the fixture's set-up.
set -euo pipefail
cd "$(dirname "$0")"

# Hashing is seeded per process unless told otherwise: deterministic, so that the n and 2n runs hash alike.
export SWIFT_DETERMINISTIC_HASHING=1

command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }
swift build -c release --product SwivelishProfile >/dev/null
binary=$(swift build -c release --show-bin-path)/SwivelishProfile
out=.build/callgrind
mkdir -p "$out"

workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
    workloads=(W1-store W1-bare W2-store W2-bare W2-hand W3-store W3-bare W5-store W5-bare W6as-store W6as-hand W6exact-store W6exact-hand W11as-store W11as-hand W11exact-store W11exact-hand W12-binding W12-hand W13-store-1k W13-store-10k W13-models-1k W13-models-10k W13-hand-1k W13-hand-10k W14-store W14-hand W16-store W17-store W8-store W8-hand W9-scoped W9-root W10-store W25-send W18-scoped W18-hand W19-free-10k W19-contended-10k W22-row-10k W13-rows-10k W23-currency-10k W23-row-10k W24-stack-2 W24-stack-200)
fi

instructions() {  # workload count -> total instructions
    valgrind --tool=callgrind --callgrind-out-file="$out/$1-$2.out" "$binary" "$1" "$2" 2>&1 \
        | awk '/Collected/ { print $4 }'
}

for workload in "${workloads[@]}"; do
    n=20000
    case $workload in W3-* | W8-*) n=200 ;; W11*) n=1000 ;; W13* | W14* | W16* | W17* | W19* | W22* | W23*) n=2000 ;; esac
    once=$(instructions "$workload" "$n")
    twice=$(instructions "$workload" $((2 * n)))
    printf '%-10s %12d instructions per operation\n' "$workload" $(((twice - once) / n))
    if [ -z "${KEEP:-}" ]; then rm -f "$out/$workload-$n.out" "$out/$workload-$((2 * n)).out"; fi
done
