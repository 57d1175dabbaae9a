import Foundation
import Testing

@testable import Swivelish
@testable import SwivelishTrace

/// A state with the shapes a trace must rebuild: a counter, a list that grows and shrinks, a dictionary,
/// an optional and an enum. It is not `Codable`: it is rendered through `Mirror`.
struct Shelf: State, Equatable {
    enum Mode: Equatable {
        case browsing
        case editing(item: Int)
    }

    var count = 0
    var items: [String] = []
    var prices: [String: Int] = [:]
    var note: String?
    var mode = Mode.browsing

    enum Change: Message, Codable, Equatable {
        case add(String, price: Int)
        case removeLast
        case edit(Int)
        case annotate(String?)
    }

    struct Tick: Message {}

    static func update(_ state: inout Shelf, with message: Message) -> Effect? {
        if message is Tick {
            state.count += 1
            return nil
        }
        guard let change = message as? Change else { return nil }
        switch change {
        case let .add(item, price):
            state.items.append(item)
            state.prices[item] = price
        case .removeLast:
            if let item = state.items.popLast() { state.prices[item] = nil }
        case let .edit(index):
            state.mode = .editing(item: index)
        case let .annotate(note):
            state.note = note
        }
        return nil
    }

    /// A seeded sequence of messages that adds, removes, edits and annotates.
    static func messages(_ count: Int, seed: UInt64 = 7) -> [any Message] {
        var generator = seed
        func next(_ bound: Int) -> Int {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((generator >> 33) % UInt64(bound))
        }
        return (0..<count).map { index -> any Message in
            switch next(6) {
            case 0, 1: Change.add("item \(index)", price: next(100))
            case 2: Change.removeLast
            case 3: Change.edit(next(10))
            case 4: Change.annotate(next(2) == 0 ? nil : "note \(index)")
            default: Tick()
            }
        }
    }
}

@Suite("Trace writer")
struct TraceWriterTests {
    @Test func aTraceHasAHeaderTheFirstStateOneRecordPerMessageAndAnEnd() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path)
        let store = Store(initialState: Shelf(), observers: [trace.observer])
        let before = Date().timeIntervalSince1970
        store.dispatch(Shelf.Change.add("pen", price: 3))
        store.dispatch(Shelf.Tick())
        await onOwnThread { trace.close() }
        let after = Date().timeIntervalSince1970

        let contents = try TraceContents(path: path)
        let header = try #require(contents.header)
        #expect(header["format"] == .string("swivelish-trace"))
        #expect(header["version"] == .number("1"))
        #expect(header["state"] == .string("Shelf"))
        #expect(header["segment"] == .number("1"))
        #expect(contents.lines[1]["kind"] == .string("snapshot"))
        #expect(contents.lines[1]["step"] == .number("0"))
        #expect(
            contents.lines[1]["state"]?.json == #"{"count":0,"items":[],"prices":{},"note":null,"mode":"browsing"}"#)
        let messages = contents.messages
        #expect(messages.map { $0["step"]?.int } == [1, 2])
        #expect(messages.map { $0["type"]?.text } == ["Shelf.Change", "Shelf.Tick"])
        #expect(messages.map { $0["text"]?.text } == [#"Shelf.Change.add("pen", price: 3)"#, "Shelf.Tick()"])
        #expect(messages.map { $0["origin"]?.text } == ["send", "send"])
        #expect(
            messages[0]["changes"]?.json
                == #"[{"path":["items",0],"new":"pen"},{"path":["prices","pen"],"new":3}]"#)
        #expect(messages[1]["changes"]?.json == #"[{"path":["count"],"old":0,"new":1}]"#)
        for message in messages {
            guard case let .number(time)? = message["time"], let seconds = Double(time) else {
                Issue.record("a message record without a time: \(message.json)")
                continue
            }
            #expect(seconds >= before - 1 && seconds <= after + 1)
        }
        let end = try #require(contents.lines.last)
        #expect(end["kind"] == .string("end"))
        #expect(end["messages"] == .number("2"))
        #expect(end["written"] == .number("2"))
        #expect(end["dropped"] == .number("0"))
        #expect(trace.statistics.messagesObserved == 2)
        #expect(trace.statistics.messagesWritten == 2)
    }

    @Test func aCodableMessageCarriesItsPayloadAndAnotherDoesNot() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path)
        let store = Store(initialState: Shelf(), observers: [trace.observer])
        store.dispatch(Shelf.Change.add("pen", price: 3))
        store.dispatch(Shelf.Tick())
        await onOwnThread { trace.close() }
        let messages = try TraceContents(path: path).messages
        #expect(messages[0]["payload"]?.json == #"{"add":{"_0":"pen","price":3}}"#)
        #expect(messages[1]["payload"] == nil)
    }

    @Test func everyStepIsRebuiltFromTheLastWholeStateAndTheChangesAfterIt() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path, options: TraceOptions(snapshotInterval: 7))
        let recorder = StoreRecorder<Shelf>()
        let store = Store(initialState: Shelf(), observers: [trace.observer, recorder.observer])
        for message in Shelf.messages(300) {
            store.dispatch(message)
        }
        await onOwnThread { trace.close() }

        let contents = try TraceContents(path: path)
        let (states, mismatches) = contents.rebuiltStates()
        #expect(mismatches.isEmpty)
        let steps = try #require(recorder.recording?.steps)
        #expect(states.count == 300)
        for (index, step) in steps.enumerated() {
            #expect(states[index + 1]?.sortedKeys == TraceValue(mirroring: step.state).sortedKeys, "step \(index + 1)")
        }
        // The whole state every 7 messages, and not in between.
        let withState = contents.messages.filter { $0["state"] != nil }.compactMap { $0["step"]?.int }
        #expect(withState == Array(stride(from: 7, through: 300, by: 7)))
    }

    @Test func aMessageSentByAnEffectIsMarkedAsSuch() async throws {
        struct Ask: Message {}
        struct Answer: Message {}
        struct Asking: State {
            var answers = 0
            static func update(_ state: inout Asking, with message: Message) -> Effect? {
                if message is Ask { return Effects.send(Answer()) }
                if message is Answer { state.answers += 1 }
                return nil
            }
        }
        let path = temporaryTracePath()
        let trace = try TraceWriter<Asking>(path: path)
        let store = Store(initialState: Asking(), observers: [trace.observer])
        store.dispatch(Ask())
        store.dispatch(Answer())
        await onOwnThread { trace.close() }
        let messages = try TraceContents(path: path).messages
        #expect(
            messages.map { $0["type"]?.text ?? "" } == [
                "TraceWriterTests.Ask", "TraceWriterTests.Answer", "TraceWriterTests.Answer",
            ])
        #expect(messages.map { $0["origin"]?.text ?? "" } == ["send", "effect", "send"])
    }

    @Test func effectsStartedCancelledAndFinishedByIDAreWrittenAfterTheirMessage() async throws {
        struct SearchID: Hashable, Sendable {}
        enum Search: Message {
            case start, cancel, quick
        }
        struct Searching: State {
            static func update(_ state: inout Searching, with message: Message) -> Effect? {
                switch message as? Search {
                case .start?:
                    return Effects.run(id: SearchID()) { _ in try await Task.sleep(nanoseconds: 60_000_000_000) }
                case .cancel?:
                    return Effects.cancel(id: SearchID())
                case .quick?:
                    return Effects.cancellable({ _ in }, id: "quick")
                case nil:
                    return nil
                }
            }
        }
        let path = temporaryTracePath()
        let trace = try TraceWriter<Searching>(path: path)
        let store = Store(initialState: Searching(), observers: [trace.observer])
        store.dispatch(Search.start)
        store.dispatch(Search.cancel)
        store.dispatch(Search.cancel)  // nothing in flight: not written
        store.dispatch(Search.quick)  // starts and finishes at once
        await onOwnThread { trace.close() }
        let effects = try TraceContents(path: path).records(ofKind: "effect")
        #expect(
            effects.map { [$0["step"]?.int.map(String.init), $0["event"]?.text, $0["id"]?.text, $0["idType"]?.text] }
                == [
                    ["1", "started", "SearchID()", "TraceWriterTests.SearchID"],
                    ["2", "cancelled", "SearchID()", "TraceWriterTests.SearchID"],
                    ["4", "started", #""quick""#, "String"],
                    ["4", "finished", #""quick""#, "String"],
                ])
        #expect(effects[1]["count"] == .number("1"))
    }

    /// A debounce cancels the one waiting before it: the first finds none, and only the second's
    /// cancellation is written.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func aDebounceWithNothingInFlightWritesNoCancellation() async throws {
        struct SaveID: Hashable, Sendable {}
        struct Typing: State {
            static func update(_ state: inout Typing, with message: Message) -> Effect? {
                Effects.debounce({ _ in }, id: SaveID(), for: .seconds(60))
            }
        }
        struct Key: Message {}
        let path = temporaryTracePath()
        let trace = try TraceWriter<Typing>(path: path)
        let store = Store(initialState: Typing(), observers: [trace.observer])
        store.dispatch(Key())
        store.dispatch(Key())
        await onOwnThread { trace.close() }
        let effects = try TraceContents(path: path).records(ofKind: "effect")
        #expect(
            effects.map { [$0["step"]?.int.map(String.init), $0["event"]?.text, $0["count"]?.int.map(String.init)] }
                == [["1", "started", nil], ["2", "cancelled", "1"], ["2", "started", nil]])
        _ = store
    }

    /// A message that reached no state (for an element that is not there) is written with why.
    @Test func aMessageThatWasNotAppliedIsWrittenWithWhy() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<RowList>(path: path)
        let store = Store(initialState: RowList(), observers: [trace.observer])
        store.dispatch(RowList.Action.add(1))
        store.dispatch(ElementMessage<Row>(id: 7, Row.Action.increment))
        await onOwnThread { trace.close() }
        let messages = try TraceContents(path: path).records(ofKind: "message")
        #expect(
            messages.map { $0["notApplied"]?.text } == [
                nil, "there is no element with the id 7 in the IdentifiedArray<Row>",
            ])
        _ = store
    }

    /// The effects of a list's elements and of a presented child are named in a trace by their child (its
    /// type, and an element's id), not by the numbers the store tells them apart by. The id under which a
    /// collection's elements' effects are cancelled together shows only when it is cancelled.
    @Test func childrensEffectsAreNamedByTheirChild() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<RowList>(path: path)
        // Told of each effect event after the trace is (observers are told in order): the row's effect
        // appends to `stoppedWaiting` before its task ends, and the end, which writes its cancellation, may
        // come after the test has closed the trace.
        let effectEvents = Locked<[String]>([])
        let after = StoreObserver<RowList>(
            { _ in },
            effects: { event in
                if case .cancelled = event.kind { effectEvents.append(event.idDescription) }
            })
        let store = Store(initialState: rowList(count: 4), observers: [trace.observer, after])
        store.dispatch(ElementMessage<Row>(id: 3, Row.Action.waitQuietly))
        store.dispatch(RowList.Action.remove(3))
        store.dispatch(RowList.Action.open(9))
        store.dispatch(PresentedMessage<Row>(Row.Action.waitQuietly))
        store.dispatch(RowList.Action.close)
        store.dispatch(RowList.Action.add(791))  // an id no other test's row waits with
        store.dispatch(ElementMessage<Row>(id: 791, Row.Action.waitQuietly))
        #expect(await eventually(seconds: 60) { Row.startedWaiting.current.contains(791) })
        store.dispatch(RowList.Action.replaceRows)
        #expect(await eventually(seconds: 60) { Row.stoppedWaiting.current.contains(791) })
        #expect(await eventually(seconds: 60) { effectEvents.current.contains("ChildEffects<Row>(id: 791)") })
        await onOwnThread { trace.close() }
        let effects = try TraceContents(path: path).records(ofKind: "effect").map {
            [$0["step"]?.int.map(String.init), $0["event"]?.text, $0["id"]?.text, $0["idType"]?.text]
        }
        #expect(
            effects.filter { $0[0] != "8" && $0[1] != "finished" } == [
                ["1", "started", "ChildEffects<Row>(id: 3)", "ChildEffects"],
                ["2", "cancelled", "ChildEffects<Row>(id: 3)", "ChildEffects"],
                ["4", "started", "ChildEffects<Row>()", "ChildEffects"],
                ["5", "cancelled", "ChildEffects<Row>()", "ChildEffects"],
                ["7", "started", "ChildEffects<Row>(id: 791)", "ChildEffects"],
            ])
        // The replacement's cancellation, and the end of the effect it cancelled, in either order: the
        // effect's task may end before the store has written the cancellation.
        #expect(
            Set(effects.filter { $0[0] == "8" }) == [
                ["8", "cancelled", "CollectionEffects<Row>()", "CollectionEffects"],
                ["8", "cancelled", "ChildEffects<Row>(id: 791)", "ChildEffects"],
            ])
    }

    /// An effect cancelled because an effect it runs within was cancelled is written as cancelled, not as
    /// finished.
    @Test func anEffectCancelledWithTheOneItRunsWithinIsWrittenAsCancelled() async throws {
        enum Nest: Message {
            case start, cancel
        }
        struct Nesting: State {
            static func update(_ state: inout Nesting, with message: Message) -> Effect? {
                switch message as? Nest {
                case .start?:
                    let inner = Effects.run(id: "inner") { _ in try await Task.sleep(nanoseconds: 60_000_000_000) }
                    return Effects.cancellable(inner, id: "outer")
                case .cancel?:
                    return Effects.cancel(id: "outer")
                case nil:
                    return nil
                }
            }
        }
        let path = temporaryTracePath()
        let trace = try TraceWriter<Nesting>(path: path)
        let store = Store(initialState: Nesting(), observers: [trace.observer])
        store.dispatch(Nest.start)
        store.dispatch(Nest.cancel)
        let innerEnded = await eventually(seconds: 60) { store.rootEffectScope?.registry.isEmpty ?? true }
        #expect(innerEnded)
        await onOwnThread { trace.close() }
        let effects = try TraceContents(path: path).records(ofKind: "effect")
        #expect(
            effects.map { [$0["step"]?.int.map(String.init), $0["event"]?.text, $0["id"]?.text] } == [
                ["1", "started", #""outer""#],
                ["1", "started", #""inner""#],
                ["2", "cancelled", #""outer""#],
                ["2", "cancelled", #""inner""#],
            ])
    }

    @Test func aStoreWhoseObserversIgnoreEffectsIsNotToldOfThem() throws {
        let plain = Store(initialState: Counter(), observers: [StoreObserver { _ in }])
        #expect(plain.rootEffectScope?.registry.isObserved == false)
        let trace = try TraceWriter<Counter>(path: temporaryTracePath())
        defer { trace.close() }
        let traced = Store(initialState: Counter(), observers: [trace.observer])
        #expect(traced.rootEffectScope?.registry.isObserved == true)
    }

    @Test func messagesLeftOutByTheFilterStillLeaveEveryStepRebuildable() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(
            path: path, options: TraceOptions(snapshotInterval: 1_000, messages: .excluding(Shelf.Tick.self)))
        let recorder = StoreRecorder<Shelf>()
        let store = Store(initialState: Shelf(), observers: [trace.observer, recorder.observer])
        let messages = Shelf.messages(200)
        for message in messages {
            store.dispatch(message)
        }
        await onOwnThread { trace.close() }

        let contents = try TraceContents(path: path)
        let ticks = messages.filter { $0 is Shelf.Tick }.count
        #expect(ticks > 10)
        #expect(contents.messages.count == 200 - ticks)
        #expect(contents.messages.allSatisfy { $0["type"] != .string("Shelf.Tick") })
        #expect(contents.messages.compactMap { $0["filtered"]?.int }.reduce(0, +) == ticks)
        let (states, mismatches) = contents.rebuiltStates()
        #expect(mismatches.isEmpty)
        let steps = try #require(recorder.recording?.steps)
        for (step, state) in states {
            #expect(state.sortedKeys == TraceValue(mirroring: steps[step - 1].state).sortedKeys, "step \(step)")
        }
        #expect(trace.statistics.messagesFiltered == ticks)
    }

    @Test func onlyTheNamedMessageTypesAreWritten() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path, options: TraceOptions(messages: .only(Shelf.Tick.self)))
        let store = Store(initialState: Shelf(), observers: [trace.observer])
        store.dispatch(Shelf.Tick())
        store.dispatch(Shelf.Change.removeLast)
        store.dispatch(Shelf.Tick())
        await onOwnThread { trace.close() }
        #expect(try TraceContents(path: path).messages.compactMap { $0["step"]?.int } == [1, 3])
    }

    @Test func flushReturnsOnceEverythingObservedIsInTheFile() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path)
        let store = Store(initialState: Shelf(), observers: [trace.observer])
        for message in Shelf.messages(50) {
            store.dispatch(message)
        }
        await onOwnThread { trace.flush() }
        let contents = try TraceContents(path: path)
        #expect(contents.messages.count == 50)
        #expect(contents.records(ofKind: "end").isEmpty)  // still open
        await onOwnThread { trace.close() }
    }

    @Test func closingWritesWhatWaitsThenIgnoresLaterMessages() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path)
        let store = Store(initialState: Shelf(), observers: [trace.observer])
        store.dispatch(Shelf.Tick())
        await onOwnThread { trace.close() }
        store.dispatch(Shelf.Tick())
        await onOwnThread { trace.close() }  // again: does nothing
        let contents = try TraceContents(path: path)
        #expect(contents.messages.count == 1)
        #expect(contents.lines.last?["kind"] == .string("end"))
        #expect(trace.statistics.messagesObserved == 1)
    }

    @Test func aTraceClosesItselfWhenItsWriterAndItsStoreAreFreed() async throws {
        let path = temporaryTracePath()
        do {
            let trace = try TraceWriter<Shelf>(path: path)
            let store = Store(initialState: Shelf(), observers: [trace.observer])
            store.dispatch(Shelf.Tick())
        }
        // Nothing can be awaited here (the writer is gone): poll the file, for up to a minute. The file is
        // read once more after the deadline, since a busy machine can keep this task asleep past it.
        func ended() -> Bool { (try? TraceContents(path: path))?.lines.last?["kind"] == .string("end") }
        let deadline = Date().addingTimeInterval(60)
        while !ended(), Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(ended())
        #expect(try TraceContents(path: path).messages.count == 1)
    }

    @Test func openingAFileInADirectoryThatDoesNotExistThrowsAndSaysWhy() {
        #expect {
            _ = try TraceWriter<Shelf>(path: "/nonexistent-directory/trace.jsonl")
        } throws: { error in
            "\(error)" == "cannot open the trace file /nonexistent-directory/trace.jsonl: No such file or directory"
        }
    }
}
