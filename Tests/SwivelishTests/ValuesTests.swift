import Foundation
import Testing

@testable import Swivelish

@Suite("Store.values: state as an AsyncSequence")
struct ValuesTests {
    @Test func startsWithTheCurrentValueAndSkipsRepeatsOfEquatableValues() async {
        let store = Store(initialState: Counter(count: 3))
        var iterator = store.values(\.count).makeAsyncIterator()
        store.dispatch(Add(amount: 0))
        store.dispatch(Add(amount: 1))
        store.dispatch(Relabel(label: "same count"))
        store.dispatch(Add(amount: 1))
        var seen: [Int] = []
        for _ in 0..<3 {
            if let value = await iterator.next() { seen.append(value) }
        }
        #expect(seen == [3, 4, 5])
    }

    @Test func nonEquatableValuesAreDeliveredForEveryChange() async {
        struct Box: Sendable { var value: Int }
        struct Holder: State {
            var box = Box(value: 0)
            static func update(_ state: inout Holder, with message: Message) -> Effect? {
                if let add = message as? Add { state.box.value += add.amount }
                return nil
            }
        }
        let store = Store(initialState: Holder())
        var iterator = store.values(\.box).makeAsyncIterator()
        store.dispatch(Add(amount: 0))
        store.dispatch(Add(amount: 2))
        var seen: [Int] = []
        for _ in 0..<3 {
            if let box = await iterator.next() { seen.append(box.value) }
        }
        #expect(seen == [0, 0, 2])
    }

    @Test func wholeState() async {
        let store = Store(initialState: Counter())
        var iterator = store.values(\.self).makeAsyncIterator()
        store.dispatch(Add(amount: 2))
        #expect(await iterator.next() == Counter())
        #expect(await iterator.next() == Counter(count: 2, version: 1))
    }

    @Test func noValueIsLostBetweenSubscribingAndTheFirstNext() async {
        let store = Store(initialState: Counter())
        let values = store.values(\.count)
        var iterator = values.makeAsyncIterator()
        for _ in 0..<100 { store.dispatch(Add()) }
        var seen: [Int] = []
        for _ in 0...100 {
            if let value = await iterator.next() { seen.append(value) }
        }
        #expect(seen == Array(0...100))
    }

    @Test func endingTheLoopUnsubscribes() async {
        let store = Store(initialState: Counter())
        for await count in store.values(\.count) {
            if count == 2 { break }
            store.dispatch(Add())
        }
        #expect(store.subscriptionCount == 0)
    }

    @Test func cancellingTheTaskEndsTheLoopAndUnsubscribes() async {
        let store = Store(initialState: Counter())
        let subscribed = Signal()
        let task = Task {
            var seen: [Int] = []
            for await count in store.values(\.count) {
                seen.append(count)
                subscribed.fire()
            }
            return seen
        }
        #expect(await subscribed.wait())
        task.cancel()
        let seen = await task.value
        #expect(seen.first == 0)
        #expect(store.subscriptionCount == 0)
    }

    @Test func deliversEveryValueInOrderUnderConcurrentDispatch() async {
        let store = Store(initialState: Counter())
        let total = 8 * 1_000
        let collector = Task {
            var seen: [Int] = []
            for await count in store.values(\.count) {
                seen.append(count)
                if count == total { break }
            }
            return seen
        }
        // Dispatch only once the loop has subscribed, so that it starts from 0.
        while store.subscriptionCount == 0 { await Task.yield() }
        await Task.detached {
            runConcurrently(threads: 8) { _ in
                for _ in 0..<1_000 { store.dispatch(Add()) }
            }
        }.value
        let seen = await collector.value
        #expect(seen == Array(0...total))
    }

    @MainActor
    @Test func iteratesOnTheMainActor() async {
        let store = Store(initialState: Counter())
        var seen: [Int] = []
        for await count in store.values(\.count) {
            seen.append(count)
            if count == 2 { break }
            store.dispatch(Add())
        }
        #expect(seen == [0, 1, 2])
    }
}

extension Store {
    /// The number of live subscriptions, for tests.
    var subscriptionCount: Int {
        lock.lock("test")
        defer { lock.unlock() }
        return subscriptions.count
    }
}
