import Foundation
import Swivelish
import SwivelishTrace
import Testing

@testable import SwivelishInspector

/// A list of rows, a presented child and an enum, for the types a trace describes.
private struct Shop: State, Equatable {
    struct Row: State, Identifiable, Equatable {
        var id: Int
        var title = ""
        static func update(_ state: inout Row, with message: Message) -> Effect? { nil }
    }

    struct Detail: State, Equatable {
        var note: String?
        static func update(_ state: inout Detail, with message: Message) -> Effect? { nil }
    }

    enum Phase: Equatable, Sendable {
        case idle
        case loading(page: Int)
        case failed(String)
    }

    enum Action: Message, Equatable {
        case add(Int)
        case open
        case load(Int)
        case fail
    }

    var rows: IdentifiedArray<Row> = []
    @Presented var detail: Detail?
    var phase = Phase.idle

    static func update(_ state: inout Shop, with message: Message) -> Effect? {
        switch message as? Action {
        case let .add(id)?: state.rows.append(Row(id: id))
        case .open?: state.detail = Detail()
        case let .load(page)?: state.phase = .loading(page: page)
        case .fail?: state.phase = .failed("no")
        case nil: break
        }
        return nil
    }
}

/// A stack of screens over a root.
private struct Navigator: State, Equatable {
    struct Screen: State, Equatable {
        var ticks = 0
        static func update(_ state: inout Screen, with message: Message) -> Effect? { nil }
    }

    struct Push: Message, Equatable {}

    var path = ScreenStack<Screen>()

    static func update(_ state: inout Navigator, with message: Message) -> Effect? {
        updateStack(\.path, of: &state, with: message) { state, message in
            if message is Push { state.path.push(Screen()) }
            return nil
        }
    }
}

@Suite("Reading what a trace says of its state's types")
struct TraceTypesReaderTests {
    fileprivate static func writtenTrace(_ messages: [Shop.Action]) throws -> String {
        let path = temporaryPath()
        let trace = try TraceWriter<Shop>(path: path)
        let store = Store(initialState: Shop(), observers: [trace.observer])
        for message in messages { store.dispatch(message) }
        trace.close()
        return path
    }

    @Test func theTypesOfEveryRecordAreGatheredByName() throws {
        let trace = try TraceReader.load(path: try Self.writtenTrace([.add(1), .open, .load(2), .fail]))
        #expect(trace.problems.isEmpty)
        var shop = TraceTypeDescription(kind: "struct")
        shop.fields = ["rows": "IdentifiedArray<Shop.Row>", "_detail": "Presented<Shop.Detail>", "phase": "Shop.Phase"]
        #expect(trace.types["Shop"] == shop)
        #expect(trace.types["IdentifiedArray<Shop.Row>"]?.kind == "identified")
        #expect(trace.types["IdentifiedArray<Shop.Row>"]?.element == "Shop.Row")
        #expect(trace.types["IdentifiedArray<Shop.Row>"]?.id == "Int")
        #expect(trace.types["Presented<Shop.Detail>"]?.kind == "optional")
        #expect(trace.types["Presented<Shop.Detail>"]?.wrapped == "Shop.Detail")
        #expect(trace.types["Presented<Shop.Detail>"]?.isPropertyWrapper == true)
        #expect(trace.types["Shop.Detail"]?.fields == ["note": "Optional<String>"])
        // An enum's cases, met in two records, are merged.
        #expect(trace.types["Shop.Phase"]?.cases == ["loading": .type("(page: Int)"), "failed": .type("String")])
    }

    @Test func theChangesOfAnIdentifiedArrayNameTheirElementsIDs() throws {
        let trace = try TraceReader.load(path: try Self.writtenTrace([.add(4), .add(9)]))
        let last = try #require(trace.records.last { $0.contains("\"kind\":\"message\"") })
        let record = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let change = try #require((record["changes"] as? [[String: Any]])?.first)
        #expect(change["path"] as? [AnyHashable] == ["rows", 1])
        #expect((change["ids"] as? [Any])?.last as? Int == 9)
    }

    @Test func aTraceWrittenBeforeTypesLoadsWithNoneAndNoProblem() throws {
        // Version 1 as Swivelish wrote it before types, ids and code: the same fields, none of those.
        let lines = [
            #"{"format":"swivelish-trace","version":1,"state":"TodoList","trace":"1-1","segment":1,"time":1.0,"snapshotInterval":100,"maximumMessages":null}"#,
            #"{"kind":"snapshot","step":0,"state":{"todos":[],"_detail":null}}"#,
            #"{"kind":"message","step":1,"time":1.5,"type":"TodoList.Action","text":"TodoList.Action.add(title: \"a\")","origin":"send","changes":[{"path":["todos",0],"new":{"id":1,"title":"a"}}]}"#,
            #"{"kind":"end","time":2.0,"messages":1,"written":1,"filtered":0,"dropped":0,"lost":0,"effectEventsDropped":0,"writeFailures":0}"#,
        ]
        let path = temporaryPath()
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try TraceReader.load(path: path)
        #expect(trace.problems.isEmpty)
        #expect(trace.messageCount == 1)
        #expect(trace.types.isEmpty)
        #expect(InspectorPage(trace: trace, source: "old.jsonl").data().contains(#","types":{},"#))
    }

    @Test func aDescriptionThatCannotBeReadIsLeftOutAndTheRecordKept() throws {
        let path = try Self.writtenTrace([.add(1)])
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert(
            #"{"kind":"message","step":2,"text":"X()","changes":[],"types":{"Broken":{"no":"kind"},"Fine":{"kind":"leaf"}}}"#,
            at: 3)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try TraceReader.load(path: path)
        #expect(trace.problems.isEmpty)
        #expect(trace.messageCount == 2)
        #expect(trace.types["Broken"] == nil)
        #expect(trace.types["Fine"]?.kind == "leaf")
    }

    /// A stack of screens says so, and the page carries it: its skeleton pushes and pops the screens.
    @Test func aStackOfScreensIsReadAsOneAndCarriedToThePage() throws {
        let path = temporaryPath()
        let trace = try TraceWriter<Navigator>(path: path)
        let store = Store(initialState: Navigator(), observers: [trace.observer])
        store.dispatch(Navigator.Push())
        trace.close()
        let loaded = try TraceReader.load(path: path)
        #expect(loaded.problems.isEmpty)
        var stack = TraceTypeDescription(kind: "identified")
        stack.element = "Navigator.Screen"
        stack.id = "Int"
        stack.isStack = true
        #expect(loaded.types["ScreenStack<Navigator.Screen>"] == stack)
        #expect(stack.json == #"{"element":"Navigator.Screen","id":"Int","kind":"identified","stack":true}"#)
        #expect(loaded.types["IdentifiedArray<Shop.Row>"] == nil)
        let data = InspectorPage(trace: loaded, source: "t.jsonl").data()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let types = try #require(parsed["types"] as? [String: [String: Any]])
        #expect(types["ScreenStack<Navigator.Screen>"]?["stack"] as? Bool == true)
        #expect(InspectorPage.skeletonScript.contains(#"".pop(from: ""#))
    }

    @Test func thePageCarriesTheTypesAsJSON() throws {
        let trace = try TraceReader.load(path: try Self.writtenTrace([.load(1)]))
        let data = InspectorPage(trace: trace, source: "t.jsonl").data()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let types = try #require(parsed["types"] as? [String: [String: Any]])
        #expect(types["Shop.Phase"]?["kind"] as? String == "enum")
        #expect((types["Shop.Phase"]?["cases"] as? [String: String])?["loading"] == "(page: Int)")
        #expect(types["Presented<Shop.Detail>"]?["propertyWrapper"] as? Bool == true)
    }
}
