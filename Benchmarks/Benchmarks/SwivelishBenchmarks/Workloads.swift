// The workloads of the benchmarks, each written twice: once for Swivelish's `Store`, once for the
// `BareLockStore` baseline. The benchmark target measures them; `SwivelishProfile` compiles this same file
// (through a symbolic link) to run one of them under valgrind.

import BareLockStore
import Swivelish
import SwivelishTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - State and message

/// The message of every workload: add `amount` to the count.
struct Increment: Message {
    var amount = 1
}

/// The state of W1 to W5: a count that changes, and a string and an array that do not.
///
/// Its `update` downcasts with `Message.as(_:)`, the exact-type cast the library offers for hot paths;
/// ``DynamicCastState`` is the same state with `as?`, to show what the runtime's dynamic cast costs.
struct BenchState: State {
    var count = 0
    var name = "Swivelish benchmark state"
    var values = Array(0..<100)

    static func update(_ state: inout BenchState, with message: Message) -> Effect? {
        guard let increment = message.as(Increment.self) else { return nil }
        state.count += increment.amount
        return nil
    }
}

/// ``BenchState`` with the downcast written `as?`, as the Swivel README writes it (W1 with `as?`).
struct DynamicCastState: State {
    var count = 0
    var name = "Swivelish benchmark state"
    var values = Array(0..<100)

    static func update(_ state: inout DynamicCastState, with message: Message) -> Effect? {
        guard let increment = message as? Increment else { return nil }
        state.count += increment.amount
        return nil
    }
}

// MARK: - Subscribers

/// Where subscriber callbacks put what they receive, so that the optimiser cannot drop them.
final class Sink: @unchecked Sendable {
    // `@unchecked Sendable`: only the delivering thread writes it; benchmarks read it after delivery.
    var total = 0
}

/// How many subscribers on unchanging values W3 adds (plus one on `count`).
let fanOutSubscriberCount = 1_000

extension Store where S == BenchState {
    /// W2: one `skipRepeats` subscriber on `count`.
    func subscribeToCount(_ sink: Sink) -> @Sendable () -> Void {
        subscribe(\.count, immediately: false, skipRepeats: true) { sink.total &+= $0 }
    }

    /// W3: ``fanOutSubscriberCount`` `skipRepeats` subscribers on the string and the array (alternately),
    /// which never change, then one on `count`.
    func subscribeFanOut(_ sink: Sink) -> [@Sendable () -> Void] {
        var unsubscribes: [@Sendable () -> Void] = []
        for index in 0..<fanOutSubscriberCount {
            if index.isMultiple(of: 2) {
                unsubscribes.append(subscribe(\.name, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 })
            } else {
                unsubscribes.append(
                    subscribe(\.values, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 })
            }
        }
        unsubscribes.append(subscribeToCount(sink))
        return unsubscribes
    }
}

extension BareLockStore where Value == BenchState {
    /// W2 on the baseline: one `skipRepeats` subscriber on `count`.
    func subscribeToCount(_ sink: Sink) -> @Sendable () -> Void {
        subscribe(\.count, skipRepeats: true) { sink.total &+= $0 }
    }

    /// W3 on the baseline: the same subscribers as `Store.subscribeFanOut(_:)`.
    func subscribeFanOut(_ sink: Sink) -> [@Sendable () -> Void] {
        var unsubscribes: [@Sendable () -> Void] = []
        for index in 0..<fanOutSubscriberCount {
            if index.isMultiple(of: 2) {
                unsubscribes.append(subscribe(\.name, skipRepeats: true) { _ in sink.total &+= 1 })
            } else {
                unsubscribes.append(subscribe(\.values, skipRepeats: true) { _ in sink.total &+= 1 })
            }
        }
        unsubscribes.append(subscribeToCount(sink))
        return unsubscribes
    }
}

// MARK: - Dispatching (W1, W2, W3)

/// Dispatches `count` increments to `store`.
@inline(never)
func dispatchIncrements(to store: Store<BenchState>, count: Int) {
    for _ in 0..<count {
        store.dispatch(Increment())
    }
}

/// W1 with `as?`: dispatches `count` increments to `store`.
@inline(never)
func dispatchIncrements(to store: Store<DynamicCastState>, count: Int) {
    for _ in 0..<count {
        store.dispatch(Increment())
    }
}

/// W25: sends `count` increments to `store` as a request handler does, each answering with the count it
/// made; returns the sum of the answers.
@inline(never)
func sendIncrements(to store: Store<BenchState>, count: Int) async -> Int {
    var total = 0
    for _ in 0..<count {
        total &+= await store.send(Increment()) { $0.count }.answer ?? 0
    }
    return total
}

/// Adds 1 to the baseline's count `count` times.
@inline(never)
func dispatchIncrements(to store: BareLockStore<BenchState>, count: Int) {
    for _ in 0..<count {
        store.dispatch { $0.count += 1 }
    }
}

// MARK: - W4: two threads

/// Runs `body` on two new threads at once and waits for both.
func runOnTwoThreads(_ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    #if canImport(Darwin)
    var threads: [pthread_t?] = [nil, nil]
    #else
    var threads: [pthread_t] = [pthread_t(), pthread_t()]
    #endif
    for index in threads.indices {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let result = pthread_create(
            &threads[index], nil,
            { argument in
                #if canImport(Darwin)
                Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
                #else
                Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue().body()
                #endif
                return nil
            }, work)
        precondition(result == 0, "pthread_create failed with error \(result)")
    }
    for thread in threads {
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
}

/// W4: two threads each dispatch `perThread` increments to `store` at once; then checks that the count
/// grew by exactly `2 * perThread`.
func dispatchFromTwoThreads(to store: Store<BenchState>, perThread: Int) {
    let before = store.state.count
    runOnTwoThreads { dispatchIncrements(to: store, count: perThread) }
    let after = store.state.count
    precondition(after - before == 2 * perThread, "W4 lost dispatches: \(after - before) of \(2 * perThread)")
}

/// W4 on the baseline.
func dispatchFromTwoThreads(to store: BareLockStore<BenchState>, perThread: Int) {
    let before = store.value.count
    runOnTwoThreads { dispatchIncrements(to: store, count: perThread) }
    let after = store.value.count
    precondition(after - before == 2 * perThread, "W4 lost dispatches: \(after - before) of \(2 * perThread)")
}

// MARK: - W5: subscribe and unsubscribe

/// W5: a store with `live` subscribers, where each step subscribes a new one and unsubscribes the
/// oldest, so the number of live subscribers stays at `live` (plus one between the two calls).
final class StoreSubscriptionChurn {
    let store = Store(initialState: BenchState())
    private var unsubscribes: [@Sendable () -> Void]
    private var oldest = 0

    init(live: Int) {
        unsubscribes = []
        unsubscribes.reserveCapacity(live)
        for _ in 0..<live {
            unsubscribes.append(store.subscribe(\.count, immediately: false, skipRepeats: true) { _ in })
        }
    }

    /// Subscribes and unsubscribes `count` times.
    @inline(never)
    func churn(_ count: Int) {
        for _ in 0..<count {
            let unsubscribe = store.subscribe(\.count, immediately: false, skipRepeats: true) { _ in }
            unsubscribes[oldest]()
            unsubscribes[oldest] = unsubscribe
            oldest += 1
            if oldest == unsubscribes.count { oldest = 0 }
        }
    }
}

/// W5 on the baseline.
final class BaselineSubscriptionChurn {
    let store = BareLockStore(initialValue: BenchState())
    private var unsubscribes: [@Sendable () -> Void]
    private var oldest = 0

    init(live: Int) {
        unsubscribes = []
        unsubscribes.reserveCapacity(live)
        for _ in 0..<live {
            unsubscribes.append(store.subscribe(\.count, skipRepeats: true) { _ in })
        }
    }

    /// Subscribes and unsubscribes `count` times.
    @inline(never)
    func churn(_ count: Int) {
        for _ in 0..<count {
            let unsubscribe = store.subscribe(\.count, skipRepeats: true) { _ in }
            unsubscribes[oldest]()
            unsubscribes[oldest] = unsubscribe
            oldest += 1
            if oldest == unsubscribes.count { oldest = 0 }
        }
    }
}

// MARK: - Hand-written baselines: fields read directly

/// The last value a hand-written `skipRepeats` subscriber saw.
final class LastValue<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: only the thread delivering touches it.
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension BareLockStore where Value == BenchState {
    /// W2 written by hand: one subscriber that reads `count` as a field and skips repeats itself. What an
    /// app without a state library would write: no key path, no message.
    func subscribeToCountByHand(_ sink: Sink) -> @Sendable () -> Void {
        let last = LastValue(value.count)
        return subscribe { state in
            let count = state.count
            if count == last.value { return }
            last.value = count
            sink.total &+= count
        }
    }
}

// MARK: - W8: 1,000 skipRepeats subscribers over 8 stored fields

/// A profile nested in ``WideState``.
struct WideProfile: Equatable, Sendable {
    var age = 36
    var email = "ada@example.com"
    var score = 0.5
}

/// The appearance in ``WideState``.
enum WideMode: Equatable, Sendable {
    case light
    case dark
}

/// The state of W8: eight watched fields, three of them nested; the message changes `count` only.
struct WideState: State {
    var count = 0
    var name = "Ada Lovelace"
    var items = Array(0..<100)
    var profile = WideProfile()
    var mode = WideMode.light
    var title = "Swivelish benchmark"

    static func update(_ state: inout WideState, with message: Message) -> Effect? {
        guard let increment = message.as(Increment.self) else { return nil }
        state.count += increment.amount
        return nil
    }
}

/// How many subscribers W8 spreads over its 8 fields.
let wideSubscriberCount = 1_000

extension Store where S == WideState {
    /// W8: ``wideSubscriberCount`` `skipRepeats` subscribers, in turn on `count`, `name`, `items`,
    /// `profile.age`, `profile.email`, `profile.score`, `mode` and `title`.
    func subscribeWide(_ sink: Sink) -> [@Sendable () -> Void] {
        (0..<wideSubscriberCount).map { index -> @Sendable () -> Void in
            switch index % 8 {
            case 0: subscribe(\.count, immediately: false, skipRepeats: true) { sink.total &+= $0 }
            case 1: subscribe(\.name, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 }
            case 2: subscribe(\.items, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 }
            case 3: subscribe(\.profile.age, immediately: false, skipRepeats: true) { sink.total &+= $0 }
            case 4: subscribe(\.profile.email, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 }
            case 5: subscribe(\.profile.score, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 }
            case 6: subscribe(\.mode, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 }
            default: subscribe(\.title, immediately: false, skipRepeats: true) { _ in sink.total &+= 1 }
            }
        }
    }
}

extension BareLockStore where Value == WideState {
    /// W8 written by hand: the same subscribers, each a closure that reads its field directly (no key
    /// path, no shared helper) and remembers the last value itself.
    func subscribeWideByHand(_ sink: Sink) -> [@Sendable () -> Void] {
        let initial = value
        return (0..<wideSubscriberCount).map { index -> @Sendable () -> Void in
            switch index % 8 {
            case 0:
                let last = LastValue(initial.count)
                return subscribe { state in
                    if state.count == last.value { return }
                    last.value = state.count
                    sink.total &+= state.count
                }
            case 1:
                let last = LastValue(initial.name)
                return subscribe { state in
                    if state.name == last.value { return }
                    last.value = state.name
                    sink.total &+= 1
                }
            case 2:
                let last = LastValue(initial.items)
                return subscribe { state in
                    if state.items == last.value { return }
                    last.value = state.items
                    sink.total &+= 1
                }
            case 3:
                let last = LastValue(initial.profile.age)
                return subscribe { state in
                    if state.profile.age == last.value { return }
                    last.value = state.profile.age
                    sink.total &+= state.profile.age
                }
            case 4:
                let last = LastValue(initial.profile.email)
                return subscribe { state in
                    if state.profile.email == last.value { return }
                    last.value = state.profile.email
                    sink.total &+= 1
                }
            case 5:
                let last = LastValue(initial.profile.score)
                return subscribe { state in
                    if state.profile.score == last.value { return }
                    last.value = state.profile.score
                    sink.total &+= 1
                }
            case 6:
                let last = LastValue(initial.mode)
                return subscribe { state in
                    if state.mode == last.value { return }
                    last.value = state.mode
                    sink.total &+= 1
                }
            default:
                let last = LastValue(initial.title)
                return subscribe { state in
                    if state.title == last.value { return }
                    last.value = state.title
                    sink.total &+= 1
                }
            }
        }
    }
}

/// W8: dispatches `count` increments to `store`.
@inline(never)
func dispatchIncrements(to store: Store<WideState>, count: Int) {
    for _ in 0..<count {
        store.dispatch(Increment())
    }
}

/// W8 on the hand-written baseline.
@inline(never)
func dispatchIncrements(to store: BareLockStore<WideState>, count: Int) {
    for _ in 0..<count {
        store.dispatch { $0.count += 1 }
    }
}

// MARK: - W9: a subscriber of a scoped store

/// The state of W9: ``BenchState`` as a part of an app's state, after another field.
struct ScopedAppState: State {
    var header = "an app with a part"
    var part = BenchState()

    static func update(_ state: inout ScopedAppState, with message: Message) -> Effect? {
        guard let increment = message.as(Increment.self) else { return nil }
        state.part.count += increment.amount
        return nil
    }
}

extension Store where S == ScopedAppState {
    /// W9 at the root: one `skipRepeats` subscriber on `part.count`.
    func subscribeToPartCount(_ sink: Sink) -> @Sendable () -> Void {
        subscribe(\.part.count, immediately: false, skipRepeats: true) { sink.total &+= $0 }
    }

    /// W9 through a scope: the same subscriber, made on `scope(\.part)` as a component would.
    func subscribeToPartCountThroughScope(_ sink: Sink) -> @Sendable () -> Void {
        scope(\.part).subscribe(\.count, immediately: false, skipRepeats: true) { sink.total &+= $0 }
    }
}

/// W9: dispatches `count` increments to `store`.
@inline(never)
func dispatchIncrements(to store: Store<ScopedAppState>, count: Int) {
    for _ in 0..<count {
        store.dispatch(Increment())
    }
}

// MARK: - W18: a component's dispatch through its scoped store

/// The state of W18: two parts of one type side by side, composed by `makeSerialUpdate`. A component given
/// `scope(\.top)` increments `top` only.
struct ScopedPairState: State {
    var top = BenchState()
    var bottom = BenchState()

    static func update(_ state: inout ScopedPairState, with message: Message) -> Effect? {
        makeSerialUpdate(\.top, \.bottom)(&state, message)
    }
}

/// W18 by hand: the same two parts, and a message of the parent's own that it routes to `top` itself, as an
/// app without scoped stores would write it.
struct HandRoutedPairState: State {
    var top = BenchState()
    var bottom = BenchState()

    /// Increments `top`.
    struct IncrementTop: Message {}

    static func update(_ state: inout HandRoutedPairState, with message: Message) -> Effect? {
        if message.as(IncrementTop.self) != nil {
            state.top.count += 1
        }
        return nil
    }
}

/// W18 by hand: `count` increments of `top` dispatched to the root.
@inline(never)
func dispatchTopIncrements(to store: Store<HandRoutedPairState>, count: Int) {
    for _ in 0..<count {
        store.dispatch(HandRoutedPairState.IncrementTop())
    }
}

// MARK: - W10: W2 with one observer

/// W10: an observer that counts the events it sees (into `sink`), as a logger or an analytics hook would
/// look at each.
func countingObserver(_ sink: Sink) -> StoreObserver<BenchState> {
    StoreObserver { event in sink.total &+= event.stateAfter.count &- event.stateBefore.count }
}

// MARK: - W15: a trace writer against printChanges

/// W15: a store of ``BenchState`` with a ``TraceWriter`` writing to `/dev/null` (the disk is not what is
/// measured: the writer's thread renders, diffs and encodes every message it takes, as it would for a file).
func tracedStore(bufferCapacity: Int = 10_000) -> (store: Store<BenchState>, trace: TraceWriter<BenchState>) {
    let trace = try! TraceWriter<BenchState>(path: "/dev/null", options: TraceOptions(bufferCapacity: bufferCapacity))
    return (Store(initialState: BenchState(), observers: [trace.observer]), trace)
}

/// W15: a store of ``BenchState`` with `printChanges` writing to a sink that discards the text.
func printingStore() -> Store<BenchState> {
    Store(initialState: BenchState(), observers: [.printChanges(to: { _ in })])
}
