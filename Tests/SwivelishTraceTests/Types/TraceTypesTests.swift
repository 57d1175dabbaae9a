import Foundation
import Swivelish
import Testing

@testable import SwivelishTrace

/// A screen with every kind of value a test writes otherwise than as JSON: an identified array of rows, a
/// presented child with an optional field and an identified array of enum cases, an enum with payloads.
/// Rendered through `Mirror`.
struct Catalog: State, Equatable {
    struct Row: State, Identifiable, Equatable {
        var id: Int
        var title: String
        enum Action: Message, Equatable { case rename(String) }
        static func update(_ state: inout Row, with message: Message) -> Effect? {
            if case let .rename(title)? = message as? Action { state.title = title }
            return nil
        }
    }

    struct Info: Equatable, Sendable {
        var isLoading = false
    }

    /// A screen of a stack: its id is not a stored property.
    enum Route: State, Identifiable, Equatable {
        case info(Info, id: Int)
        case about(Int)
        var id: Int {
            switch self {
            case let .info(_, id), let .about(id): id
            }
        }
        struct Load: Message, Equatable {}
        static func update(_ state: inout Route, with message: Message) -> Effect? {
            if message is Load, case .info(var info, let id) = state {
                info.isLoading = true
                state = .info(info, id: id)
            }
            return nil
        }
    }

    struct Detail: BindableState, Equatable {
        struct Input: Equatable, Sendable { var name = "" }
        var input = Input()
        var note: String?
        var path: IdentifiedArray<Route> = []
        static func update(_ state: inout Detail, with message: Message) -> Effect? {
            if applyInputChange(message, to: &state) != nil { return nil }
            if let push = message as? Push { state.path.append(push.route) }
            return updateElements(\.path, of: &state, with: message) { _, _ in nil }
        }
    }

    enum Phase: Equatable, Sendable {
        case idle
        case loading(page: Int)
    }

    struct Push: Message, Equatable { var route: Route }

    enum Action: Message, Equatable {
        case add(Int, String)
        case remove(Int)
        case open
        case load(page: Int)
    }

    var rows: IdentifiedArray<Row> = []
    @Presented var detail: Detail?
    var phase = Phase.idle

    static func update(_ state: inout Catalog, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            updatePresented(\.$detail, of: &state, with: message) { state, message in
                switch message as? Action {
                case let .add(id, title)?: state.rows.append(Row(id: id, title: title))
                case let .remove(id)?: state.rows.remove(id: id)
                case .open?: state.detail = Detail()
                case let .load(page)?: state.phase = .loading(page: page)
                case nil: break
                }
                return nil
            }
        }
    }
}

/// A state holding a `Catalog.Detail` as a fixed child, for a `SubstateMessage`.
private struct Holder {
    var detail = Catalog.Detail()
}

/// The records of a trace of `Catalog` after `messages`.
private func catalogTrace(_ messages: [any Message]) async throws -> TraceContents {
    let path = temporaryTracePath()
    let trace = try TraceWriter<Catalog>(path: path)
    let store = Store(initialState: Catalog(), observers: [trace.observer])
    for message in messages { store.dispatch(message) }
    await onOwnThread { trace.close() }
    return try TraceContents(path: path)
}

@Suite("What a trace says of its state's types and its identified arrays' ids")
struct TraceTypesTests {
    @Test func theFirstRecordDescribesTheTypesOfTheState() async throws {
        let contents = try await catalogTrace([Catalog.Action.load(page: 1)])
        #expect(contents.lines[1]["kind"] == .string("snapshot"))
        let types = try #require(contents.lines[1]["types"])
        #expect(
            types["Catalog"]?.json
                == #"{"kind":"struct","fields":{"rows":"IdentifiedArray<Catalog.Row>","_detail":"Presented<Catalog.Detail>","phase":"Catalog.Phase"}}"#
        )
        #expect(
            types["IdentifiedArray<Catalog.Row>"]?.json == #"{"kind":"identified","element":"Catalog.Row","id":"Int"}"#)
        // A presented child is an optional, even while nil, and a property wrapper: `_detail` is `detail` in code.
        #expect(
            types["Presented<Catalog.Detail>"]?.json
                == #"{"kind":"optional","wrapped":"Catalog.Detail","propertyWrapper":true}"#)
        #expect(types["Catalog.Phase"]?.json == #"{"kind":"enum","cases":{}}"#)
        // Numbers, strings and booleans are never described: their names say what they are.
        #expect(types["Int"] == nil)
    }

    @Test func eachTypeIsDescribedOnceAndAnEnumAgainForEachCaseWithAPayload() async throws {
        let contents = try await catalogTrace([
            Catalog.Action.open, Catalog.Action.load(page: 1), Catalog.Action.load(page: 2),
            Catalog.Action.add(1, "a"), Catalog.Action.add(2, "b"),
        ])
        let messages = contents.messages
        #expect(messages[0]["types"]?["Catalog.Detail"] != nil)
        #expect(messages[0]["types"]?["Optional<String>"]?.json == #"{"kind":"optional","wrapped":"String"}"#)
        #expect(
            messages[1]["types"]?["Catalog.Phase"]?.json == #"{"kind":"enum","cases":{"loading":"(page: Int)"}}"#)
        #expect(messages[1]["types"]?["(page: Int)"]?.json == #"{"kind":"tuple","fields":{"page":"Int"}}"#)
        #expect(messages[2]["types"] == nil)  // the same case again
        #expect(
            messages[3]["types"]?["Catalog.Row"]?.json == #"{"kind":"struct","fields":{"id":"Int","title":"String"}}"#)
        #expect(messages[4]["types"] == nil)
        // Described in one record each: what the page gathers is all there is.
        let described = contents.lines.compactMap { line -> [String]? in
            guard case let .object(fields)? = line["types"] else { return nil }
            return fields.map(\.key)
        }.flatMap { $0 }
        #expect(Set(described).count == described.count - 1)  // Catalog.Phase twice
    }

    @Test func aChangeThroughAnIdentifiedArrayNamesTheElementByItsID() async throws {
        let contents = try await catalogTrace([
            Catalog.Action.add(7, "a"), Catalog.Action.add(8, "b"), Catalog.Action.add(9, "c"),
            Catalog.Action.remove(7),  // 8 and 9 move down: their positions are 0 and 1 now
            ElementMessage<Catalog.Row>(id: 9, Catalog.Row.Action.rename("z")),
        ])
        let changes = contents.messages.map { $0["changes"]?.json ?? "" }
        #expect(changes[1].contains(#"{"path":["rows",1],"new":{"id":8,"title":"b"},"ids":[null,8]}"#))
        #expect(changes[3] == #"[{"path":["rows",0],"old":{"id":7,"title":"a"},"ids":[null,7]}]"#)
        #expect(changes[4] == #"[{"path":["rows",1,"title"],"old":"c","new":"z","ids":[null,9,null]}]"#)
    }

    @Test func theIDsOfElementsWhoseIDIsNotAStoredPropertyAreWrittenToo() async throws {
        let contents = try await catalogTrace([
            Catalog.Action.open,
            PresentedMessage<Catalog.Detail>(Catalog.Push(route: .about(1))),
            PresentedMessage<Catalog.Detail>(Catalog.Push(route: .info(Catalog.Info(), id: 2))),
            PresentedMessage<Catalog.Detail>(ElementMessage<Catalog.Route>(id: 2, Catalog.Route.Load())),
        ])
        let changes = contents.messages.map { $0["changes"]?.json ?? "" }
        #expect(
            changes[2]
                == #"[{"path":["_detail","path",1],"new":{"info":{"_0":{"isLoading":false},"id":2}},"ids":[null,null,2]}]"#
        )
        #expect(
            changes[3]
                == #"[{"path":["_detail","path",1,"info","_0","isLoading"],"old":false,"new":true,"ids":[null,null,2,null,null,null]}]"#
        )
        #expect(
            contents.messages[2]["types"]?["Catalog.Route"]?.json
                == #"{"kind":"enum","cases":{"about":"Int","info":"(Catalog.Info, id: Int)"}}"#)
    }

    @Test func anInputChangeIsWrittenAsATestMakesIt() async throws {
        let contents = try await catalogTrace([
            Catalog.Action.open,
            PresentedMessage<Catalog.Detail>(Catalog.Detail.set(\.name, #"Milk "2%""#)),
        ])
        let messages = contents.messages
        #expect(messages[0]["code"] == nil)  // its description is how a test writes it
        #expect(
            messages[1]["text"]?.text
                == #"PresentedMessage<Catalog.Detail>(InputChange<Catalog.Detail>(name: "Milk "2%""))"#)
        #expect(
            messages[1]["code"]?.text == #"PresentedMessage<Catalog.Detail>(Catalog.Detail.set(\.name, "Milk \"2%\""))"#
        )
        #expect(
            testCode(of: ElementMessage<Catalog.Row>(id: 3, Catalog.Detail.set(\.name, "x")))
                == #"ElementMessage<Catalog.Row>(id: 3, Catalog.Detail.set(\.name, "x"))"#)
        #expect(testCode(of: SubstateMessage(\Holder.detail, Catalog.Action.open)) == nil)
        let addressed = try #require(testCode(of: SubstateMessage(\Holder.detail, Catalog.Detail.set(\.name, "x"))))
        #expect(addressed.hasPrefix("SubstateMessage(\\Holder.detail, "))
        #expect(addressed.hasSuffix(#", Catalog.Detail.set(\.name, "x"))"#))
    }

    @Test func anElementReplacedByOneWithAnotherIDIsRemovedThenInserted() {
        let old = TraceValue.identifiedArray(ids: [.integer(1), .integer(2)], elements: [.string("a"), .string("b")])
        let new = TraceValue.identifiedArray(ids: [.integer(1), .integer(3)], elements: [.string("a"), .string("b")])
        let changes = old.changes(to: new)
        #expect(
            changes.map(\.traceValue.json) == [
                #"{"path":[1],"old":"b","ids":[2]}"#, #"{"path":[1],"new":"b","ids":[3]}"#,
            ])
        #expect(changes.reduce(old) { $0.applying($1) } == new)
    }

    @Test(arguments: [
        ([1, 2, 3], [2, 3, 4]), ([1, 2, 3], [3, 1, 2]), ([], [5, 6]), ([1, 2, 3, 4, 5], [1, 9, 3, 8, 5]), ([4, 5], []),
    ])
    func applyingTheChangesOfAnIdentifiedArrayGivesItsElementsAndIDs(old: [Int], new: [Int]) {
        func tree(_ ids: [Int]) -> TraceValue {
            .identifiedArray(
                ids: ids.map { .integer($0) }, elements: ids.map { .object([.init("n", .integer($0 % 3))]) })
        }
        let rebuilt = tree(old).changes(to: tree(new)).reduce(tree(old)) { $0.applying($1) }
        #expect(rebuilt == tree(new))
    }

    @Test func reusingTheLastRenderingKeepsTheIDsAndDescribesAsRenderingAnew() {
        var state = Catalog()
        let types = TraceTypes()
        var tree = TraceValue(mirroring: state, describingTypesIn: types)
        for message: any Message in [
            Catalog.Action.add(1, "a"), Catalog.Action.add(2, "b"),
            ElementMessage<Catalog.Row>(id: 2, Catalog.Row.Action.rename("c")),  // the same ids: reused
            Catalog.Action.open, Catalog.Action.remove(1),
            Catalog.Action.load(page: 3), PresentedMessage<Catalog.Detail>(Catalog.Push(route: .about(4))),
        ] {
            let before = state
            _ = Catalog.update(&state, with: message)
            tree = TraceValue(mirroring: state, reusing: tree, of: before, describingTypesIn: types)
            #expect(tree == TraceValue(mirroring: state, describingTypesIn: TraceTypes()))
        }
        #expect(types.allDescriptions()?["(page: Int)"] != nil)
    }

    @Test func aCodableStateIsDescribedAsItIsEncoded() throws {
        struct Item: Codable, Identifiable, Equatable, Sendable {
            var id: String
            var note: String?
        }
        enum Mode: Codable, Equatable {
            case idle
            case editing(Int, reason: String)
        }
        enum Kind: String, Codable {
            case small = "S"
        }
        struct Saved: Codable {
            var items: IdentifiedArray<Item> = [Item(id: "x")]
            var mode = Mode.editing(2, reason: "r")
            var kind = Kind.small
            var count: Int?
        }
        let types = TraceTypes()
        let tree = try TraceValueEncoder.encode(Saved(), describingTypesIn: types)
        #expect(tree.json == #"{"items":[{"id":"x"}],"mode":{"editing":{"_0":2,"reason":"r"}},"kind":"S"}"#)
        guard case .identifiedArray(let ids, _)? = tree["items"] else {
            Issue.record("the items are not an identified array: \(tree)")
            return
        }
        #expect(ids == [.string("x")])
        let described = try #require(types.allDescriptions())
        // A field left out because it is nil is still described, as an optional.
        #expect(
            described["TraceTypesTests.Saved"]?.json
                == #"{"kind":"struct","fields":{"items":"IdentifiedArray<TraceTypesTests.Item>","#
                + #""mode":"TraceTypesTests.Mode","kind":"TraceTypesTests.Kind","count":"Optional<Int>"}}"#)
        #expect(
            described["TraceTypesTests.Item"]?.json
                == #"{"kind":"struct","fields":{"id":"String","note":"Optional<String>"}}"#)
        #expect(
            described["TraceTypesTests.Mode"]?.json
                == #"{"kind":"enum","cases":{"editing":{"_0":"Int","reason":"String"}}}"#)
        #expect(described["TraceTypesTests.Kind"]?.json == #"{"kind":"enum","cases":{},"encoding":"rawValue"}"#)
        #expect(described["Optional<Int>"]?.json == #"{"kind":"optional","wrapped":"Int"}"#)
        // Rendering without a types table keeps the array plain, as before.
        #expect(try TraceValueEncoder.encode(Saved())["items"] == .array([.object([.init("id", .string("x"))])]))
    }

    @Test func aNewSegmentBeginsWithEveryTypeDescribed() {
        var records = TraceRecords<Catalog>(snapshotInterval: 100)
        var state = Catalog()
        _ = records.snapshot(step: 0, state: records.render(state))
        let before = state
        _ = Catalog.update(&state, with: Catalog.Action.add(1, "a"))
        _ = records.message(
            Catalog.Action.add(1, "a"), step: 1, time: 0, before: before, after: state, sentByEffect: false,
            dropped: 0, filtered: 0)
        let snapshot = records.snapshotOfLastState()
        #expect(snapshot?["types"]?["Catalog"] != nil)
        #expect(snapshot?["types"]?["Catalog.Row"] != nil)
    }
}

@Suite("What a trace says of a screen stack")
struct ScreenStackTraceTests {
    /// A screen's change is written by the screen's id, as a test writes it: `$0.path[id: 2]`.
    @Test func aChangeOfAScreenNamesItByItsID() async throws {
        let stack: ScreenStack<Route> = [.detail(Detail(item: 1)), .history(History(item: 2))]
        let tree = TraceValue(mirroring: stack, describingTypesIn: TraceTypes())
        guard case let .identifiedArray(ids, elements) = tree else {
            Issue.record("a stack is written as \(tree), not as an identified array")
            return
        }
        #expect(ids == [.integer(1), .integer(2)])
        #expect(elements.count == 2)
    }

    /// A stack is described as an identified array that is a stack, so that the inspector writes a screen pushed
    /// or popped as a test does (`$0.path.push(...)`, `$0.path.pop(from: 2)`); an identified array is not one.
    @Test func aStackIsDescribedAsAStack() throws {
        let types = TraceTypes()
        let stack: ScreenStack<Route> = [.detail(Detail(item: 1))]
        _ = TraceValue(mirroring: stack, describingTypesIn: types)
        _ = TraceValue(mirroring: IdentifiedArray([Catalog.Row(id: 1, title: "a")]), describingTypesIn: types)
        let described = try #require(types.allDescriptions())
        #expect(
            described["ScreenStack<Route>"]?.json == #"{"kind":"identified","element":"Route","id":"Int","stack":true}"#
        )
        #expect(
            described["IdentifiedArray<Catalog.Row>"]?.json
                == #"{"kind":"identified","element":"Catalog.Row","id":"Int"}"#)
    }

    /// A screen's message is written as a test sends it, a `ScreenMessage` of the screen type, not as an
    /// `ElementMessage` of the stack's element (`ElementMessage<ScreenStack<Route>.Entry>`).
    @Test func aScreensMessageIsWrittenAsAScreenMessage() {
        let message = ScreenMessage<Route>(id: 2, Detail.Action.load)
        #expect(codeDescription(of: message) == "ScreenMessage<Route>(id: 2, Detail.Action.load)")
        #expect(testCode(of: message) == nil)  // its description is how a test writes it
        #expect("\(ScreenMessage<Route>(id: 1, Dismiss()))" == "ScreenMessage<Route>(id: 1, Dismiss())")
        #expect(testCode(of: ElementMessage<Catalog.Row>(id: 3, Catalog.Row.Action.rename("x"))) == nil)
    }

    /// A `Codable` state is traced as it encodes itself: a stack with its ids and its next id, in one object.
    @Test func aCodableStackIsWrittenAsItEncodesItself() throws {
        let stack: ScreenStack<Route> = [.history(History(item: 2))]
        let tree = try TraceValueEncoder.encode(stack, describingTypesIn: TraceTypes())
        #expect(tree.json.contains(#""nextID":2"#))
        #expect(tree.json.contains(#""id":1"#))
    }
}
