import Swivelish
import Testing

@testable import SwivelishTrace

@Suite("Trace values: rendering, JSON and changes")
struct TraceValueTests {
    struct Profile {
        var name: String
        var age: Int?
    }

    enum Status {
        case idle
        case loading(page: Int)
        case failed(String, code: Int)
    }

    struct Screen {
        var title = "Home"
        var profile = Profile(name: "Ada", age: nil)
        var items: [Int] = [1, 2]
        var table: [String: Double] = ["b": 2.5, "a": 1]
        var status = Status.idle
        var tags: Set<String> = ["z", "a", "m"]
        var pair = (1, "x")
        var named = (x: 1, y: 2)
    }

    @Test func mirroringRendersEachKindOfValueAsJSON() {
        #expect(
            TraceValue(mirroring: Screen()).json
                == #"{"title":"Home","profile":{"name":"Ada","age":null},"items":[1,2],"table":{"a":1.0,"b":2.5},"#
                + #""status":"idle","tags":["a","m","z"],"pair":[1,"x"],"named":{"x":1,"y":2}}"#)
        #expect(TraceValue(mirroring: Status.loading(page: 3)).json == #"{"loading":{"page":3}}"#)
        #expect(TraceValue(mirroring: Status.failed("no", code: 4)).json == #"{"failed":{"_0":"no","code":4}}"#)
    }

    @Test func renderingUsesTheCodableEncodingWhenThereIsOne() {
        struct Saved: Codable {
            var count = 2
            var hidden = "not encoded"
            var nested: [String: [Int]] = ["k": [1]]
            enum CodingKeys: String, CodingKey {
                case count = "n"
                case nested
            }
        }
        #expect(TraceValue(rendering: Saved()).json == #"{"n":2,"nested":{"k":[1]}}"#)
        // The same value through Mirror shows every stored property, under its own name.
        #expect(TraceValue(mirroring: Saved()).json == #"{"count":2,"hidden":"not encoded","nested":{"k":[1]}}"#)
    }

    @Test func anEncodingThatThrowsFallsBackToMirroring() {
        struct Refuses: Encodable {
            var count = 1
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(count, .init(codingPath: [], debugDescription: "no"))
            }
        }
        #expect(TraceValue(rendering: Refuses()).json == #"{"count":1}"#)
    }

    @Test func jsonEscapesQuotesBackslashesAndControlCharacters() {
        #expect(TraceValue.string("a\"b\\c\nd\te\u{1}é").json == #""a\"b\\c\nd\te\u0001é""#)
        #expect(TraceValue(mirroring: ["k\"ey": 1]).json == #"{"k\"ey":1}"#)
    }

    @Test func infinitiesAndNaNAreWrittenAsStrings() {
        #expect(
            TraceValue(mirroring: [Double.infinity, -Double.infinity, Double.nan, 0.5]).json
                == #"["inf","-inf","nan",0.5]"#)
    }

    @Test func aCycleOfObjectsIsCutWhereItMeetsItself() {
        final class Node {
            var name: String
            var next: Node?
            init(_ name: String) { self.name = name }
        }
        let first = Node("a")
        first.next = Node("b")
        first.next?.next = first
        #expect(TraceValue(mirroring: first).json == #"{"name":"a","next":{"name":"b","next":"<cycle>"}}"#)
        first.next?.next = nil  // breaks the cycle, so that the nodes are freed (LeakSanitizer runs in CI)
    }

    @Test func changesNameEachFieldThatChanged() {
        var before = Screen()
        before.items = [1, 2, 3]
        var after = before
        after.profile.age = 36
        after.items = [1, 5]
        after.table["c"] = 3
        after.status = .loading(page: 1)
        let changes = TraceValue(mirroring: before).changes(to: TraceValue(mirroring: after))
        #expect(
            changes.map(\.traceValue.json) == [
                #"{"path":["profile","age"],"old":null,"new":36}"#,
                #"{"path":["items",1],"old":2,"new":5}"#,
                #"{"path":["items",2],"old":3}"#,
                #"{"path":["table","c"],"new":3.0}"#,
                #"{"path":["status"],"old":"idle","new":{"loading":{"page":1}}}"#,
            ])
        #expect(TraceValue(mirroring: after).changes(to: TraceValue(mirroring: after)).isEmpty)
    }

    @Test func elementsRemovedOrInsertedAtTheFrontAreFoundAsSuchNotAsEveryElementChanged() throws {
        // A history with a limit: the oldest goes, the newest comes.
        let history = try parseJSON("[1,2,3,4,5,6]").changes(to: try parseJSON("[2,3,4,5,6,7]"))
        #expect(history.map(\.traceValue.json) == [#"{"path":[0],"old":1}"#, #"{"path":[5],"new":7}"#])
        // A queue that grew at its front, in the middle of an array.
        let front = try parseJSON("[0,1,2,9]").changes(to: try parseJSON("[0,7,8,1,2,9]"))
        #expect(front.map(\.traceValue.json) == [#"{"path":[1],"new":7}"#, #"{"path":[2],"new":8}"#])
        // Too far apart: element by element.
        let far = try parseJSON("[1,2,3]").changes(to: try parseJSON("[4,5,6]"))
        #expect(far.count == 3)
    }

    @Test(arguments: [
        (#"{"a":1,"b":[1,2,3],"c":{"x":true}}"#, #"{"a":2,"b":[1],"c":{"y":false},"d":null}"#),
        (#"[1,[2,3],{"k":4}]"#, #"[[2],[2,3,4,5],{"k":4,"l":5},6,7]"#),
        (#"{"a":[]}"#, #"{"a":[{"x":1},{"x":2}]}"#),
        (#"{"a":{"b":{"c":1}}}"#, #"{"a":"replaced"}"#),
        (#"{"b":1,"a":2}"#, #"{"a":2,"b":3}"#),
        ("1", #"{"a":1}"#),
        ("[1,2,3,4,5,6,7,8,9,10]", "[4,5,6,7,8,9,10,11,12]"),
        ("[1,2,3]", "[9,9,1,2,3,4]"),
        ("[1,2,3,4,5]", "[1,9,3,8,5]"),
        ("[1,2,3,4,5]", "[1,5]"),
        ("[1,5]", "[1,2,3,4,5]"),
        (#"[{"a":1},{"a":2},{"a":3}]"#, #"[{"a":2},{"a":3,"b":1},{"a":4}]"#),
    ])
    func applyingTheChangesToTheOldTreeGivesTheNewOne(old: String, new: String) throws {
        let oldTree = try parseJSON(old)
        let newTree = try parseJSON(new)
        let rebuilt = oldTree.changes(to: newTree).reduce(oldTree) { $0.applying($1) }
        // Objects whose keys moved come back with the same fields, maybe in another order.
        #expect(rebuilt.sortedKeys == newTree.sortedKeys)
    }
}

extension TraceValue {
    /// The same tree with every object's fields sorted by key.
    var sortedKeys: TraceValue {
        switch self {
        case let .object(fields): .object(fields.map { Field($0.key, $0.value.sortedKeys) }.sorted { $0.key < $1.key })
        case let .array(elements): .array(elements.map(\.sortedKeys))
        default: self
        }
    }
}

@Suite("Rendering a state again, reusing the last rendering")
struct TraceValueReuseTests {
    @Test func reusingTheLastRenderingGivesTheSameTreeAsRenderingAnew() {
        struct Undoable {
            var shelf = Shelf()
            var history: [Shelf] = []  // drops its oldest entry past 5, as an undo history does
        }
        var state = Undoable()
        var tree = TraceValue(mirroring: state)
        for message in Shelf.messages(400, seed: 11) {
            let before = state
            state.history.append(state.shelf)
            if state.history.count > 5 { state.history.removeFirst() }
            _ = Shelf.update(&state.shelf, with: message)
            tree = TraceValue(mirroring: state, reusing: tree, of: before)
            #expect(tree == TraceValue(mirroring: state))
        }
    }

    @Test func aHistoryThatDropsItsOldestEntryReusesTheOthers() {
        struct Entry: Equatable {
            var value: Int
        }
        let old = (0..<6).map(Entry.init)
        let new = Array(old.dropFirst()) + [Entry(value: 6)]
        // A stale tree for the entries kept shows that they were reused rather than rendered again.
        let stale = TraceValue.array(old.map { _ in .string("reused") })
        #expect(
            TraceValue(mirroring: new, reusing: stale, of: old).json
                == #"["reused","reused","reused","reused","reused",{"value":6}]"#)
    }
}
