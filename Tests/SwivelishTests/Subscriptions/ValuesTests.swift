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
            await runConcurrently(threads: 8) { _ in
                for _ in 0..<1_000 { store.dispatch(Add()) }
            }
        }.value
        let seen = await collector.value
        #expect(seen == Array(0...total))
    }

    @Test func theLoopEndsWhenTheStoreIsFreed() async throws {
        var store: Store<Counter>? = Store(initialState: Counter())
        let values = store!.values(\.count)
        let seen = Locked<[Int]>([])
        let ended = Locked(false)
        let loop = Task {
            for await count in values { seen.append(count) }
            ended.withValue { $0 = true }
        }
        while seen.current.isEmpty { await Task.yield() }
        store?.dispatch(Add())
        store = nil
        let deadline = ContinuousClock.now + .seconds(10)
        while !ended.current && ContinuousClock.now < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(ended.current, "the loop was still waiting 10 s after its store was freed")
        loop.cancel()
        #expect(seen.current == [0, 1])
    }

    @Test func aLoopStartedAfterTheStoreIsFreedEndsAtOnce() async {
        var store: Store<Counter>? = Store(initialState: Counter())
        let values = store!.values(\.count)
        store = nil
        #expect(await finishes(within: 10) { await values.reduce(0) { count, _ in count + 1 } } == 0)
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

/// The result of `body`, or `nil` if it has not finished after `seconds` (the test fails then, instead of
/// hanging).
func finishes<Result: Sendable>(
    within seconds: Double, _ body: @escaping @Sendable () async -> Result
) async -> Result? {
    await withTaskGroup(of: Result?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        let first = await group.next()!
        group.cancelAll()
        return first
    }
}

extension Store {
    /// The number of live subscriptions, for tests.
    var subscriptionCount: Int {
        let storage = rootStorage
        return storage.lock.withLock("test") { storage.machine.subscriptionCount }
    }

}
