// Runs one workload many times, without the benchmark harness, for valgrind:
//
//     swift build -c release --product SwivelishProfile
//     valgrind --tool=callgrind .build/release/SwivelishProfile W1-store 100000
//     valgrind --tool=callgrind .build/release/SwivelishProfile W5-store 20000 1000
//
// Workloads: W1-store, W1-bare, W2-store, W2-bare, W3-store, W3-bare, W5-store, W5-bare, W6-store,
// W6-bare; W5 takes the number of live subscribers as a third argument (default 10,000). The fixture is
// built before the measured loop, so the instructions one operation costs are
// (total for 2n - total for n) / n, which is what `profile.sh` prints.

import BareLockStore
import Swivelish

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]) else {
    print("usage: SwivelishProfile <W1|W2|W3|W5|W6>-<store|bare> <count> [live subscribers, for W5]")
    exit(2)
}
let live = arguments.count == 4 ? Int(arguments[3]) ?? 10_000 : 10_000
let sink = Sink()

switch arguments[1] {
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
