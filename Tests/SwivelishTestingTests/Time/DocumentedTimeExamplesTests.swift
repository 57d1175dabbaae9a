import Swivelish
import SwivelishTesting
import Testing

// The examples of the documentation that wait on the clock, copied here as they are written there (the
// README's search, the "Waiting in effects" article's timer and debounced search), with the tests the
// documentation shows. CI compiles the documentation's blocks; these run them.

private enum API {
    static func search(_ query: String) async throws -> [String] { ["\(query) 1", "\(query) 2"] }
}

/// The README's cancellable search.
private struct ReadmeSearch: State, Equatable {
    var query = ""
    var results: [String] = []

    struct SearchID: Hashable, Sendable {}

    enum Action: Message, Equatable {
        case queryChanged(String)
        case resultsLoaded([String])
        case cancelled
    }

    static func update(_ state: inout ReadmeSearch, with message: Message) -> Effect? {
        switch message as? Action {
        case let .queryChanged(query):
            state.query = query
            return Effects.run(id: SearchID(), cancelInFlight: true) { dispatch in
                try await dispatch.dependencies.clock.sleep(for: .milliseconds(300))  // a pause in typing
                dispatch(Action.resultsLoaded(try await API.search(query)))
            }
        case let .resultsLoaded(results):
            state.results = results
            return nil
        case .cancelled:
            return Effects.cancel(id: SearchID())
        case nil:
            return nil
        }
    }
}

/// The article's timer.
private struct ArticleTimer: State, Equatable {
    var ticks = 0

    enum Action: Message, Equatable {
        case start
        case tick
    }

    static func update(_ state: inout ArticleTimer, with message: Message) -> Effect? {
        switch message as? Action {
        case .start:
            return Effects.run { dispatch in
                for _ in 0..<3 {
                    try await dispatch.dependencies.clock.sleep(for: .seconds(1))
                    dispatch(Action.tick)
                }
            }
        case .tick:
            state.ticks += 1
            return nil
        case nil:
            return nil
        }
    }
}

/// The article's debounced search.
private struct ArticleSearch: State, Equatable {
    var query = ""
    var results: [String] = []

    struct SearchID: Hashable, Sendable {}

    enum Action: Message, Equatable {
        case queryChanged(String)
        case resultsLoaded([String])
    }

    static func update(_ state: inout ArticleSearch, with message: Message) -> Effect? {
        switch message as? Action {
        case let .queryChanged(query):
            state.query = query
            return Effects.debounce(
                Effects.send(Action.resultsLoaded(["Results for \(query)"])), id: SearchID(),
                for: .milliseconds(300))
        case let .resultsLoaded(results):
            state.results = results
            return nil
        case nil:
            return nil
        }
    }
}

@Suite("The documentation's examples of waiting")
struct DocumentedTimeExamplesTests {
    @Test func theReadmeSearchesAfterAPauseInTyping() async {
        let clock = TestClock()
        let store = TestStore(initialState: ReadmeSearch(), dependencies: Dependencies { $0.clock = clock })
        store.send(ReadmeSearch.Action.queryChanged("mi")) { $0.query = "mi" }
        store.send(ReadmeSearch.Action.queryChanged("milk")) { $0.query = "milk" }  // cancels "mi"
        await clock.advance(by: .milliseconds(300))
        await store.receive(ReadmeSearch.Action.resultsLoaded(["milk 1", "milk 2"])) {
            $0.results = ["milk 1", "milk 2"]
        }
        await store.finish()
    }

    @Test func theReadmeSearchCanBeCancelled() async {
        let clock = TestClock()
        let store = TestStore(initialState: ReadmeSearch(), dependencies: Dependencies { $0.clock = clock })
        store.send(ReadmeSearch.Action.queryChanged("milk")) { $0.query = "milk" }
        store.send(ReadmeSearch.Action.cancelled)
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func theArticlesSearchSearchesTheLastQueryOnly() async {
        let clock = TestClock()
        let store = TestStore(initialState: ArticleSearch(), dependencies: Dependencies { $0.clock = clock })
        store.send(ArticleSearch.Action.queryChanged("sw")) { $0.query = "sw" }
        store.send(ArticleSearch.Action.queryChanged("swift")) { $0.query = "swift" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(ArticleSearch.Action.resultsLoaded(["Results for swift"])) {
            $0.results = ["Results for swift"]
        }
        await store.finish()
    }

    @Test func theArticlesTimerTicksThreeTimes() async {
        let clock = TestClock()
        let store = TestStore(initialState: ArticleTimer(), dependencies: Dependencies { $0.clock = clock })
        store.send(ArticleTimer.Action.start)
        await clock.advance(by: .seconds(3))
        await store.receive(ArticleTimer.Action.tick) { $0.ticks = 1 }
        await store.receive(ArticleTimer.Action.tick) { $0.ticks = 2 }
        await store.receive(ArticleTimer.Action.tick) { $0.ticks = 3 }
        await store.finish()
    }
}
