#if canImport(Observation)
import Observation
import Testing

@testable import Swivelish

/// A row that knows whether a change to it was made in place: `marker` is referenced by the row only,
/// unless the collection holding the row was copied for the change.
private struct MarkedRow: State, Identifiable, Equatable {
    let id: Int
    var count = 0
    var marker = Marker()

    final class Marker: Sendable {}

    static func == (left: MarkedRow, right: MarkedRow) -> Bool {
        left.id == right.id && left.count == right.count
    }

    static func update(_ state: inout MarkedRow, with message: Message) -> Effect? {
        state.count += 1
        return nil
    }
}

private struct MarkedList: State {
    var rows = IdentifiedArray((0..<1_000).map { MarkedRow(id: $0) })
    var title = "list"
    /// Whether the last change to a row found its marker uniquely referenced.
    var lastChangeWasInPlace = false

    struct Touch: Message {
        let id: Int
    }

    /// Returns an effect that sends `Touch(id:)` at once.
    struct TouchFromAnEffect: Message {
        let id: Int
    }

    /// Appends a row; `lastChangeWasInPlace` says whether the ids were appended in place.
    struct Append: Message {
        let id: Int
    }

    static func update(_ state: inout MarkedList, with message: Message) -> Effect? {
        if let append = message as? Append {
            let before = state.rows.ids.storage
            state.rows.append(MarkedRow(id: append.id))
            state.lastChangeWasInPlace = state.rows.ids.storage === before
            return nil
        }
        if let touch = message as? TouchFromAnEffect {
            return Effects.send(Touch(id: touch.id))
        }
        if let touch = message as? Touch {
            state.lastChangeWasInPlace = isKnownUniquelyReferenced(&state.rows[id: touch.id]!.marker)
            return nil
        }
        return updateElements(\.rows, of: &state, with: message) { _, _ in nil }
    }
}

/// A row whose note is not `Equatable`: a model counts it as changed at each new state of its row.
private struct NotedRow: State, Identifiable {
    let id: Int
    var count = 0
    var note = Note(text: "")

    /// Not `Equatable`.
    struct Note {
        var text: String
    }

    static func update(_ state: inout NotedRow, with message: Message) -> Effect? {
        state.count += 1
        return nil
    }
}

private struct NotedList: State {
    var rows = IdentifiedArray((0..<3).map { NotedRow(id: $0) })

    static func update(_ state: inout NotedList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { _, _ in nil }
    }
}

/// Counts the invalidations of whatever `read` reads, for as long as the counter lives.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private final class Invalidations {
    private(set) var count = 0
    private let read: @MainActor () -> Void

    init(of read: @escaping @MainActor () -> Void) {
        self.read = read
        observe()
    }

    private func observe() {
        withObservationTracking(read) { [weak self] in
            // Weakly: the model's registrar keeps the last registration, which would keep the counter, and
            // through `read` the model, alive for ever (LeakSanitizer reports the cycle).
            MainActor.assumeIsolated {
                guard let self else { return }
                self.count += 1
                self.observe()
            }
        }
    }
}

@Suite("ObservedStore with lists: views invalidated by what changed, not by the size of the list")
struct ObservedListTests {
    @Test @MainActor func theListReadingIdsIsInvalidatedOnlyWhenIdsChange() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: rowList(count: 3))
        let model = store.observable()
        let list = Invalidations { _ = model[tracking: \.rows.ids] }
        _ = model.listMessages
        store.dispatch(ElementMessage<Row>(id: 1, Row.Action.increment))
        #expect(await mainActorWait { model.listMessages == 1 })
        #expect(list.count == 0)  // a row changed: the ids did not
        store.dispatch(RowList.Action.add(3))
        #expect(await mainActorWait { model[tracking: \.rows.ids] == [0, 1, 2, 3] })
        #expect(list.count == 1)
        store.dispatch(RowList.Action.remove(0))
        #expect(await mainActorWait { model[tracking: \.rows.ids] == [1, 2, 3] })
        #expect(list.count == 2)
        // Through the dynamic member, the ids are tracked as `rows`: a row's change invalidates.
        let wholeRows = Invalidations { _ = model.rows.ids }
        store.dispatch(ElementMessage<Row>(id: 2, Row.Action.increment))
        #expect(await mainActorWait { wholeRows.count == 1 })
        #expect(list.count == 2)
    }

    @Test @MainActor func aRowModelIsInvalidatedOnlyByItsOwnRow() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: rowList(count: 100))
        let listModel = store.observable()
        let list = Invalidations { _ = listModel[tracking: \.rows.ids] }
        let rowModels = (0..<100).map { store.scope(\.rows, id: $0)!.observable() }
        let rows = rowModels.map { model in Invalidations { _ = model.count } }
        _ = listModel.listMessages
        store.dispatch(ElementMessage<Row>(id: 42, Row.Action.increment))
        #expect(await mainActorWait { rowModels[42].count == 1 })
        #expect(rows.map(\.count) == (0..<100).map { $0 == 42 ? 1 : 0 })
        #expect(list.count == 0)
        store.dispatch(RowList.Action.add(100))  // appended: the list is invalidated, no row is
        #expect(await mainActorWait { listModel.listMessages == 2 })
        #expect(list.count == 1)
        #expect(rows.map(\.count).reduce(0, +) == 1)
        store.dispatch(ElementMessage<Row>(id: 7, Row.Action.rename("seven")))  // a field no row view read
        #expect(await mainActorWait { listModel.listMessages == 2 })
        #expect(rows.map(\.count).reduce(0, +) == 1)
    }

    /// A row model's value that is not `Equatable` is not changed by the turns in which the model catches
    /// up with the store after other rows changed: its readers are told of its own row's changes only.
    @Test @MainActor func aRowsValueThatIsNotEquatableIsNotChangedByOtherRows() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: NotedList())
        let row = store.scope(\.rows, id: 1)!.observable()
        let other = store.scope(\.rows, id: 2)!.observable()
        let notes = Invalidations { _ = row.note }
        var seenBefore = 0
        for changes in 1...8 {
            store.dispatch(ElementMessage<NotedRow>(id: 2, Ignored()))
            #expect(await mainActorWait { other.count == changes })
            _ = row.note  // a turn of the row's model, after another row's change
            // Counted from the third round: the deliverer's first reading of a new field, sent with the
            // next state delivered, counts as a change once for a value that is not `Equatable`.
            if changes == 2 { seenBefore = notes.count }
        }
        // Once per turn without the comparison of bytes: 6 more.
        #expect(notes.count <= seenBefore + 1, "invalidated \(notes.count - seenBefore) times by other rows")
        let beforeItsOwn = notes.count
        store.dispatch(ElementMessage<NotedRow>(id: 1, Ignored()))  // its own row: a new state of it
        #expect(await mainActorWait { row.count == 1 && notes.count > beforeItsOwn })
    }

    /// A row's model reads each field from the element its group found: a stored property deep in it, a
    /// computed one, the whole element; the model of a store scoped further from the row reads through the
    /// root state. Each follows its own row only, keeps its values while the row is gone, and follows the
    /// row added back.
    @Test @MainActor func aRowModelReadsEachFieldFromItsElement() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let deck = Store(initialState: Deck(cards: 3))
        let listModel = deck.observable()
        _ = listModel.title
        let cardStore = deck.scope(\.cards, id: 1)!
        let card = cardStore.observable()
        let face = cardStore.scope(\.face).observable()
        let invalidations = Invalidations {
            _ = card.face.value
            _ = card.label
            _ = card[tracking: \.self]
            _ = face.value
        }
        func values() -> [String] {
            ["\(card.face.value)", card.label, "\(card[tracking: \.self].face.value)", "\(face.value)"]
        }
        deck.dispatch(ElementMessage<Card>(id: 1, Card.Set(value: 5)))
        #expect(await mainActorWait { values() == ["5", "card 1: 5", "5", "5"] })
        let afterTheChange = invalidations.count
        #expect(afterTheChange > 0)
        deck.dispatch(ElementMessage<Card>(id: 0, Card.Set(value: 7)))
        deck.dispatch(Deck.Remove(id: 1))
        deck.dispatch(ElementMessage<Card>(id: 2, Card.Set(value: 3)))
        #expect(await mainActorWait { deck.state.cards.count == 2 })
        for _ in 0..<100 { await Task.yield() }
        #expect(values() == ["5", "card 1: 5", "5", "5"])  // as they last were
        #expect(invalidations.count == afterTheChange)  // other rows' changes, and the removal, reach none
        deck.dispatch(Deck.Add(id: 1, value: 9))
        #expect(await mainActorWait { values() == ["9", "card 1: 9", "9", "9"] })
        #expect(invalidations.count > afterTheChange)
    }

    @Test @MainActor func aRowModelKeepsItsLastRowWhenTheRowGoesAndFollowsItWhenItComesBack() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: rowList(count: 2))
        let row = store.scope(\.rows, id: 1)!.observable()
        let listModel = store.observable()
        _ = listModel.listMessages
        let invalidations = Invalidations { _ = row.count }
        store.dispatch(ElementMessage<Row>(id: 1, Row.Action.increment))
        #expect(await mainActorWait { row.count == 1 })
        store.dispatch(RowList.Action.remove(1))
        store.dispatch(RowList.Action.add(9))
        #expect(await mainActorWait { listModel.listMessages == 3 })
        #expect(row.count == 1)  // as it last was: not a removed row's default, not another row
        #expect(invalidations.count == 1)
        store.dispatch(RowList.Action.add(1))  // a new row with the id: followed
        #expect(await mainActorWait { row.count == 0 })
        #expect(invalidations.count == 2)
    }

    /// The list's model is alive, as in an app, and reads the ids and the title: a change to one row of
    /// a thousand is made in place, not on a copy of the collection that the model keeps alive.
    @Test @MainActor func aModelDoesNotMakeAChangeToOneRowCopyTheCollection() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: MarkedList())
        let model = store.observable()
        let rowModel = store.scope(\.rows, id: 5)!.observable()
        _ = model[tracking: \.rows.ids]
        _ = model.title
        _ = rowModel.count
        for round in 1...3 {
            store.dispatch(ElementMessage<MarkedRow>(id: 5, MarkedRow.Action()))
            #expect(await mainActorWait { rowModel.count == round })
            // Row 6 has no store of its own (a row's store keeps its element as last read, see `scope(_:id:)`).
            store.dispatch(MarkedList.Touch(id: 6))
            let inPlace = store.state.lastChangeWasInPlace
            #expect(inPlace)
        }
        // A model that reads the whole collection holds it, so the next change copies it: said in the docs.
        _ = model.rows
        store.dispatch(MarkedList.Touch(id: 6))
        let inPlace = store.state.lastChangeWasInPlace
        #expect(!inPlace)
    }

    /// A list view's model and a subscription keep the ids they last read: appending a row still appends
    /// the ids in place (not on a copy of a thousand ids), and each append reaches both, and no row.
    @Test @MainActor func anAppendWithTheListsReadersAliveDoesNotCopyTheIds() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: MarkedList())
        let model = store.observable()
        let listInvalidations = Invalidations { _ = model[tracking: \.rows.ids] }
        let seen = Locked<[Int]>([])
        let unsubscribe = store.subscribe(\.rows.ids, immediately: false, skipRepeats: true) {
            seen.append($0.count)
        }
        let rowModel = store.scope(\.rows, id: 5)!.observable()
        let rowInvalidations = Invalidations { _ = rowModel.count }
        for id in 1_000..<1_003 {
            store.dispatch(MarkedList.Append(id: id))
            let inPlace = store.state.lastChangeWasInPlace
            #expect(inPlace)
            #expect(await mainActorWait { model[tracking: \.rows.ids].count == id + 1 })
        }
        #expect(seen.current == [1_001, 1_002, 1_003])
        #expect(listInvalidations.count == 3)
        #expect(rowInvalidations.count == 0)
        unsubscribe()
    }

    /// A value that is not `Equatable` counts as changed at each new state, and is read where it lies: at
    /// its offset in the root state for the list's model, in the element for a row's.
    @Test @MainActor func aModelReadsAValueThatIsNotEquatableWhereItLies() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: Notebook(notes: 3))
        let model = store.observable()
        let note = store.scope(\.notes, id: 1)!.observable()
        #expect(model.cover.text == "" && note.body.text == "")
        store.dispatch(Notebook.Write(id: 1, text: "one"))
        #expect(await mainActorWait { model.cover.text == "one" && note.body.text == "one" })
        store.dispatch(Notebook.Write(id: 2, text: "two"))
        #expect(await mainActorWait { model.cover.text == "two" })
        #expect(note.body.text == "one")
    }

    /// The same for a subscriber to the whole state, which does not skip repeats: its watch holds the state
    /// only while delivering it.
    @Test func aSubscriptionToTheWholeStateDoesNotMakeTheNextChangeCopyTheCollection() {
        let store = Store(initialState: MarkedList())
        let seen = Locked(0)
        let unsubscribe = store.subscribe(\.self) { _ in seen.withValue { $0 += 1 } }
        for _ in 1...3 {
            store.dispatch(MarkedList.Touch(id: 6))
            let inPlace = store.state.lastChangeWasInPlace
            #expect(inPlace)
        }
        #expect(seen.current == 4)
        unsubscribe()
    }

    /// A message an effect sends at once, while the store delivers the change that started the effect, is
    /// applied to the state in place: the delivery lets go of the state before the effect runs. (It used to
    /// hold it, so that each such message copied the whole collection.)
    @Test func aMessageAnEffectSendsAtOnceChangesTheCollectionInPlace() {
        let store = Store(initialState: MarkedList())
        let unsubscribe = store.subscribe(\.rows.ids, immediately: false, skipRepeats: true) { _ in }
        for _ in 1...3 {
            store.dispatch(MarkedList.TouchFromAnEffect(id: 6))
            let inPlace = store.state.lastChangeWasInPlace
            #expect(inPlace)
        }
        unsubscribe()
    }
}

extension MarkedRow {
    fileprivate struct Action: Message {}
}

/// A list of editable rows: each row's title and done flag are input fields its view binds to controls.
private struct EditableList: State {
    var rows = IdentifiedArray((0..<3).map { EditableRow(id: $0) })
    var edits = 0

    struct EditableRow: BindableState, Identifiable, Equatable {
        struct Input: Equatable, Sendable {
            var title = ""
            var isDone = false
        }

        let id: Int
        var input = Input()

        static func update(_ state: inout EditableRow, with message: Message) -> Effect? {
            if let change = applyInputChange(message, to: &state), change.field == \Input.title {
                state.input.title = state.input.title.trimmingCharacters(in: .whitespaces)
            }
            return nil
        }
    }

    static func update(_ state: inout EditableList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if message.as(ElementMessage<EditableRow>.self) != nil {
                state.edits += 1
            }
            return nil
        }
    }
}

@Suite("Input fields of a list's rows")
struct EditableRowTests {
    /// A row view binds its controls to its own row's model: setting a field changes that row only,
    /// through the row's `update` (which trims the title), shows at once in the row's model, and
    /// invalidates no other row's view and not the list's.
    @Test @MainActor func aRowsModelSetsItsOwnRowsInputFields() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: EditableList())
        let listModel = store.observable()
        let list = Invalidations { _ = listModel[tracking: \.rows.ids] }
        let rowModels = (0..<3).map { store.scope(\.rows, id: $0)!.observable() }
        let rows = rowModels.map { model in Invalidations { _ = model.title } }
        rowModels[1].title = "  Milk "
        #expect(rowModels[1].title == "Milk")  // at once, as `update` made it
        #expect(store.state.rows.map(\.input.title) == ["", "Milk", ""])
        #expect(store.state.edits == 1)  // the parent saw the row's message
        store.scope(\.rows, id: 2)!.set(\.isDone, true)
        #expect(store.state.rows.map(\.input.isDone) == [false, false, true])
        #expect(await mainActorWait { rowModels[2].isDone })
        #expect(rows.map(\.count) == [0, 1, 0])
        #expect(list.count == 0)
    }
}

/// Notes, whose text is not `Equatable`, on the list (its cover) and in each row.
private struct Notebook: State {
    var title = "Notes"
    var cover = Text()
    var notes: IdentifiedArray<Note>

    /// A text that is not `Equatable`.
    struct Text: Sendable {
        var text = ""
    }

    struct Note: State, Identifiable {
        let id: Int
        var body = Text()
        static func update(_ state: inout Note, with message: Message) -> Effect? { nil }
    }

    /// Writes `text` on the note with `id` and on the cover.
    struct Write: Message {
        let id: Int
        let text: String
    }

    init(notes: Int) {
        self.notes = IdentifiedArray((0..<notes).map { Note(id: $0) })
    }

    static func update(_ state: inout Notebook, with message: Message) -> Effect? {
        updateElements(\.notes, of: &state, with: message) { state, message in
            if let write = message.as(Write.self) {
                state.cover.text = write.text
                state.notes[id: write.id]?.body.text = write.text
            }
            return nil
        }
    }
}
#endif
