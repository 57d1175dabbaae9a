import Swivelish
import TestSupport
import Testing

@testable import SwivelishTesting

private typealias Action = Counter.Action

/// A message whose effect, a task, sends ``Echoed`` back with the same number.
private struct Echo: Message, Equatable {
    var n: Int
}

private struct Echoed: Message, Equatable {
    var n: Int
}

private struct EchoState: State, Equatable {
    var last = -1

    static func update(_ state: inout EchoState, with message: Message) -> Effect? {
        switch message {
        case let echo as Echo:
            return Effects.run { dispatch in dispatch(Echoed(n: echo.n)) }
        case let echoed as Echoed:
            state.last = echoed.n
            return nil
        default:
            return nil
        }
    }
}

/// A message held back by its effect until the test delivers it, at a moment of the test's choosing.
private enum Parcel: Message, Equatable {
    /// Its effect keeps its `dispatch` in the state's outbox.
    case hold
    case delivered
}

private struct ParcelState: State, Equatable {
    var isDelivered = false
    let outbox: Locked<Dispatcher?>

    static func == (left: ParcelState, right: ParcelState) -> Bool {
        left.isDelivered == right.isDelivered
    }

    static func update(_ state: inout ParcelState, with message: Message) -> Effect? {
        switch message as? Parcel {
        case .hold:
            let outbox = state.outbox
            return { dispatch in outbox.withValue { $0 = dispatch } }
        case .delivered:
            state.isDelivered = true
            return nil
        case nil:
            return nil
        }
    }

    /// Dispatches `delivered` through the kept `dispatch`, the first time only.
    static func deliver(from outbox: Locked<Dispatcher?>) {
        let dispatch = outbox.withValue { $0.take() }
        dispatch?(Parcel.delivered)
    }
}

/// How `receive` and `finish` wait: never past a message or an effect's end that they wait for, and
/// without leaving a waiter or an armed timer behind. The counts come from the store's internal
/// `waitStatistics`; a timeout counted there is a wait that ran to its deadline.
@Suite("TestStore waiting")
struct TestStoreWaitingTests {
    /// The lost wake-up: a `receive` that checked for its message before registering to be woken slept
    /// its whole timeout when the message arrived in between (about once per 300 round trips).
    @Test func roundTripsThroughATaskNeverWaitForATimeout() async {
        let store = TestStore(initialState: EchoState())
        for n in 0..<300 {
            store.send(Echo(n: n))
            await store.receive(Echoed(n: n)) { $0.last = n }
        }
        await store.finish()
        let statistics = store.waitStatistics
        #expect(statistics.timeouts == 0)
        #expect(statistics.waiting == 0)
        #expect(statistics.timersCancelled == statistics.timersStarted)
    }

    /// The same lost wake-up, made to happen every time: the message arrives after `receive` has found
    /// none and before it waits. It must find it then, without a timer and without waiting its timeout.
    @Test func aMessageArrivingJustBeforeReceiveWaitsIsNotMissed() async {
        let outbox = Locked<Dispatcher?>(nil)
        let store = TestStore(
            initialState: ParcelState(outbox: outbox), timeout: .seconds(5), reporter: FailureReporter(),
            beforeWaiting: { ParcelState.deliver(from: outbox) })
        store.send(Parcel.hold)
        await store.receive(Parcel.delivered) { $0.isDelivered = true }
        await store.finish()
        #expect(store.waitStatistics == .init())
    }

    @Test func receivingMessagesThatHaveArrivedStartsNoTimer() async {
        let store = TestStore(initialState: Counter())
        store.send(Action.twoStep)  // both messages are applied before `send` returns
        await store.receive(Action.add(1)) { $0.count = 1 }
        await store.receive(Action.add(2)) { $0.count = 3 }
        await store.finish()
        #expect(store.waitStatistics == .init())
    }

    @Test func aWaitingReceiveIsWokenByTheMessageAndCancelsItsTimer() async {
        let store = TestStore(initialState: Counter(), timeout: .seconds(30))
        store.send(Action.fetchWithCallback) { $0.isLoading = true }  // loaded(7) comes 250 ms later
        await store.receive(Action.loaded(7)) {
            $0.isLoading = false
            $0.count = 7
        }
        let statistics = store.waitStatistics
        #expect(statistics.timeouts == 0)
        #expect(statistics.timersStarted == 1)
        #expect(statistics.timersCancelled == 1)
        #expect(statistics.waiting == 0)
        await store.finish()
    }

    @Test func finishIsWokenByTheLastEffectsEnd() async {
        let store = TestStore(initialState: Counter(), timeout: .seconds(30))
        store.send(Action.fetchForever) { $0.isLoading = true }
        store.send(Action.cancelFetch) { $0.isLoading = false }  // the task ends soon, on its own thread
        await store.finish()
        let statistics = store.waitStatistics
        #expect(statistics.timeouts == 0)
        #expect(statistics.timersCancelled == statistics.timersStarted)
        #expect(statistics.waiting == 0)
    }

    @Test func finishThatTimesOutLeavesNoWaiterBehind() async {
        let store = TestStore(initialState: Counter(), exhaustivity: .off)
        store.send(Action.fetchForever)
        await store.finish(timeout: .milliseconds(20))
        let statistics = store.waitStatistics
        #expect(statistics.timeouts == 1)
        #expect(statistics.waiting == 0)
    }
}
