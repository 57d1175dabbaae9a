import Testing

@testable import Swivelish

/// Two collections of one element type in one state.
private struct TwoLists: State {
    var left: IdentifiedArray<Row> = []
    var right: IdentifiedArray<Row> = []

    struct Clear: Message {}

    static func update(_ state: inout TwoLists, with message: Message) -> Effect? {
        updateElements(\.left, of: &state, with: message) { state, message in
            updateElements(\.right, of: &state, with: message) { state, message in
                if message.as(Clear.self) != nil {
                    state.left = []
                    state.right = []
                }
                return nil
            }
        }
    }
}

/// Two presented slots of one child type in one state.
private struct TwoSlots: State {
    @Presented var left: Row?
    @Presented var right: Row?

    struct Close: Message {}

    static func update(_ state: inout TwoSlots, with message: Message) -> Effect? {
        updatePresented(\.$left, of: &state, with: message) { state, message in
            updatePresented(\.$right, of: &state, with: message) { state, message in
                if message.as(Close.self) != nil {
                    state.left = nil
                    state.right = nil
                }
                return nil
            }
        }
    }
}

/// A list whose rows ask it to delete them, and a detail that asks its parent to close it: the parent
/// matches each child's message in one pattern.
private struct AskingParent: State {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    var other: IdentifiedArray<Row> = [Row(id: 1)]
    @Presented var detail: Row?
    var seen: [String] = []

    static func update(_ state: inout AskingParent, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if case let (id, .rename(title))? = message.as(Row.Action.self, at: \AskingParent.rows) {
                state.seen.append("row \(id) renamed \(title)")
            }
            if let (id, _) = message.as(Row.Action.self, at: \AskingParent.other) {
                state.seen.append("other row \(id)")
            }
            return updateElements(\.other, of: &state, with: message) { state, message in
                updatePresented(\.$detail, of: &state, with: message) { state, message in
                    if case .rename(let title)? = message.as(Row.Action.self, at: \AskingParent.$detail) {
                        state.seen.append("detail renamed \(title)")
                    }
                    return nil
                }
            }
        }
    }
}

@Suite("Two collections or two slots of one child type")
struct SameTypeChildrenTests {
    @Test func aRowStoreChangesItsOwnListsRowOnly() throws {
        let store = Store(initialState: TwoLists(left: [Row(id: 1)], right: [Row(id: 1)]))
        try #require(store.scope(\.left, id: 1)).dispatch(Row.Action.increment)
        #expect(store.state.left[id: 1]?.count == 1)
        #expect(store.state.right[id: 1]?.count == 0)
        try #require(store.scope(\.right, id: 1)).dispatch(Row.Action.rename("right"))
        #expect(store.state.left[id: 1]?.title == "")
        #expect(store.state.right[id: 1]?.title == "right")
    }

    /// A message made by hand for a named collection reaches that one; one that names none reaches the
    /// element of that id in each, as before.
    @Test func anElementMessageMayNameItsCollection() {
        let store = Store(initialState: TwoLists(left: [Row(id: 1)], right: [Row(id: 1)]))
        store.dispatch(ElementMessage<Row>(id: 1, in: \TwoLists.right, Row.Action.increment))
        #expect(store.state.left[id: 1]?.count == 0)
        #expect(store.state.right[id: 1]?.count == 1)
        store.dispatch(ElementMessage<Row>(id: 1, Row.Action.increment))
        #expect(store.state.left[id: 1]?.count == 1)
        #expect(store.state.right[id: 1]?.count == 2)
    }

    /// The other list, where the row's id is missing, does not take the row's effect's messages for those
    /// of a removed row and cancel the effect: the row keeps ticking.
    @Test func aRowsEffectIsNotCancelledByTheOtherList() async throws {
        let store = Store(initialState: TwoLists(left: [Row(id: 850)], right: []))
        try #require(store.scope(\.left, id: 850)).dispatch(Row.Action.startTicking)
        #expect(await eventually(seconds: 60) { store.state.left[id: 850]!.ticks >= 5 })
        #expect(!Row.stoppedTicking.current.contains(850))
        store.dispatch(TwoLists.Clear())
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(850) })
    }

    @Test func aPresentedChildsStoreChangesItsOwnSlotOnly() throws {
        let store = Store(initialState: TwoSlots(left: Row(id: 1), right: Row(id: 2)))
        try #require(store.scope(\.$left)).dispatch(Row.Action.increment)
        #expect(store.state.left?.count == 1)
        #expect(store.state.right?.count == 0)
        store.dispatch(PresentedMessage<Row>(in: \TwoSlots.$right, Row.Action.increment))
        #expect(store.state.left?.count == 1)
        #expect(store.state.right?.count == 1)
    }

    /// The empty slot does not take the presented child's effect's messages for those of a dismissed child.
    @Test func aPresentedChildsEffectIsNotCancelledByTheOtherSlot() async throws {
        let store = Store(initialState: TwoSlots(left: Row(id: 851), right: nil))
        try #require(store.scope(\.$left)).dispatch(Row.Action.startTicking)
        #expect(await eventually(seconds: 60) { (store.state.left?.ticks ?? 0) >= 5 })
        #expect(!Row.stoppedTicking.current.contains(851))
        store.dispatch(TwoSlots.Close())
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(851) })
    }

    @Test func aParentMatchesItsChildrensMessagesInOnePattern() throws {
        let store = Store(initialState: AskingParent(detail: Row(id: 9)))
        try #require(store.scope(\.rows, id: 2)).dispatch(Row.Action.rename("two"))
        try #require(store.scope(\.other, id: 1)).dispatch(Row.Action.increment)
        try #require(store.scope(\.$detail)).dispatch(Row.Action.rename("nine"))
        // To the root: the detail receives it, but did not send it, so it is not the detail's to its parent
        // (as a row's is not: no row receives it).
        store.dispatch(Row.Action.rename("everyone"))
        #expect(store.state.seen == ["row 2 renamed two", "other row 1", "detail renamed nine"])
        #expect(store.state.rows[id: 2]?.title == "two")
        #expect(store.state.detail?.title == "everyone")
    }
}
