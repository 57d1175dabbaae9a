import Testing

@testable import Swivelish

@Suite("Names of types and messages, as code writes them")
struct DisplayNameTests {
    enum Outer {
        enum Action: Message {
            case queryChanged(String)
            case cleared
        }
        struct Loaded: Message {
            var items: Int
        }
        struct Box<Value> {}
    }

    @Test func aTypeIsNamedWithTheTypesItIsNestedInAndWithoutItsModule() {
        #expect(displayName(of: Outer.Action.self) == "DisplayNameTests.Outer.Action")
        #expect(displayName(of: [Outer.Loaded].self) == "Array<DisplayNameTests.Outer.Loaded>")
        #expect(
            displayName(of: Outer.Box<[String: Int]>.self)
                == "DisplayNameTests.Outer.Box<Dictionary<String, Int>>")
    }

    @Test func aTypeDeclaredInAFunctionIsNamedWithoutItsAnonymousContext() {
        struct Local {}
        // Swift prints `SwivelishTests.DisplayNameTests.(unknown context at $…).Local`.
        #expect(displayName(of: Local.self) == "DisplayNameTests.Local")
        // In a generic argument too.
        #expect(displayName(of: [Local].self) == "Array<DisplayNameTests.Local>")
        #expect(displayName(of: [PrivateAtTopLevel].self) == "Array<PrivateAtTopLevel>")
    }

    @Test func aMessageIsWrittenAsCodeWouldWriteIt() {
        #expect(
            codeDescription(of: Outer.Action.queryChanged("a\"b"))
                == #"DisplayNameTests.Outer.Action.queryChanged("a\"b")"#)
        #expect(codeDescription(of: Outer.Action.cleared) == "DisplayNameTests.Outer.Action.cleared")
        #expect(codeDescription(of: Outer.Loaded(items: 3)) == "DisplayNameTests.Outer.Loaded(items: 3)")
    }
}

/// A private type at the top level: Swift prints `SwivelishTests.(unknown context at $…).PrivateAtTopLevel`.
private struct PrivateAtTopLevel {}
