import Foundation
import Dispatch
import Swivelish
import Testing

@Suite("Store: dispatch, state and effects")
struct StoreTests {
    @Test func stateReflectsDispatchWhenDispatchReturns() {
        let store = Store(initialState: Counter())
        store.dispatch(Add(amount: 2))
        #expect(store.state.count == 2)
        store.dispatch(Ignored())
        #expect(store.state == Counter(count: 2, version: 1))
    }

    @Test func effectRunsAfterStateIsCommittedAndSubscribersNotified() {
        let log = Locked<[String]>([])
        let store = Store(initialState: Scripted())
        store.subscribe(\.count, immediately: false) { log.append("count: \($0)") }
        store.dispatch(Scripted.Add(amount: 1) { _ in log.append("effect") })
        #expect(log.current == ["count: 1", "effect"])
    }

    @Test func effectReadingTheStoreSeesItsOwnChange() {
        let store = Store(initialState: Scripted())
        let seen = Locked<[Int]>([])
        store.dispatch(Scripted.Add(amount: 7) { _ in seen.append(store.state.count) })
        #expect(seen.current == [7])
    }

    @Test func effectsRunInMessageOrderWithNestedDispatches() {
        let ran = Locked<[Int]>([])
        @Sendable func step(_ number: Int) -> Scripted.Add {
            Scripted.Add(amount: number) { dispatch in
                ran.append(number)
                if number < 5 { dispatch(step(number + 1)) }
                if number == 1 { dispatch(step(10)) }
            }
        }
        let store = Store(initialState: Scripted())
        store.dispatch(step(1))
        // 1's effect dispatches 2 and 10, both applied at once; their effects run after 1's, in
        // message order, and 2's follow-up 3 comes after 10.
        #expect(store.state.amounts == [1, 2, 10, 3, 4, 5])
        #expect(ran.current == [1, 2, 10, 3, 4, 5])
    }

    @Test func keptDispatchWorksLaterFromAnotherThread() throws {
        let store = Store(initialState: Scripted())
        let kept = Locked<Dispatcher?>(nil)
        store.dispatch(Scripted.Add(amount: 1) { dispatch in kept.withValue { $0 = dispatch } })
        let dispatch = try #require(kept.current)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            dispatch(Scripted.Add(amount: 41))
            done.signal()
        }
        done.wait()
        #expect(store.state.count == 42)
    }

    @Test func effectMaySubscribeAndUnsubscribeWithoutDeadlock() {
        let store = Store(initialState: Scripted())
        let seen = Locked<[Int]>([])
        let unsubscribe = Locked<(@Sendable () -> Void)?>(nil)
        store.dispatch(
            Scripted.Add(amount: 1) { dispatch in
                unsubscribe.withValue { $0 = store.subscribe(\.count) { seen.append($0) } }
                dispatch(Scripted.Add(amount: 1))
            })
        // The subscription made inside the effect starts from the state it was made in, then follows.
        #expect(seen.current == [1, 2])
        store.dispatch(
            Scripted.Add(amount: 1) { _ in
                unsubscribe.current?()
            })
        store.dispatch(Scripted.Add(amount: 1))
        #expect(seen.current == [1, 2, 3])
        #expect(store.state.count == 4)
    }

    @Test func dispatcherCanBeMadeFromAClosure() {
        let sent = Locked<[Int]>([])
        let dispatch = Dispatcher { message in
            if let add = message as? Add { sent.append(add.amount) }
        }
        dispatch(Add(amount: 3))
        dispatch(Ignored())
        #expect(sent.current == [3])
    }
}

/// A counter whose messages carry the effect to return, so a test can script what effects do.
struct Scripted: State {
    var count = 0
    var amounts: [Int] = []

    struct Add: Message {
        var amount: Int
        var effect: Effect?

        init(amount: Int, effect: Effect? = nil) {
            self.amount = amount
            self.effect = effect
        }
    }

    static func update(_ state: inout Scripted, with message: Message) -> Effect? {
        guard let message = message as? Add else { return nil }
        state.count += message.amount
        state.amounts.append(message.amount)
        return message.effect
    }
}
