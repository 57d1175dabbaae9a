import Foundation
import Swivelish
import SwivelishTesting
import TestSupport
import Testing

/// A state whose `start` returns a concat of a million parts that do nothing, then one that sends
/// `finished`.
private struct Chain: State, Equatable {
    var finished = false

    enum Action: Message, Equatable {
        case start
        case finished
    }

    static func update(_ state: inout Chain, with message: Message) -> Effect? {
        switch message as? Action {
        case .start?:
            return Effects.concat(Array(repeating: Effects.none, count: 1_000_000) + [Effects.send(Action.finished)])
        case .finished?:
            state.finished = true
            return nil
        case nil:
            return nil
        }
    }
}

@Suite("A long concat in a TestStore")
struct TestStoreStackDepthTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func runsInTheStackOfASecondaryThread() async {
        let store = TestStore(initialState: Chain(), timeout: .seconds(120))
        await onThread {
            store.send(Chain.Action.start)
        }
        await store.receive(Chain.Action.finished) { $0.finished = true }
        await store.finish()
    }
}
