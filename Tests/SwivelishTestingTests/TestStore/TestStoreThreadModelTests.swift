import Dispatch
import Foundation
import Swivelish
import SwivelishTesting
import TestSupport
import Testing

/// What the effects of ``RelayState`` did, in order, and on which thread.
private enum Event: Equatable {
    case relayEffectStarted(thread: ObjectIdentifier)
    case pingDispatched
    case relayEffectEnded
    case pingEffectRan(thread: ObjectIdentifier)
}

private enum Relay: Message, Equatable {
    /// Its effect has another thread dispatch `ping`, and returns once that dispatch has returned.
    case relay
    case ping
}

private struct RelayState: State, Equatable {
    var pings = 0
    let journal: Locked<[Event]>

    static func == (left: RelayState, right: RelayState) -> Bool {
        left.pings == right.pings
    }

    static func update(_ state: inout RelayState, with message: Message) -> Effect? {
        let journal = state.journal
        switch message as? Relay {
        case .relay:
            return { dispatch in
                journal.append(.relayEffectStarted(thread: ObjectIdentifier(Thread.current)))
                let dispatched = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    dispatch(Relay.ping)
                    journal.append(.pingDispatched)
                    dispatched.signal()
                }
                _ = dispatched.wait(timeout: .now() + 10)
                journal.append(.relayEffectEnded)
            }
        case .ping:
            state.pings += 1
            return { _ in journal.append(.pingEffectRan(thread: ObjectIdentifier(Thread.current))) }
        case nil:
            return nil
        }
    }
}

/// A test store runs effects as the app's `Store` does (see the Thread model article): one at a time,
/// on the thread delivering the store's changes, in message order.
@Suite("TestStore thread model")
struct TestStoreThreadModelTests {
    /// A message dispatched from another thread while an effect runs has its effect run after that
    /// effect, on the delivering thread, not at once on the dispatching thread alongside it.
    @Test func effectsRunOneAtATimeOnTheDeliveringThread() async {
        let journal = Locked<[Event]>([])
        let store = TestStore(initialState: RelayState(journal: journal))
        store.send(Relay.relay)
        await store.receive(Relay.ping) { $0.pings = 1 }
        await store.finish()

        let events = journal.current
        guard case let .relayEffectStarted(deliveringThread) = events.first else {
            Issue.record("the relay effect did not run: \(events)")
            return
        }
        #expect(
            events == [
                .relayEffectStarted(thread: deliveringThread), .pingDispatched, .relayEffectEnded,
                .pingEffectRan(thread: deliveringThread),
            ])
    }

    /// The effect of a message sent by the test runs before `send` returns, as `Store.dispatch` delivers
    /// its own change when no other thread is delivering.
    @Test func theEffectOfASentMessageHasRunWhenSendReturns() async {
        let journal = Locked<[Event]>([])
        let store = TestStore(initialState: RelayState(journal: journal))
        store.send(Relay.ping) { $0.pings = 1 }
        #expect(journal.current.count == 1)
        await store.finish()
    }
}
