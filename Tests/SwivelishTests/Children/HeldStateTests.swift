import Dispatch
import Testing

@testable import Swivelish

@Suite("A state held by a delivery, an observer or a reader never changes")
struct HeldStateTests {
    /// Two threads change, remove, re-add, move and sort the rows of a list of 100 (past the 32 rows a
    /// collection keeps in its last leaf), while a subscriber, an observer (states before and after) and a
    /// reader of `state` keep every version they are given. Versions share what they did not change
    /// (`SlotVector`); each must still hold the rows it held when given, in the same order.
    @Test func aChangeNeverShowsInAStateHeldElsewhere() async {
        let held = Locked<[HeldRows]>([])
        let store = Store(
            initialState: Pantry(count: 100),
            observers: [
                StoreObserver { event in
                    held.append(HeldRows(event.stateBefore.rows))
                    held.append(HeldRows(event.stateAfter.rows))
                }
            ])
        let unsubscribe = store.subscribe(\.rows) { held.append(HeldRows($0)) }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<2 {
                group.addTask {
                    var random = SplitMix(seed: UInt64(thread + 1))
                    for step in 0..<400 {
                        let ids = store.state.rows.ids
                        let id = ids.isEmpty ? 0 : ids[random.next(ids.count)]
                        switch random.next(6) {
                        case 0: store.dispatch(Pantry.Action.remove(id))
                        case 1: store.dispatch(Pantry.Action.removeAndAddBack(id))
                        case 2: store.dispatch(Pantry.Action.add(1_000 * (thread + 1) + step))
                        case 3: store.dispatch(Pantry.Action.move(random.next(ids.count + 1)))
                        case 4: store.dispatch(Pantry.Action.sort)
                        default: store.dispatch(ElementMessage<Row>(id: id, Row.Action.increment))
                        }
                        if step % 40 == 0 {
                            held.append(HeldRows(store.state.rows))
                        }
                    }
                }
            }
        }
        await store.waitForDeliveries()
        unsubscribe()
        let versions = held.current
        #expect(versions.count > 1_600)  // the observer's two for each of the 800 messages, and more
        for version in versions {
            #expect(Array(version.rows) == version.elements)
            #expect(Array(version.rows.ids) == version.ids)
        }
    }
}

/// A version of a list's rows, and what it held when it was given, copied element by element.
private struct HeldRows: Sendable {
    let rows: IdentifiedArray<Row>
    let elements: [Row]
    let ids: [Int]

    init(_ rows: IdentifiedArray<Row>) {
        self.rows = rows
        elements = Array(rows)
        ids = Array(rows.ids)
    }
}

/// A list whose rows are changed, removed, added back, moved and sorted.
private struct Pantry: State {
    var rows: IdentifiedArray<Row>

    init(count: Int) {
        rows = IdentifiedArray((0..<count).map { Row(id: $0, title: "\(($0 * 37) % 100)") })
    }

    enum Action: Message {
        case add(Int)
        case remove(Int)
        case removeAndAddBack(Int)
        /// Moves the first row to the position given (or the last).
        case move(Int)
        case sort
    }

    static func update(_ state: inout Pantry, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            switch message as? Action {
            case let .add(id)?:
                if state.rows[id: id] == nil { state.rows.append(Row(id: id, title: "\(id % 100)")) }
            case let .remove(id)?:
                state.rows.remove(id: id)
            case let .removeAndAddBack(id)?:
                if let row = state.rows.remove(id: id) { state.rows.append(row) }
            case let .move(position)?:
                if !state.rows.isEmpty {
                    state.rows.move(from: 0, to: min(position, state.rows.count - 1))
                }
            case .sort?:
                state.rows.sort { ($0.title, $0.count) < ($1.title, $1.count) }
            case nil:
                break
            }
            return nil
        }
    }
}
