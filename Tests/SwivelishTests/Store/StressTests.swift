import Foundation
import Swivelish
import Testing

// Each test here would fail if one of the Store's concurrency promises were false. They also run under
// ThreadSanitizer in CI (`swift test --sanitize=thread`), which reports any unsynchronised access,
// including two callbacks of one store running at once (see `Unsynchronized`).

private let threadCount = 8
private let messagesPerThread = 2_000

/// A state that records, per thread, the last message number it applied.
private struct Marks: State {
    var version = 0
    var lastMark: [Int] = Array(repeating: -1, count: threadCount)

    struct Mark: Message {
        var thread: Int
        var number: Int
    }

    static func update(_ state: inout Marks, with message: Message) -> Effect? {
        guard let mark = message as? Mark else { return nil }
        state.version += 1
        state.lastMark[mark.thread] = mark.number
        return nil
    }
}

@Suite("Store under concurrent use")
struct StressTests {
    @Test func everyConcurrentDispatchIsAppliedOnceAndVisibleWhenDispatchReturns() async {
        let store = Store(initialState: Marks())
        let notVisible = Locked(0)
        await runConcurrently(threads: threadCount) { thread in
            for number in 0..<messagesPerThread {
                store.dispatch(Marks.Mark(thread: thread, number: number))
                if store.state.lastMark[thread] != number {
                    notVisible.withValue { $0 += 1 }
                }
            }
        }
        await store.waitForDeliveries()
        #expect(notVisible.current == 0)
        #expect(store.state.version == threadCount * messagesPerThread)
        #expect(store.state.lastMark == Array(repeating: messagesPerThread - 1, count: threadCount))
    }

    @Test func subscribersSeeEveryStateInOrderAndNeverConcurrently() async {
        let store = Store(initialState: Counter())
        let overlaps = OverlapDetector()
        let subscriberCount = 4
        let seen = (0..<subscriberCount).map { _ in Unsynchronized<[Int]>([]) }
        for index in 0..<subscriberCount {
            store.subscribe(\.count, skipRepeats: index.isMultiple(of: 2)) { count in
                overlaps.enter()
                seen[index].value.append(count)  // a data race, for TSan, if callbacks overlapped
                overlaps.leave()
            }
        }
        await runConcurrently(threads: threadCount) { _ in
            for _ in 0..<messagesPerThread { store.dispatch(Add()) }
        }
        await store.waitForDeliveries()
        let total = threadCount * messagesPerThread
        #expect(store.state.count == total)
        #expect(overlaps.overlaps == 0)
        for subscriber in seen {
            // Every message adds 1, so a complete, ordered delivery is exactly 0...total.
            #expect(subscriber.value == Array(0...total))
        }
    }

    @Test func subscriberAddedWhileOthersDispatchStartsFromItsStateAndMissesNothing() async {
        let store = Store(initialState: Counter())
        let total = threadCount * messagesPerThread
        let failures = Locked<[String]>([])
        let subscribersDone = Locked(0)

        await runConcurrently(threads: threadCount + 2) { thread in
            guard thread >= threadCount else {
                for _ in 0..<messagesPerThread { store.dispatch(Add()) }
                return
            }
            // Two threads keep subscribing (alternating immediately and skipRepeats), watching for a
            // while, and unsubscribing, while the others dispatch.
            var round = 0
            while store.state.count < total {
                round += 1
                let immediately = round.isMultiple(of: 2)
                let values = Unsynchronized<[Int]>([])
                let before = store.state.count
                let unsubscribe = store.subscribe(
                    \.count, immediately: immediately, skipRepeats: thread == threadCount
                ) { values.value.append($0) }
                let after = store.state.count
                // Let a few messages go by, then stop. The values are read after unsubscribing from
                // this thread, which is not the delivering one, so wait until the delivery that
                // might still be running has ended: a new state delivered to a second subscriber.
                while store.state.count < min(after + 20, total) {}
                unsubscribe()
                let fence = DispatchSemaphore(value: 0)
                let unsubscribeFence = store.subscribe(\.self) { _ in fence.signal() }
                fence.wait()
                unsubscribeFence()
                let delivered = store.state  // nothing is delivered to `values` after this point
                _ = delivered
                let got = values.value
                if got.isEmpty { continue }
                // The first value is the state at subscription (immediately) or the one after it.
                let first = got[0]
                let range = immediately ? before...after : (before + 1)...(after + 1)
                if !range.contains(first) || !isContiguous(got) {
                    failures.append("round \(round): first \(first) not in \(range) or gap in \(got)")
                }
            }
            subscribersDone.withValue { $0 += 1 }
        }
        await store.waitForDeliveries()
        #expect(store.state.count == total)
        #expect(subscribersDone.current == 2)
        #expect(failures.current == [])
    }

    @Test func subscribeAndUnsubscribeRaceWithDispatch() async {
        let store = Store(initialState: Counter())
        let kept = Unsynchronized<[Int]>([])
        store.subscribe(\.count, immediately: false) { kept.value.append($0) }
        await runConcurrently(threads: 6) { thread in
            if thread < 3 {
                for _ in 0..<messagesPerThread { store.dispatch(Add()) }
            } else {
                for round in 0..<500 {
                    let unsubscribe = store.subscribe(\.count, immediately: round.isMultiple(of: 2)) { _ in }
                    if round.isMultiple(of: 3) { store.dispatch(Relabel(label: "\(round)")) }
                    unsubscribe()
                    unsubscribe()
                }
            }
        }
        await store.waitForDeliveries()
        let versions = store.state.version
        #expect(store.state.count == 3 * messagesPerThread)
        #expect(kept.value.count == versions)
    }

    @Test func reentrantDispatchFromSubscribersAndEffectsUnderConcurrency() async {
        // Subscribers and effects dispatch follow-up messages while other threads dispatch. Every
        // message is applied once; every subscriber still sees every version, in order.
        struct Versioned: State {
            var version = 0
            var echoes = 0
            var effectsRun = 0

            static func update(_ state: inout Versioned, with message: Message) -> Effect? {
                state.version += 1
                switch message {
                case is Echo: state.echoes += 1
                case is EffectRan: state.effectsRun += 1
                case is Tick where state.version.isMultiple(of: 5):
                    return { dispatch in dispatch(EffectRan()) }
                default: break
                }
                return nil
            }
        }
        struct Tick: Message {}
        struct Echo: Message {}
        struct EffectRan: Message {}

        let store = Store(initialState: Versioned())
        let versions = Unsynchronized<[Int]>([])
        let echoesSent = Unsynchronized(0)
        // The callback holds the store: unsubscribing at the end breaks that cycle.
        let unsubscribe = store.subscribe(\.version, immediately: false) { version in
            versions.value.append(version)
            if version.isMultiple(of: 7) {
                echoesSent.value += 1
                store.dispatch(Echo())
            }
        }
        defer { unsubscribe() }
        await runConcurrently(threads: 4) { _ in
            for _ in 0..<messagesPerThread { store.dispatch(Tick()) }
        }
        // What the subscriber and the effects dispatch while the backlog is delivered is committed after
        // the first wait began: wait again until nothing new was committed meanwhile.
        var version: Int
        repeat {
            version = store.state.version
            await store.waitForDeliveries()
        } while store.state.version != version
        let state = store.state
        let ticks = 4 * messagesPerThread
        #expect(state.version == ticks + state.echoes + state.effectsRun)
        #expect(state.echoes == echoesSent.value)
        #expect(versions.value == Array(1...state.version))
    }

    @Test func aStateBeingDeliveredNeverChangesUnderItsSubscribers() async {
        // A delivery reads the state where it lies: the dispatches made meanwhile, from three threads and
        // from the subscriber, must write a copy. A state written under a delivery would show a subscriber
        // a log that does not match its count, or a log changed between two reads.
        struct Ledger: State {
            var entries: [Int] = []
            var total = 0

            struct Record: Message {
                var amount: Int
            }

            static func update(_ state: inout Ledger, with message: Message) -> Effect? {
                guard let record = message.as(Record.self) else { return nil }
                state.entries.append(record.amount)
                state.total += record.amount
                return nil
            }
        }
        let store = Store(initialState: Ledger())
        let mismatches = Unsynchronized(0)
        let deliveries = Unsynchronized(0)
        let unsubscribe = store.subscribe(\.self, immediately: false) { ledger in
            deliveries.value += 1
            let sum = ledger.entries.reduce(0, +)
            if deliveries.value.isMultiple(of: 50) {
                store.dispatch(Ledger.Record(amount: 1))  // written while this delivery holds the state
                usleep(50)  // slow: the other threads dispatch meanwhile
            }
            if sum != ledger.total || ledger.entries.reduce(0, +) != sum {
                mismatches.value += 1
            }
        }
        defer { unsubscribe() }
        let subscribers = (0..<3).map { index in
            store.subscribe(\.entries, immediately: false) { entries in
                if entries.count.isMultiple(of: 97 + index) { usleep(20) }
            }
        }
        defer { subscribers.forEach { $0() } }
        await runConcurrently(threads: 3) { thread in
            for _ in 0..<700 { store.dispatch(Ledger.Record(amount: thread + 2)) }
        }
        var version: Int
        repeat {
            version = store.state.entries.count
            await store.waitForDeliveries()
        } while store.state.entries.count != version
        let state = store.state
        #expect(mismatches.value == 0)
        #expect(state.total == state.entries.reduce(0, +))
        #expect(deliveries.value == state.entries.count)  // every state delivered, none twice
    }

    @Test func effectsRunInCommitOrderUnderConcurrency() async {
        let store = Store(initialState: Scripted())
        let order = Unsynchronized<[Int]>([])
        await runConcurrently(threads: threadCount) { _ in
            for _ in 0..<500 {
                store.dispatch(
                    Scripted.Add(amount: 1) { _ in
                        // The effect records which state it followed; message order is commit order.
                        order.value.append(order.value.count + 1)
                    })
            }
        }
        await store.waitForDeliveries()
        #expect(store.state.count == threadCount * 500)
        #expect(order.value == Array(1...(threadCount * 500)))
    }

    @Test func unsubscribeFromInsideCallbackUnderConcurrencyIsFinal() async {
        let store = Store(initialState: Counter())
        let callsAfterUnsubscribe = Unsynchronized(0)
        let unsubscribed = Unsynchronized(false)
        let unsubscribe = Locked<(@Sendable () -> Void)?>(nil)
        unsubscribe.withValue {
            $0 = store.subscribe(\.count, immediately: false) { count in
                if unsubscribed.value { callsAfterUnsubscribe.value += 1 }
                if count >= 100 && !unsubscribed.value {
                    unsubscribe.current?()
                    unsubscribed.value = true
                }
            }
        }
        await runConcurrently(threads: 4) { _ in
            for _ in 0..<messagesPerThread { store.dispatch(Add()) }
        }
        await store.waitForDeliveries()
        #expect(unsubscribed.value)
        #expect(callsAfterUnsubscribe.value == 0)
    }

    /// A thread that delivers its own change stops delivering without the lock, with one atomic
    /// exchange; a thread that queues a change at that moment must either be seen by that exchange or
    /// deliver the change itself. Many short rounds of two threads make the two meet often: a change left
    /// in the queue with no one to deliver it never reaches the subscriber, and the round times out.
    @Test func noChangeIsStrandedWhenTheDelivererStopsAsAnotherThreadQueues() async {
        let rounds = 1_000
        let perThread = 20
        var stranded = 0
        var disordered = 0
        for _ in 0..<rounds {
            let store = Store(initialState: Counter())
            let seen = Locked<[Int]>([])
            let arrived = DispatchSemaphore(value: 0)
            store.subscribe(\.count, immediately: false) { count in
                seen.append(count)
                arrived.signal()
            }
            await runConcurrently(threads: 2) { _ in
                for _ in 0..<perThread { store.dispatch(Add()) }
            }
            let total = 2 * perThread
            if !wait(for: arrived, seconds: 5, until: { seen.current.last == total }) {
                stranded += 1
            } else if seen.current != Array(1...total) {
                disordered += 1
            }
        }
        #expect(stranded == 0)
        #expect(disordered == 0)
    }
}
