import Swivelish
import SwivelishTesting
import Testing

/// A search field: setting the query starts a debounced search.
private struct Search: BindableState, Equatable {
    struct Input: Equatable, Sendable {
        var query = ""
    }

    var input = Input()
    var results: [String] = []

    struct SearchID: Hashable, Sendable {}

    enum Action: Message, Equatable {
        case loaded([String])
    }

    static func update(_ state: inout Search, with message: Message) -> Effect? {
        if applyInputChange(message, to: &state) != nil {
            let query = state.input.query
            return Effects.debounce(
                Effects.send(Action.loaded(["\(query) 1"])), id: SearchID(), for: .milliseconds(300))
        }
        if case let .loaded(results)? = message as? Action {
            state.results = results
        }
        return nil
    }
}

@Suite("TestStore and input fields")
struct TestStoreInputTests {
    @Test func settingAFieldAssertsItsChangeAndTheEffectItStarts() async {
        let clock = TestClock()
        let store = TestStore(initialState: Search(), dependencies: Dependencies { $0.clock = clock })
        store.set(\.query, "mi") { $0.input.query = "mi" }
        store.set(\.query, "milk") { $0.input.query = "milk" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(Search.Action.loaded(["milk 1"])) { $0.results = ["milk 1"] }
        await store.finish()
    }

    @Test func aChangeCanBeSentAndReceivedAsAnyMessage() async {
        let clock = TestClock()
        let store = TestStore(initialState: Search(), dependencies: Dependencies { $0.clock = clock })
        store.send(Search.set(\.query, "eggs")) { $0.input.query = "eggs" }
        await clock.advance(by: .seconds(1))
        await store.receive(Search.Action.loaded(["eggs 1"])) { $0.results = ["eggs 1"] }
        await store.finish()
    }

    @Test func aWrongExpectationOfAChangeFailsNamingTheField() {
        withKnownIssue {
            let store = TestStore(initialState: Search(), dependencies: Dependencies { $0.clock = TestClock() })
            store.exhaustivity = .off
            store.set(\.query, "x") { $0.input.query = "y" }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("sending InputChange<Search>(query: \"x\")")
                    && $0.rawValue.contains("input.query: expected \"y\", got \"x\"")
            }
        }
    }
}
