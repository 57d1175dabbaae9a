import Foundation
import Testing

@testable import Swivelish

@Suite("Messages to one element of a collection")
struct ElementRoutingTests {
    @Test func aMessageReachesOnlyItsElementAndTheOtherChildrenAsUsual() {
        let store = Store(initialState: rowList(count: 5))
        store.dispatch(ElementMessage<Row>(id: 3, Row.Action.increment))
        #expect(store.state.rows.map(\.count) == [0, 0, 0, 1, 0])
        #expect(store.state.header.messages == 1)  // makeSerialUpdate's child saw it too
        #expect(store.state.listMessages == 1)
    }

    @Test func whatAnElementsEffectSendsGoesBackToIt() {
        let store = Store(initialState: rowList(count: 3))
        store.dispatch(ElementMessage<Row>(id: 1, Row.Action.echo(5)))
        #expect(store.state.rows.map(\.count) == [0, 5, 0])
    }

    @Test func aMessageForAMissingElementIsNotApplied() {
        let store = Store(initialState: rowList(count: 2))
        store.dispatch(ElementMessage<Row>(id: 9, Row.Action.increment))
        #expect(store.state.rows.map(\.count) == [0, 0])
    }

    @Test func aMessageForAMissingElementIsReportedInADebugBuild() async throws {
        let result = try await #require(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: rowList(count: 2))
            store.dispatch(ElementMessage<Row>(id: 9, Row.Action.increment))
        }
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            text.contains(
                "ElementMessage<Row>(id: 9, Row.Action.increment) was not applied: there is no element with the id 9"))
    }

    /// A collection behind a computed property has no byte offset in the state: `updateElements` reaches it
    /// through the key path, and routes and cancels as usual.
    @Test func aCollectionBehindAComputedPropertyRoutesAndCancelsAsUsual() async {
        let store = Store(initialState: ComputedRows(list: rowList(count: 3)))
        store.dispatch(ElementMessage<Row>(id: 2, Row.Action.increment))
        store.dispatch(ElementMessage<Row>(id: 1, Row.Action.echo(4)))
        #expect(store.state.list.rows.map(\.count) == [0, 4, 1])
        store.dispatch(ElementMessage<Row>(id: 0, Row.Action.startTicking))
        #expect(await eventually { store.state.list.rows[id: 0]!.ticks > 0 })
        store.dispatch(ComputedRows.Remove(id: 0))
        #expect(await eventually { Row.stoppedTicking.current.contains(0) })
        #expect(store.state.list.rows.ids == [1, 2])
    }

    /// An element's effect is registered under its own id and under its collection's: once it has ended
    /// (finished, cancelled by a removal, or by a replacement of the collection), neither keeps it.
    @Test func endedElementEffectsLeaveNothingRegistered() async {
        let store = Store(initialState: Replaceable(rows: [Row(id: 1), Row(id: 2), Row(id: 3)]))
        let registry = store.rootEffectScope?.registry
        store.dispatch(ElementMessage<Row>(id: 1, Row.Action.echo(2)))  // finishes at once
        #expect(store.state.rows[id: 1]?.count == 2)
        #expect(registry?.isEmpty == true)
        store.dispatch(ElementMessage<Row>(id: 2, Row.Action.waitQuietly))
        #expect(registry?.isEmpty == false)
        store.dispatch(Replaceable.RemoveThroughACopy(id: 2))
        #expect(await eventually(seconds: 60) { registry?.isEmpty ?? false })
        store.dispatch(ElementMessage<Row>(id: 3, Row.Action.waitQuietly))
        #expect(registry?.isEmpty == false)
        store.dispatch(Replaceable.Replace(with: [Row(id: 3)]))
        #expect(await eventually(seconds: 60) { registry?.isEmpty ?? false })
    }

    /// A computed property that builds a new collection each time it is read (here from an array) makes
    /// new elements at each message, so the replies of their effects could never be applied: in a debug
    /// build, `updateElements` says so on standard error, once, naming the state and the element.
    @Test func aCollectionMadeAnewAtEachReadIsReportedInADebugBuild() async throws {
        let result = try await #require(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: RebuiltRows(rows: [Row(id: 1), Row(id: 2)]))
            store.dispatch(ElementMessage<Row>(id: 1, Row.Action.increment))
            store.dispatch(ElementMessage<Row>(id: 2, Row.Action.increment))
            #expect(store.state.stored.map(\.count) == [1, 1])
        }
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            text.contains(
                "Swivelish: updateElements finds a new IdentifiedArray<Row> each time it reads the key path to it in "
                    + "RebuiltRows (a computed property that makes one?)"))
        #expect(text.components(separatedBy: "Swivelish: updateElements").count == 2)  // once
    }

    /// A computed property that passes a stored collection through is the same collection at each read:
    /// nothing is reported.
    @Test func aCollectionPassedThroughAComputedPropertyIsNotReported() async throws {
        let result = try await #require(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: ComputedRows(list: rowList(count: 2)))
            store.dispatch(ElementMessage<Row>(id: 1, Row.Action.echo(3)))
            #expect(store.state.list.rows.map(\.count) == [0, 3])
        }
        #expect(!String(decoding: result.standardErrorContent, as: UTF8.self).contains("Swivelish"))
    }

    /// An element's `update` that changes the element's id stops the program, with a message that says so.
    @Test func anUpdateThatChangesAnElementsIdStopsTheProgramWithAMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: IDChangingList())
            store.dispatch(ElementMessage<IDChangingList.Element>(id: 1, IDChangingList.Element.Renumber()))
        }
        let text = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(text.contains("an element of an IdentifiedArray changed its id from 1 to 2"))
    }

    @Test func messagesFromEightThreadsReachTheirElementsExactly() async {
        let store = Store(initialState: rowList(count: 8))
        await runConcurrently(threads: 8) { thread in
            for _ in 0..<500 {
                store.dispatch(ElementMessage<Row>(id: thread, Row.Action.increment))
            }
        }
        #expect(store.state.rows.map(\.count) == Array(repeating: 500, count: 8))
    }

    /// A ticking element removed, and added back at once with the same id, thousands of times: no tick of the
    /// removed element's effect is applied after the removal, to the element added back or any other.
    /// An element removed by the update that started one of its effects: the effect is cancelled too, not
    /// left running with nothing it sends applied.
    @Test func anEffectStartedByTheUpdateThatRemovesItsElementIsCancelled() async {
        let store = Store(initialState: StartAndRemove())
        store.dispatch(ElementMessage<Row>(id: 777, Row.Action.startTicking))
        #expect(store.state.rows.isEmpty)
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(777) })
    }

    /// Removing an element ends the effects of its own children too (here, of a child it presents).
    @Test func removingAnElementCancelsTheEffectsOfItsChildren() async {
        let store = Store(initialState: Folders())
        store.dispatch(ElementMessage<Folder>(id: 1, PresentedMessage<Row>(Row.Action.startTicking)))
        #expect(await eventually(seconds: 60) { store.state.folders[id: 1]?.open?.ticks ?? 0 > 0 })
        store.dispatch(Folders.Remove(id: 1))
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(779) })
    }

    /// Elements dropped by assigning a new collection (`state.rows = []`, a list loaded again) are removed
    /// like any: their effects are cancelled.
    @Test func elementsDroppedByAssigningANewCollectionHaveTheirEffectsCancelled() async {
        let store = Store(initialState: Replaceable())
        store.dispatch(ElementMessage<Row>(id: 780, Row.Action.startTicking))
        store.dispatch(ElementMessage<Row>(id: 781, Row.Action.startTicking))
        #expect(await eventually(seconds: 60) { store.state.rows.allSatisfy { $0.ticks > 0 } })
        store.dispatch(Replaceable.Replace(with: [Row(id: 781), Row(id: 782)]))  // 780 dropped; 781 is new
        #expect(
            await eventually(seconds: 60) {
                Row.stoppedTicking.current.contains(780) && Row.stoppedTicking.current.contains(781)
            })
        #expect(store.state.rows.ids == [781, 782])
    }

    /// Elements dropped by assigning a new collection, whose effects send nothing: they are cancelled by
    /// the update that assigns it, not left running until they next send.
    @Test func elementsDroppedByAssigningANewCollectionHaveTheirQuietEffectsCancelledAtOnce() async {
        let store = Store(initialState: Replaceable(rows: [Row(id: 784), Row(id: 785)]))
        store.dispatch(ElementMessage<Row>(id: 784, Row.Action.waitQuietly))
        store.dispatch(ElementMessage<Row>(id: 785, Row.Action.waitQuietly))
        #expect(await eventually(seconds: 60) { Row.startedWaiting.current.contains(785) })
        store.dispatch(Replaceable.Replace(with: [Row(id: 785)]))
        #expect(
            await eventually(seconds: 60) {
                Row.stoppedWaiting.current.contains(784) && Row.stoppedWaiting.current.contains(785)
            })
    }

    /// A changed copy of the collection assigned in its place is the same collection: the effects of the
    /// elements it keeps go on, and still reach them.
    @Test func aChangedCopyOfTheCollectionAssignedInPlaceKeepsItsElementsEffects() async {
        let store = Store(initialState: Replaceable(rows: [Row(id: 786), Row(id: 787)]))
        store.dispatch(ElementMessage<Row>(id: 786, Row.Action.startTicking))
        #expect(await eventually(seconds: 60) { store.state.rows[id: 786]!.ticks > 0 })
        store.dispatch(Replaceable.RemoveThroughACopy(id: 787))
        let ticks = store.state.rows[id: 786]!.ticks
        // A few ticks after the assignment show the effect goes on and reaches its element (see
        // `aChildKeptThroughAResetToACopyKeepsItsEffects`).
        #expect(await eventually(seconds: 120) { store.state.rows[id: 786]!.ticks > ticks + 2 })
        #expect(!Row.stoppedTicking.current.contains(786))
        store.dispatch(Replaceable.Replace(with: []))
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(786) })
    }

    /// A ticking element's collection replaced by a new one holding an element with the same id, a thousand
    /// times: no tick of the old element's effect reaches the new element, and every old effect stops.
    @Test func aReplacedCollectionsEffectsAreCancelledAndTheirLateMessagesNeverApplied() async {
        let store = Store(initialState: Replaceable(rows: [Row(id: 790)]))
        let rounds = 1_000
        for round in 0..<rounds {
            store.dispatch(ElementMessage<Row>(id: 790, Row.Action.startTicking))
            guard await yieldUntil({ store.state.rows[id: 790]!.ticks > 0 }) else {
                Issue.record("round \(round): the element's effect never ticked")
                return
            }
            store.dispatch(Replaceable.Replace(with: [Row(id: 790)]))
            for _ in 0..<3 { await Task.yield() }
            #expect(store.state.rows[id: 790]!.ticks == 0, "round \(round)")
            if store.state.rows[id: 790]!.ticks != 0 { break }
        }
        #expect(
            await eventually(seconds: 60) { Row.stoppedTicking.current.filter { $0 == 790 }.count >= rounds })
        // And the registry keeps none of them, under the element's id or the collection's.
        #expect(await eventually(seconds: 60) { store.rootEffectScope?.registry.isEmpty ?? false })
    }

    @Test func aRemovedElementsEffectsAreCancelledAndTheirLateMessagesNeverApplied() async {
        let store = Store(initialState: rowList(count: 1))
        for round in 0..<2_000 {
            store.dispatch(ElementMessage<Row>(id: 0, Row.Action.startTicking))
            guard await yieldUntil({ store.state.rows[id: 0]!.ticks > 0 }) else {
                Issue.record("round \(round): the element's effect never ticked")
                return
            }
            store.dispatch(RowList.Action.removeAndAddBack(0))
            // The new element's ticks stay 0: the old effect's messages carry the old incarnation.
            for _ in 0..<3 { await Task.yield() }
            #expect(store.state.rows[id: 0]!.ticks == 0, "round \(round)")
            if store.state.rows[id: 0]!.ticks != 0 { break }
        }
        // Every effect stopped: each was cancelled when its element was removed.
        #expect(await eventually(seconds: 30) { Row.stoppedTicking.current.count >= 2_000 })
        // And the registry keeps none of them: not under their own ids, which their removals cancelled, nor
        // under their collection's, which is still there.
        #expect(await eventually(seconds: 60) { store.rootEffectScope?.registry.isEmpty ?? false })
    }
}

/// A list of rows reached through a computed property: no byte offset from the state to the collection.
struct ComputedRows: State {
    var storage: [String: RowList]

    init(list: RowList) {
        storage = ["list": list]
    }

    var list: RowList {
        get { storage["list"]! }
        set { storage["list"] = newValue }
    }

    struct Remove: Message {
        let id: Int
    }

    static func update(_ state: inout ComputedRows, with message: Message) -> Effect? {
        updateElements(\.list.rows, of: &state, with: message) { state, message in
            if let remove = message.as(Remove.self) {
                state.list.rows.remove(id: remove.id)
            }
            return nil
        }
    }
}

/// Rows kept in an array, handed to `updateElements` through a computed property that makes a new
/// collection of them at each read: a mistake `updateElements` reports.
struct RebuiltRows: State {
    var stored: [Row]

    init(rows: [Row]) {
        stored = rows
    }

    var rows: IdentifiedArray<Row> {
        get { IdentifiedArray(stored) }
        set { stored = Array(newValue) }
    }

    static func update(_ state: inout RebuiltRows, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { _, _ in nil }
    }
}

/// A list whose element changes its own id when told to.
struct IDChangingList: State {
    var elements: IdentifiedArray<Element> = [Element(id: 1)]

    struct Element: State, Identifiable {
        var id: Int

        struct Renumber: Message {}

        static func update(_ state: inout Element, with message: Message) -> Effect? {
            state.id += 1
            return nil
        }
    }

    static func update(_ state: inout IDChangingList, with message: Message) -> Effect? {
        updateElements(\.elements, of: &state, with: message) { _, _ in nil }
    }
}

/// Rows whose parent removes a row in the update that tells it to start ticking.
struct StartAndRemove: State {
    var rows: IdentifiedArray<Row> = [Row(id: 777)]

    static func update(_ state: inout StartAndRemove, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if let addressed = message.as(ElementMessage<Row>.self), addressed.message as? Row.Action == .startTicking {
                state.rows.remove(id: addressed.id)
            }
            return nil
        }
    }
}

/// A folder that presents a row, in a list of folders: children of children.
struct Folder: State, Identifiable {
    let id: Int
    @Presented var open: Row? = Row(id: 779)

    static func update(_ state: inout Folder, with message: Message) -> Effect? {
        updatePresented(\.$open, of: &state, with: message) { _, _ in nil }
    }
}

/// Folders, one of which a message removes.
struct Folders: State {
    var folders: IdentifiedArray<Folder> = [Folder(id: 1)]

    struct Remove: Message {
        let id: Int
    }

    static func update(_ state: inout Folders, with message: Message) -> Effect? {
        updateElements(\.folders, of: &state, with: message) { state, message in
            if let remove = message.as(Remove.self) {
                state.folders.remove(id: remove.id)
            }
            return nil
        }
    }
}

/// Rows that a message replaces with a new collection.
struct Replaceable: State {
    var rows: IdentifiedArray<Row> = [Row(id: 780), Row(id: 781)]

    init(rows: IdentifiedArray<Row> = [Row(id: 780), Row(id: 781)]) {
        self.rows = rows
    }

    /// Assigns a new collection of these rows.
    struct Replace: Message {
        let with: [Row]
    }

    /// Removes a row from a copy of the collection, and assigns the copy.
    struct RemoveThroughACopy: Message {
        let id: Int
    }

    static func update(_ state: inout Replaceable, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if let replace = message.as(Replace.self) {
                state.rows = IdentifiedArray(replace.with)
            }
            if let remove = message.as(RemoveThroughACopy.self) {
                var rows = state.rows
                rows.remove(id: remove.id)
                state.rows = rows
            }
            return nil
        }
    }
}
