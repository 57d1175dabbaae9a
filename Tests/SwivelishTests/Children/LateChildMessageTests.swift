import Testing

@testable import Swivelish

/// A child whose effect keeps its `dispatch` and returns at once, as a callback-style API does: a message
/// sent through it later arrives after the child may be gone.
private struct Tile: State, Identifiable, Equatable {
    let id: Int
    var taps = 0

    enum Action: Message, Equatable {
        /// Keeps the effect's `dispatch` in `kept`, for the test to send through later.
        case keepDispatch
        case tap
        /// What the child sends when it is done with itself; its parent reacts by closing it.
        case done
    }

    static let kept = Locked<[Int: Dispatcher]>([:])

    static func update(_ state: inout Tile, with message: Message) -> Effect? {
        switch message as? Action {
        case .keepDispatch?:
            let id = state.id
            return { dispatch in Tile.kept.withValue { $0[id] = dispatch } }
        case .tap?:
            state.taps += 1
            return nil
        case .done?, nil:
            return nil
        }
    }
}

/// A board of tiles and a tile shown alone; its own logic records every message it sees, and closes the
/// shown tile when it says it is done.
private struct Board: State {
    var tiles: IdentifiedArray<Tile> = [Tile(id: 1), Tile(id: 2)]
    @Presented var shown: Tile?
    var seen: [String] = []

    enum Action: Message {
        case remove(Int)
        case show(Int)
    }

    static func update(_ state: inout Board, with message: Message) -> Effect? {
        updatePresented(\.$shown, of: &state, with: message) { state, message in
            updateElements(\.tiles, of: &state, with: message) { state, message in
                state.seen.append("\(message)")
                switch message {
                case let action as Action:
                    switch action {
                    case let .remove(id): state.tiles.remove(id: id)
                    case let .show(id): state.shown = Tile(id: id)
                    }
                case let presented as PresentedMessage<Tile> where presented.message as? Tile.Action == .done:
                    state.shown = nil
                default:
                    break
                }
                return nil
            }
        }
    }
}

@Suite("A message of a child that is gone is not current", .serialized)
struct LateChildMessageTests {
    /// A removed tile's late message reaches neither the tile nor the board's own logic.
    @Test func aRemovedElementsLateMessageDoesNotReachTheParent() {
        let store = Store(initialState: Board())
        store.dispatch(ElementMessage<Tile>(id: 1, Tile.Action.keepDispatch))
        store.dispatch(Board.Action.remove(1))
        let seenBefore = store.state.seen
        Tile.kept.current[1]?(Tile.Action.tap)
        #expect(store.state.seen == seenBefore)
    }

    /// A message for an id that is not in the list is not applied, and the board does not count it.
    @Test func aMessageForAMissingElementDoesNotReachTheParent() {
        let store = Store(initialState: Board())
        store.dispatch(ElementMessage<Tile>(id: 99, Tile.Action.tap))
        #expect(store.state.seen == [])
        store.dispatch(ElementMessage<Tile>(id: 2, Tile.Action.tap))
        #expect(store.state.tiles[id: 2]?.taps == 1)
        #expect(store.state.seen.count == 1)  // a current element's message still reaches the parent
    }

    /// A replaced tile's late "done" does not close the tile shown after it.
    @Test func aReplacedChildsLateMessageDoesNotCloseTheNextOne() {
        let store = Store(initialState: Board())
        store.dispatch(Board.Action.show(5))
        store.dispatch(PresentedMessage<Tile>(Tile.Action.keepDispatch))
        store.dispatch(Board.Action.show(6))  // another id: a new presentation
        Tile.kept.current[5]?(Tile.Action.done)
        #expect(store.state.shown == Tile(id: 6))
        store.dispatch(PresentedMessage<Tile>(Tile.Action.done))  // the current one's closes it
        #expect(store.state.shown == nil)
        let seenBefore = store.state.seen
        store.dispatch(PresentedMessage<Tile>(Tile.Action.tap))  // none presented: not current
        #expect(store.state.seen == seenBefore)
    }

    /// Observers are told why a message reached no state, and `printChanges` says so; an applied message's
    /// event has no reason.
    @Test func observersAreToldWhyAMessageWasNotApplied() {
        let reasons = Locked<[String?]>([])
        let written = Locked<[String]>([])
        let store = Store(
            initialState: Board(),
            observers: [
                StoreObserver { event in reasons.append(event.notAppliedReason) },
                .printChanges { written.append($0) },
            ])
        store.dispatch(ElementMessage<Tile>(id: 99, Tile.Action.tap))
        store.dispatch(ElementMessage<Tile>(id: 1, incarnation: 999_999, collection: nil, Tile.Action.tap))
        store.dispatch(PresentedMessage<Tile>(Tile.Action.tap))
        store.dispatch(Board.Action.show(5))
        store.dispatch(PresentedMessage<Tile>(incarnation: 999_999, slot: nil, message: Tile.Action.tap))
        store.dispatch(ElementMessage<Tile>(id: 2, Tile.Action.tap))
        #expect(
            reasons.current == [
                "there is no element with the id 99 in the IdentifiedArray<Tile>",
                "the Tile with id 1 whose effect sent it was replaced by another with its id",
                "no Tile is presented",
                nil,
                "the presented Tile whose effect sent it was dismissed",
                nil,
            ])
        #expect(
            written.current.first == """
                ElementMessage<Tile>(id: 99, Tile.Action.tap)
                  not applied: there is no element with the id 99 in the IdentifiedArray<Tile>
                """)
        #expect(store.state.tiles[id: 2]?.taps == 1)
    }

    /// A store's report is its own: a message applied after a dropped one, and a store whose observers do not
    /// ask, carry none.
    @Test func aReportDoesNotOutliveItsMessage() {
        let reasons = Locked<[String?]>([])
        let store = Store(initialState: Board(), observers: [StoreObserver { reasons.append($0.notAppliedReason) }])
        let plain = Store(initialState: Board())
        plain.dispatch(ElementMessage<Tile>(id: 99, Tile.Action.tap))  // no collection under way: ignored
        store.dispatch(ElementMessage<Tile>(id: 98, Tile.Action.tap))
        store.dispatch(ElementMessage<Tile>(id: 1, Tile.Action.tap))
        #expect(reasons.current.count == 2)
        #expect(reasons.current.last == .some(nil))
    }

    /// A collection inside another (a test store's update inside an observed store's) passes its reason on;
    /// a report with no collection under way goes nowhere.
    @Test func aReasonReachesEachCollectionItIsIn() {
        NotApplied.report("nobody asks")
        let outer = NotApplied.collecting {
            NotApplied.collecting { NotApplied.report("gone") }.reason
        }
        #expect(outer.result == "gone")
        #expect(outer.reason == "gone")
        #expect(NotApplied.collecting { 1 }.reason == nil)
    }
}
