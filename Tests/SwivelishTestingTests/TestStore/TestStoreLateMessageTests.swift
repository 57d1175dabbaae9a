import Swivelish
import SwivelishTesting
import TestSupport
import Testing

/// A row whose effect keeps its `dispatch`, as a callback-style API does, for the test to send through
/// later.
private struct Slot: State, Identifiable, Equatable {
    let id: Int
    var taps = 0

    enum Action: Message, Equatable {
        case keepDispatch
        case tap
    }

    static let kept = Locked<[Int: Dispatcher]>([:])

    static func update(_ state: inout Slot, with message: Message) -> Effect? {
        switch message.as(Action.self) {
        case .keepDispatch?:
            let id = state.id
            return { dispatch in Slot.kept.withValue { $0[id] = dispatch } }
        case .tap?:
            state.taps += 1
            return nil
        case nil:
            return nil
        }
    }
}

private struct Shelf: State, Equatable {
    var slots: IdentifiedArray<Slot> = [Slot(id: 801)]

    static func update(_ state: inout Shelf, with message: Message) -> Effect? {
        updateElements(\.slots, of: &state, with: message) { _, _ in nil }
    }
}

/// Empties its shelf from outside the shelf's `updateElements`, which therefore does not cancel the removed
/// slot's effects: a message they send later reaches `updateElements`, which drops it.
private struct Room: State, Equatable {
    var shelf = Shelf()

    struct Clear: Message {}

    static func update(_ state: inout Room, with message: Message) -> Effect? {
        if message.as(Clear.self) != nil {
            state.shelf.slots = []
        }
        return makeSerialUpdate(\.shelf)(&state, message)
    }
}

@Suite("TestStore and a late message of a child that is gone")
struct TestStoreLateMessageTests {
    /// A late message of a removed child reaches no state: it is not current, and the test does not receive
    /// it (nor is it told of an unreceived message at the end).
    @Test func aLateMessageOfARemovedChildIsNotReceived() async throws {
        let store = TestStore(initialState: Room())
        store.send(SubstateMessage(\Room.shelf, ElementMessage<Slot>(id: 801, Slot.Action.keepDispatch)))
        store.send(Room.Clear()) {
            $0.shelf.slots = []
        }
        let kept = try #require(Slot.kept.current[801])
        kept(Slot.Action.tap)
        await store.finish()
    }
}
