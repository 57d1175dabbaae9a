// Runs one workload many times, without the benchmark harness, for valgrind:
//
//     swift build -c release --product SwivelishProfile
//     valgrind --tool=callgrind .build/release/SwivelishProfile W1-store 100000
//     valgrind --tool=callgrind .build/release/SwivelishProfile W5-store 20000 1000
//
// Workloads: W1-store, W1-bare, W2-store, W2-bare, W2-hand, W3-store, W3-bare, W5-store, W5-bare,
// W6as-store, W6as-hand, W6exact-store, W6exact-hand (10 sub-states with `as?` or `Message.as(_:)`, composed with
// makeSerialUpdate or by hand), W11as-store, W11as-hand, W11exact-store, W11exact-hand (a tree of 100 leaves), W8-store, W8-hand ("hand": subscribers that read their fields directly), W9-scoped,
// W9-root (one subscriber through a scoped store, and the same on the root), W10-store (W2 with one
// observer), W25-send (W2 sent with `await store.send(_:answering:)` from a task; checks each answer), W12-binding, W12-hand, W13-store-1k, W13-store-10k, W13-hand-1k, W13-hand-10k (a change of one
// row of a list; each checks that exactly its row's reader was called), W13-models-1k, W13-models-10k (the
// same with a model per row instead of a subscription), W14-store, W14-hand (an append to a
// list of 10,000 rows; checks that only the list's reader was called), W16-store (a row's effect that sends
// the row a message at once, in 1,000 rows; checks every message arrived), W17-store (a search that cancels
// the one in flight, by an id of the user's own, and sends its result at once), W18-scoped, W18-hand (a
// component's increment through its scoped store `scope(\.top)` of two parts of one type, against a message
// the parent routes by hand; checks that top only changed), W19-contended-10k, W19-free-10k (a row of
// 10,000 changed while a delivery holds the state, from a subscriber's callback, against the same messages
// one after the other; checks each row change was applied and delivered once), W22-row-10k (a row's store
// of 10,000 and its `skipRepeats` subscription; checks a change reaches its row's subscriber), W13-rows-10k
// (a change of one row of 10,000 with a `skipRepeats` subscription to the whole collection; checks it is
// called once per change), W23-currency-10k, W23-row-10k (settings kept once in the root state beside
// 10,000 subscribed rows, 5,000 reading the currency and 5,000 the tax rate through `scope(\.settings)`: a
// change of the currency, or of a row; each checks which readers were called), W24-stack-2, W24-stack-200
// (a push then a pop on a `ScreenStack` of 2 or 200 screens; checks the ids' reader was called twice, the
// bottom screen's subscriber never, and the depth is back); W5 takes
// the number of live subscribers as a third argument (default 10,000). The fixture is built before the
// measured loop, so the instructions one operation costs are
// (total for 2n - total for n) / n, which is what `profile.sh` prints.
//
// `SwivelishProfile W13 20000 7` times W13 interleaved: 1,000 and 10,000 rows, store and by hand.
//
// `SwivelishProfile W6 100000 7` and `SwivelishProfile W11 20000 7` time W6 and W11 the same way: makeSerialUpdate
// in a store against the composition written by hand behind the bare lock, 7 interleaved rounds, medians.
//
// `SwivelishProfile W4 400000 100` is not for valgrind: it times W4 (two threads, n dispatches in all) on
// the store, the baseline and the baseline with an error-checking mutex, interleaved over 30 rounds (or the
// number given) so that all three see the same machine, and prints the quartiles of the time per dispatch.
// Contention figures wander with whatever else runs on the machine; interleaving makes their ratio steadier
// than separate benchmarks, but it still moves from run to run.

import BareLockStore
import Dispatch
import Swivelish

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]) else {
    print(
        "usage: SwivelishProfile <W1|W2|W3|W5>-<store|bare> | W2-hand | <W6|W11><as|exact>-<store|hand> | W8-<store|hand> | W9-<scoped|root> | W10-store | W25-send | W18-<scoped|hand> | W19-<contended|free>-10k | W22-row-10k | W23-<currency|row>-10k | W24-stack-<2|200> <count> [live subscribers, for W5] | W4 <count> [rounds]"
    )
    exit(2)
}
let live = arguments.count == 4 ? Int(arguments[3]) ?? 10_000 : 10_000
let sink = Sink()

/// Times `contenders` (each performing `operations` operations per run) interleaved over `rounds` rounds, so
/// that all see the same machine; returns the time per operation of each round, by contender.
func timeInterleaved(
    _ contenders: [(name: String, run: () -> Void)], operations: Int, rounds: Int
) -> [(name: String, nanoseconds: [Double])] {
    func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
    var results = contenders.map { (name: $0.name, nanoseconds: [Double]()) }
    for _ in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
            let start = now()
            contender.run()
            results[index].nanoseconds.append(Double(now() - start) / Double(operations))
        }
    }
    return results
}

/// Prints the median and quartiles of each contender's time per operation, and each one's median against the
/// last contender's (the baseline).
func report(_ results: [(name: String, nanoseconds: [Double])], label: String) {
    let medians = results.map { $0.nanoseconds.sorted()[$0.nanoseconds.count / 2] }
    for ((name, nanoseconds), median) in zip(results, medians) {
        let sorted = nanoseconds.sorted()
        let quartiles = [sorted.count / 4, sorted.count * 3 / 4].map { (sorted[$0] * 10).rounded() / 10 }
        let ratio = (median / medians.last! * 100).rounded() / 100
        print(
            "\(label) \(name): \((median * 10).rounded() / 10) ns (p25 \(quartiles[0]), p75 \(quartiles[1])), \(ratio)x"
        )
    }
}

/// W4 interleaved: the store, the baseline and the baseline with an error-checking mutex.
func timeContention(dispatches: Int, rounds: Int) -> [(name: String, nanoseconds: [Double])] {
    let store = Store(initialState: BenchState())
    let bare = BareLockStore(initialValue: BenchState())
    let errorChecking = BareLockStore(initialValue: BenchState(), errorChecking: true)
    let perThread = dispatches / 2
    return timeInterleaved(
        [
            ("Store", { dispatchFromTwoThreads(to: store, perThread: perThread) }),
            ("BareLock, error-checking mutex", { dispatchFromTwoThreads(to: errorChecking, perThread: perThread) }),
            ("BareLock", { dispatchFromTwoThreads(to: bare, perThread: perThread) }),
        ], operations: 2 * perThread, rounds: rounds)
}

/// W6 and W11 interleaved: makeSerialUpdate in a store against the same composition written by hand behind
/// the bare lock, for both ways of downcasting.
func timeComposition(_ workload: String, dispatches: Int, rounds: Int) {
    switch workload {
    case "W6":
        let dynamicStore = Store(initialState: TenSubstatesDynamic())
        let dynamicHand = BareLockStore(initialValue: TenSubstatesDynamic())
        let exactStore = Store(initialState: TenSubstatesExact())
        let exactHand = BareLockStore(initialValue: TenSubstatesExact())
        report(
            timeInterleaved(
                [
                    (
                        "makeSerialUpdate in a Store",
                        { dispatchIncrements(toComposed: dynamicStore, count: dispatches) }
                    ),
                    ("by hand", { dispatchIncrementsByHand(to: dynamicHand, count: dispatches) }),
                ], operations: dispatches, rounds: rounds), label: "W6 as?")
        report(
            timeInterleaved(
                [
                    ("makeSerialUpdate in a Store", { dispatchIncrements(toComposed: exactStore, count: dispatches) }),
                    ("by hand", { dispatchIncrementsByHand(to: exactHand, count: dispatches) }),
                ], operations: dispatches, rounds: rounds), label: "W6 as(_:)")
    default:
        let dynamicStore = Store(initialState: TreeDynamic(first: 0))
        let dynamicHand = BareLockStore(initialValue: TreeDynamic(first: 0))
        let exactStore = Store(initialState: TreeExact(first: 0))
        let exactHand = BareLockStore(initialValue: TreeExact(first: 0))
        report(
            timeInterleaved(
                [
                    ("makeSerialUpdate in a Store", { pokeLeaf(of: dynamicStore, count: dispatches) }),
                    ("by hand", { pokeLeafByHand(of: dynamicHand, count: dispatches) }),
                ], operations: dispatches, rounds: rounds), label: "W11 as?")
        report(
            timeInterleaved(
                [
                    ("makeSerialUpdate in a Store", { pokeLeaf(of: exactStore, count: dispatches) }),
                    ("by hand", { pokeLeafByHand(of: exactHand, count: dispatches) }),
                ], operations: dispatches, rounds: rounds), label: "W11 as(_:)")
    }
}

/// Exits with an error unless the readers were called exactly as often as the workload's changes call for:
/// one row reader per change of a row, the list's reader once per append.
func checkReaders(_ readers: ListReaders, rows: Int, list: Int) {
    guard readers.rowCalls == rows, readers.listCalls == list else {
        print(
            "error: readers called \(readers.rowCalls) times for rows and \(readers.listCalls) for the list; "
                + "expected \(rows) and \(list)")
        exit(1)
    }
}

/// W13 interleaved: a change of one row in lists of 1,000 and 10,000 rows, in a store and by hand; prints
/// the time per change, the ratios the bars are about, and the readers each change called.
@MainActor
func timeLists(changes: Int, rounds: Int) {
    let store1k = StoreListFixture(rows: 1_000)
    let store10k = StoreListFixture(rows: 10_000)
    let hand1k = HandWrittenListFixture(rows: 1_000)
    let hand10k = HandWrittenListFixture(rows: 10_000)
    let results = timeInterleaved(
        [
            ("Store, 1,000 rows", { store1k.changeRows(count: changes) }),
            ("Store, 10,000 rows", { store10k.changeRows(count: changes) }),
            ("by hand, 1,000 rows", { hand1k.changeRows(count: changes) }),
            ("by hand, 10,000 rows", { hand10k.changeRows(count: changes) }),
        ], operations: changes, rounds: rounds)
    let medians = results.map { $0.nanoseconds.sorted()[$0.nanoseconds.count / 2] }
    for ((name, _), median) in zip(results, medians) {
        print("W13 \(name): \((median * 10).rounded() / 10) ns per change")
    }
    func ratio(_ a: Double, _ b: Double) -> Double { (a / b * 100).rounded() / 100 }
    print("W13 Store 10,000 / 1,000 rows: \(ratio(medians[1], medians[0]))x (bar: at most 3x)")
    print("W13 Store / by hand, 1,000 rows: \(ratio(medians[0], medians[2]))x (bar: at most 1.5x)")
    print("W13 Store / by hand, 10,000 rows: \(ratio(medians[1], medians[3]))x (bar: at most 1.5x)")
    let total = changes * rounds
    for (name, readers) in [("1,000", store1k.readers), ("10,000", store10k.readers)] {
        print(
            "W13 Store, \(name) rows: \(Double(readers.rowCalls) / Double(total)) row readers and "
                + "\(Double(readers.listCalls) / Double(total)) list readers called per change")
    }
}

switch arguments[1] {
case "W4":
    let rounds = max(4, live == 10_000 ? 30 : live)  // the third argument, when given
    report(timeContention(dispatches: count, rounds: rounds), label: "W4")
case "W6", "W11":
    timeComposition(arguments[1], dispatches: count, rounds: max(3, live == 10_000 ? 7 : live))
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
case "W25-send":
    // W2 with `await store.send(_:answering:)` from a task, as a request handler sends: the answer is each
    // increment's count, so the answers add up to 1 + 2 + ... + count.
    let store = Store(initialState: BenchState())
    _ = store.subscribeToCount(sink)
    let done = DispatchSemaphore(value: 0)
    let answers = Sink()  // written by the task before it signals, read after
    Task.detached {
        answers.total = await sendIncrements(to: store, count: count)
        done.signal()
    }
    done.wait()
    guard answers.total == count * (count + 1) / 2 else {
        print("error: W25's answers are not each send's own count")
        exit(1)
    }
case "W9-scoped":
    let store = Store(initialState: ScopedAppState())
    _ = store.subscribeToPartCountThroughScope(sink)
    dispatchIncrements(to: store, count: count)
case "W9-root":
    let store = Store(initialState: ScopedAppState())
    _ = store.subscribeToPartCount(sink)
    dispatchIncrements(to: store, count: count)
case "W18-scoped":
    let store = Store(initialState: ScopedPairState())
    let top = store.scope(\.top)
    _ = top.subscribeToCount(sink)
    dispatchIncrements(to: top, count: count)  // a scoped store is a Store<BenchState>
    guard store.state.top.count == count, store.state.bottom.count == 0 else {
        print("error: W18's increments did not reach top only")
        exit(1)
    }
case "W18-hand":
    let store = Store(initialState: HandRoutedPairState())
    _ = store.subscribe(\.top.count, immediately: false, skipRepeats: true) { sink.total &+= $0 }
    dispatchTopIncrements(to: store, count: count)
case "W10-store":
    let store = Store(initialState: BenchState(), observers: [countingObserver(sink)])
    _ = store.subscribeToCount(sink)
    dispatchIncrements(to: store, count: count)
case "W13":
    timeLists(changes: count, rounds: max(3, live == 10_000 ? 7 : live))
case "W13-store-1k", "W13-store-10k", "W14-store":
    let fixture = StoreListFixture(rows: arguments[1] == "W13-store-1k" ? 1_000 : 10_000)
    if arguments[1] == "W14-store" {
        fixture.appendRows(count: count)
        checkReaders(fixture.readers, rows: 0, list: count)
    } else {
        fixture.changeRows(count: count)
        checkReaders(fixture.readers, rows: count, list: 0)
    }
case "W19-contended-10k", "W19-free-10k":
    let fixture = ContendedListFixture(rows: 10_000, contended: arguments[1] == "W19-contended-10k")
    fixture.run(count: count)
    guard fixture.changes.rowCalls == count, fixture.store.state.rows.map(\.count).reduce(0, +) == count else {
        print("error: W19's row changes were not each applied and delivered once")
        exit(1)
    }
case "W22-row-10k":
    let fixture = RowSubscriptionFixture()
    fixture.subscribeRows(count: count)
    fixture.store.dispatch(ElementMessage<BenchRow>(id: changedRow(0, of: 10_000), BenchRow.Increment()))
    checkReaders(fixture.readers, rows: 1, list: 0)
case "W13-rows-10k":
    let fixture = WatchedRowsFixture()
    fixture.changeRows(count: count)
    checkReaders(fixture.readers, rows: 0, list: count)
case "W23-currency-10k", "W23-row-10k":
    let fixture = SharedSettingsFixture(rows: 10_000)
    let readers = fixture.readers
    let currency = arguments[1] == "W23-currency-10k"
    if currency {
        fixture.changeCurrency(count: count)
    } else {
        fixture.changeRows(count: count)
    }
    let expected = currency ? (rows: 0, currency: 5_000 * count) : (rows: count, currency: 0)
    guard readers.rowCalls == expected.rows, readers.currencyCalls == expected.currency, readers.taxRateCalls == 0
    else {
        print(
            "error: W23's readers called \(readers.rowCalls) times for rows, \(readers.currencyCalls) for the "
                + "currency and \(readers.taxRateCalls) for the tax rate; expected \(expected.rows), "
                + "\(expected.currency) and 0")
        exit(1)
    }
case "W24-stack-2", "W24-stack-200":
    let fixture = StackFixture(depth: arguments[1] == "W24-stack-2" ? 2 : 200)
    fixture.run(count: count)
    let readers = fixture.readers
    guard readers.idsCalls == 2 * count, readers.bottomCalls == 0, fixture.store.state.path.count == fixture.depth
    else {
        print(
            "error: W24's ids reader called \(readers.idsCalls) times and the bottom screen's subscriber "
                + "\(readers.bottomCalls), at depth \(fixture.store.state.path.count); expected \(2 * count), 0 "
                + "and \(fixture.depth)")
        exit(1)
    }
case "W22-first":
    // For `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*firstChange*'` (or
    // `*secondChange*`): the first change after 10,000 rows subscribed, and the next.
    let fixture = RowSubscriptionFixture()
    fixture.subscribeRows(count: 10_000)
    fixture.firstChange()
    fixture.secondChange()
    checkReaders(fixture.readers, rows: 2, list: 0)
case "W16-store":
    let fixture = EchoingListFixture(rows: 1_000)
    fixture.echo(count: count)
    guard fixture.store.state.rows.map(\.echoes).reduce(0, +) == count else {
        print("error: W16's effects did not each deliver their message")
        exit(1)
    }
case "W17-store":
    let fixture = SearchFixture()
    fixture.search(count: count)
    guard fixture.store.state.results == count else {
        print("error: W17's searches did not each deliver their result")
        exit(1)
    }
case "W13-models-1k", "W13-models-10k":
    // The rows' models are applied on the main actor, which this loop does not give up: the changes are
    // read and merged at each message (what the delivery costs), and ObservedListTests checks which models
    // they invalidate.
    let fixture = StoreListFixture(rows: arguments[1] == "W13-models-1k" ? 1_000 : 10_000, rowModels: true)
    fixture.changeRows(count: count)
    checkReaders(fixture.readers, rows: 0, list: 0)
case "W13-hand-1k", "W13-hand-10k", "W14-hand":
    let fixture = HandWrittenListFixture(rows: arguments[1] == "W13-hand-1k" ? 1_000 : 10_000)
    if arguments[1] == "W14-hand" {
        fixture.appendRows(count: count)
        checkReaders(fixture.readers, rows: 0, list: count)
    } else {
        fixture.changeRows(count: count)
        checkReaders(fixture.readers, rows: count, list: 0)
    }
case "W12-binding":
    setTitlesThroughBinding(of: Store(initialState: BindingForm()), count: count)
case "W12-hand":
    setTitlesByHand(of: Store(initialState: BindingForm()), count: count)
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
case "W6as-store":
    dispatchIncrements(toComposed: Store(initialState: TenSubstatesDynamic()), count: count)
case "W6as-hand":
    dispatchIncrementsByHand(to: BareLockStore(initialValue: TenSubstatesDynamic()), count: count)
case "W6exact-store":
    dispatchIncrements(toComposed: Store(initialState: TenSubstatesExact()), count: count)
case "W6exact-hand":
    dispatchIncrementsByHand(to: BareLockStore(initialValue: TenSubstatesExact()), count: count)
case "W11as-store":
    pokeLeaf(of: Store(initialState: TreeDynamic(first: 0)), count: count)
case "W11as-hand":
    pokeLeafByHand(of: BareLockStore(initialValue: TreeDynamic(first: 0)), count: count)
case "W11exact-store":
    pokeLeaf(of: Store(initialState: TreeExact(first: 0)), count: count)
case "W11exact-hand":
    pokeLeafByHand(of: BareLockStore(initialValue: TreeExact(first: 0)), count: count)
default:
    print("unknown workload \(arguments[1])")
    exit(2)
}
print("done: \(arguments[1]) x \(count), sink \(sink.total)")
