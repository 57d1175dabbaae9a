// Runs one workload many times, without the benchmark harness, for valgrind:
//
//     swift build -c release --product SwivelishProfile
//     valgrind --tool=callgrind .build/release/SwivelishProfile W1-store 100000
//     valgrind --tool=callgrind .build/release/SwivelishProfile W5-store 20000 1000
//
// Workloads: W1-store, W1-bare, W2-store, W2-bare, W2-hand, W3-store, W3-bare, W5-store, W5-bare,
// W6-store, W6-bare, W8-store, W8-hand ("hand": subscribers that read their fields directly), W9-scoped,
// W9-root (one subscriber through a scoped store, and the same on the root), W10-store (W2 with one
// observer); W5 takes
// the number of live subscribers as a third argument (default 10,000). The fixture is built before the
// measured loop, so the instructions one operation costs are
// (total for 2n - total for n) / n, which is what `profile.sh` prints.
//
// `SwivelishProfile W4 400000 100` is not for valgrind: it times W4 (two threads, n dispatches in all) on
// the store, the baseline and the baseline with an error-checking mutex, interleaved over 30 rounds (or the
// number given) so that all three see the same machine, and prints the quartiles of the time per dispatch.
// Contention figures wander with whatever else runs on the machine; interleaving makes their ratio steadier
// than separate benchmarks, but it still moves from run to run.

import BareLockStore
import Swivelish

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]) else {
    print(
        "usage: SwivelishProfile <W1|W2|W3|W5|W6>-<store|bare> | W2-hand | W8-<store|hand> | W9-<scoped|root> | W10-store <count> [live subscribers, for W5] | W4 <count> [rounds]"
    )
    exit(2)
}
let live = arguments.count == 4 ? Int(arguments[3]) ?? 10_000 : 10_000
let sink = Sink()

/// W4 interleaved: returns the time per dispatch of each round, by contender.
func timeContention(dispatches: Int, rounds: Int) -> [(name: String, nanoseconds: [Double])] {
    func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
    let store = Store(initialState: BenchState())
    let bare = BareLockStore(initialValue: BenchState())
    let errorChecking = BareLockStore(initialValue: BenchState(), errorChecking: true)
    let perThread = dispatches / 2
    let contenders: [(name: String, run: () -> Void)] = [
        ("Store", { dispatchFromTwoThreads(to: store, perThread: perThread) }),
        ("BareLock", { dispatchFromTwoThreads(to: bare, perThread: perThread) }),
        ("BareLock, error-checking mutex", { dispatchFromTwoThreads(to: errorChecking, perThread: perThread) }),
    ]
    var results = contenders.map { (name: $0.name, nanoseconds: [Double]()) }
    for _ in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
            let start = now()
            contender.run()
            results[index].nanoseconds.append(Double(now() - start) / Double(2 * perThread))
        }
    }
    return results
}

switch arguments[1] {
case "W4":
    let rounds = max(4, live == 10_000 ? 30 : live)  // the third argument, when given
    for (name, nanoseconds) in timeContention(dispatches: count, rounds: rounds) {
        let sorted = nanoseconds.sorted()
        let quartiles = [rounds / 4, rounds / 2, rounds * 3 / 4].map { (sorted[$0] * 10).rounded() / 10 }
        print("W4 \(name): \(quartiles[1]) ns per dispatch (p25 \(quartiles[0]), p75 \(quartiles[2]))")
    }
case "W1-store":
    dispatchIncrements(to: Store(initialState: BenchState()), count: count)
case "W1-bare":
    dispatchIncrements(to: BareLockStore(initialValue: BenchState()), count: count)
case "W2-store":
    let store = Store(initialState: BenchState())
    _ = store.subscribeToCount(sink)
    dispatchIncrements(to: store, count: count)
case "W2-bare":
    let store = BareLockStore(initialValue: BenchState())
    _ = store.subscribeToCount(sink)
    dispatchIncrements(to: store, count: count)
case "W2-hand":
    let store = BareLockStore(initialValue: BenchState())
    _ = store.subscribeToCountByHand(sink)
    dispatchIncrements(to: store, count: count)
case "W8-store":
    let store = Store(initialState: WideState())
    _ = store.subscribeWide(sink)
    dispatchIncrements(to: store, count: count)
case "W9-scoped":
    let store = Store(initialState: ScopedAppState())
    _ = store.subscribeToPartCountThroughScope(sink)
    dispatchIncrements(to: store, count: count)
case "W9-root":
    let store = Store(initialState: ScopedAppState())
    _ = store.subscribeToPartCount(sink)
    dispatchIncrements(to: store, count: count)
case "W10-store":
    let store = Store(initialState: BenchState(), observers: [countingObserver(sink)])
    _ = store.subscribeToCount(sink)
    dispatchIncrements(to: store, count: count)
case "W8-hand":
    let store = BareLockStore(initialValue: WideState())
    _ = store.subscribeWideByHand(sink)
    dispatchIncrements(to: store, count: count)
case "W3-store":
    let store = Store(initialState: BenchState())
    _ = store.subscribeFanOut(sink)
    dispatchIncrements(to: store, count: count)
case "W3-bare":
    let store = BareLockStore(initialValue: BenchState())
    _ = store.subscribeFanOut(sink)
    dispatchIncrements(to: store, count: count)
case "W5-store":
    StoreSubscriptionChurn(live: live).churn(count)
case "W5-bare":
    BaselineSubscriptionChurn(live: live).churn(count)
case "W6-store":
    dispatchIncrements(to: Store(initialState: CompositeState()), count: count)
case "W6-bare":
    dispatchIncrements(to: BareLockStore(initialValue: CompositeState()), count: count)
default:
    print("unknown workload \(arguments[1])")
    exit(2)
}
print("done: \(arguments[1]) x \(count), sink \(sink.total)")
