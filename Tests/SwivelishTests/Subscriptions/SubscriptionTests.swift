import Swivelish
import Testing

@Suite("Store: subscriptions")
struct SubscriptionTests {
    /// Unsubscribing most of many subscriptions, a row group among them, makes the store drop their slots
    /// (compaction): those left are still called, in subscription order, and can still be unsubscribed.
    @Test func subscriptionsLeftAfterManyEndKeepTheirOrder() {
        let list = Store(initialState: rowList(count: 4))
        let calls = Locked<[Int]>([])
        var ends: [Int: @Sendable () -> Void] = [:]
        for index in 0..<120 {
            if index % 10 == 5 {  // row subscriptions, in one group slot
                ends[index] = list.scope(\.rows, id: index % 4)!.subscribe(
                    \.self, immediately: false, skipRepeats: true
                ) { _ in
                    calls.append(index)
                }
            } else {
                ends[index] = list.subscribe(\.listMessages, immediately: false) { _ in calls.append(index) }
            }
        }
        let kept = (0..<120).filter { $0 % 7 == 3 && $0 % 10 != 5 }
        for (index, end) in ends where !kept.contains(index) {
            end()
        }
        list.dispatch(RowList.Action.renameAll("all"))
        #expect(calls.current == kept)
        for index in kept.reversed() {
            ends[index]!()
            calls.withValue { $0 = [] }
            list.dispatch(RowList.Action.add(1_000 + index))
            #expect(calls.current == kept.filter { $0 < index })
        }
    }

    @Test func subscribeCallsImmediatelyByDefault() {
        let store = Store(initialState: Counter(count: 4))
        let seen = Locked<[Int]>([])
        store.subscribe(\.count) { seen.append($0) }
        #expect(seen.current == [4])
    }

    @Test func wholeStateSubscription() {
        let store = Store(initialState: Counter())
        let seen = Locked<[Counter]>([])
        store.subscribe(\Counter.self, immediately: false) { seen.append($0) }
        store.dispatch(Add(amount: 2))
        #expect(seen.current == [Counter(count: 2, version: 1)])
    }

    @Test func skipRepeatsComparesFirstChangeWithValueAtSubscription() {
        let store = Store(initialState: Counter(count: 5))
        let seen = Locked<[Int]>([])
        store.subscribe(\.count, immediately: false, skipRepeats: true) { seen.append($0) }
        store.dispatch(Add(amount: 0))  // still 5: the value at subscription time, skipped
        store.dispatch(Add(amount: 1))
        #expect(seen.current == [6])
    }

    @Test func skipRepeatsWithImmediatelyDeliversCurrentValueThenChanges() {
        let store = Store(initialState: Counter(count: 5))
        let seen = Locked<[Int]>([])
        store.subscribe(\.count, skipRepeats: true) { seen.append($0) }
        store.dispatch(Add(amount: 0))
        store.dispatch(Add(amount: 2))
        store.dispatch(Add(amount: 0))
        #expect(seen.current == [5, 7])
    }

    @Test func skipRepeatsFalseDeliversEqualValues() {
        let store = Store(initialState: Counter())
        let seen = Locked<[Int]>([])
        store.subscribe(\.count, immediately: false, skipRepeats: false) { seen.append($0) }
        store.dispatch(Add(amount: 0))
        store.dispatch(Ignored())
        #expect(seen.current == [0, 0])
    }

    @Test func nonEquatableValuesCanBeWatched() {
        struct Box { var value: Int }
        struct Holder: State {
            var box = Box(value: 0)
            static func update(_ state: inout Holder, with message: Message) -> Effect? {
                if let add = message as? Add { state.box.value += add.amount }
                return nil
            }
        }
        let store = Store(initialState: Holder())
        let seen = Locked<[Int]>([])
        store.subscribe(\Holder.box) { seen.append($0.value) }
        store.dispatch(Add(amount: 3))
        #expect(seen.current == [0, 3])
    }

    @Test func unsubscribeStopsDeliveryAndIsIdempotent() {
        let store = Store(initialState: Counter())
        let first = Locked<[Int]>([])
        let second = Locked<[Int]>([])
        let unsubscribeFirst = store.subscribe(\.count, immediately: false) { first.append($0) }
        store.subscribe(\.count, immediately: false) { second.append($0) }
        store.dispatch(Add())
        unsubscribeFirst()
        unsubscribeFirst()
        store.dispatch(Add())
        #expect(first.current == [1])
        #expect(second.current == [1, 2])
    }

    @Test func unsubscribeOfALaterSubscriberInsideACallbackTakesEffectAtOnce() {
        let store = Store(initialState: Counter())
        let later = Locked<[Int]>([])
        let unsubscribeLater = Locked<(@Sendable () -> Void)?>(nil)
        store.subscribe(\.count, immediately: false) { count in
            if count == 1 { unsubscribeLater.current?() }
        }
        unsubscribeLater.withValue {
            $0 = store.subscribe(\.count, immediately: false) { later.append($0) }
        }
        store.dispatch(Add())
        store.dispatch(Add())
        #expect(later.current == [])
    }

    @Test func unsubscribeSelfInsideCallback() {
        let store = Store(initialState: Counter())
        let seen = Locked<[Int]>([])
        let unsubscribe = Locked<(@Sendable () -> Void)?>(nil)
        unsubscribe.withValue {
            $0 = store.subscribe(\.count, immediately: false) { count in
                seen.append(count)
                unsubscribe.current?()
                store.dispatch(Add())  // queued while this delivery runs: must not reach us
            }
        }
        store.dispatch(Add())
        #expect(seen.current == [1])
        #expect(store.state.count == 2)
    }

    @Test func unsubscribeBeforeFirstDeliveryInsideCallbackPreventsIt() {
        let store = Store(initialState: Counter())
        let inner = Locked<[Int]>([])
        // The callback holds the store: unsubscribing at the end breaks that cycle.
        let unsubscribe = store.subscribe(\.count, immediately: false) { count in
            guard count == 1 else { return }
            // Subscribed from inside a callback: its first value is queued behind this delivery...
            let unsubscribe = store.subscribe(\.count) { inner.append($0) }
            // ...and unsubscribing before it is delivered cancels it.
            unsubscribe()
        }
        defer { unsubscribe() }
        store.dispatch(Add())
        store.dispatch(Add())
        #expect(inner.current == [])
    }

    @Test func dispatchInsideCallbackIsAppliedAtOnceAndDeliveredAfterCurrentNotifications() {
        let store = Store(initialState: Counter())
        let log = Locked<[String]>([])
        // The callback holds the store: unsubscribing at the end breaks that cycle.
        let unsubscribe = store.subscribe(\.count, immediately: false) { count in
            log.append("A \(count)")
            if count == 1 {
                store.dispatch(Add())
                log.append("A sees state \(store.state.count)")
            }
        }
        defer { unsubscribe() }
        store.subscribe(\.count, immediately: false) { count in
            log.append("B \(count)")
        }
        store.dispatch(Add())
        #expect(log.current == ["A 1", "A sees state 2", "B 1", "A 2", "B 2"])
    }

    @Test func subscribeInsideCallbackStartsFromCurrentStateAfterCurrentNotifications() {
        let store = Store(initialState: Counter())
        let log = Locked<[String]>([])
        // The callback holds the store: unsubscribing at the end breaks that cycle.
        let unsubscribe = store.subscribe(\.count, immediately: false) { count in
            log.append("A \(count)")
            if count == 1 {
                store.subscribe(\.count) { log.append("C \($0)") }
            }
        }
        defer { unsubscribe() }
        store.subscribe(\.count, immediately: false) { log.append("B \($0)") }
        store.dispatch(Add())
        store.dispatch(Add())
        #expect(log.current == ["A 1", "B 1", "C 1", "A 2", "B 2", "C 2"])
    }

    @Test func subscribersAreCalledInSubscriptionOrder() {
        let store = Store(initialState: Counter())
        let log = Locked<[Int]>([])
        for index in 0..<50 {
            store.subscribe(\.count, immediately: false) { _ in log.append(index) }
        }
        store.dispatch(Add())
        #expect(log.current == Array(0..<50))
    }

    @Test func manyUnsubscribesKeepTheRestIntact() {
        // Exercises the compaction of the subscription list.
        let store = Store(initialState: Counter())
        let log = Locked<[Int]>([])
        var unsubscribes: [@Sendable () -> Void] = []
        for index in 0..<1_000 {
            unsubscribes.append(store.subscribe(\.count, immediately: false) { _ in log.append(index) })
        }
        for index in 0..<1_000 where index % 7 != 0 {
            unsubscribes[index]()
        }
        store.dispatch(Add())
        #expect(log.current == Array(stride(from: 0, to: 1_000, by: 7)))
        for index in stride(from: 0, to: 1_000, by: 7) {
            unsubscribes[index]()
        }
        log.withValue { $0 = [] }
        store.dispatch(Add())
        #expect(log.current == [])
    }
}
