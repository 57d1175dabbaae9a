import Foundation
import Swivelish
import Testing

// The "Effects" section of README.md, compiled and run against stand-ins for its API calls. If the
// README's code changes, change it here too.

private enum API {
    static func fetchAmount() async throws -> Int { 5 }
    static func load() async throws -> String { "loaded" }
    static func search(_ text: String) async throws -> [String] { [text.uppercased()] }
}

private let api = API.self

private func fetchAmount(_ completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async { completion(2) }
}

private enum CounterMessage: Message {
    case increment(amount: Int)
    case failed(String)
}

private struct Loaded: Message {
    var text: String
    init(_ text: String) { self.text = text }
}

private struct LoadingFinished: Message {}
private struct QueryChanged: Message { var text: String }
private struct SearchCancelled: Message {}
private struct SearchID: Hashable, Sendable {}
private struct ResultsLoaded: Message {
    var results: [String]
    init(_ results: [String]) { self.results = results }
}
private enum Form: Message { case sync, async, combined }

private struct ExampleState: State {
    var count = 0
    var loaded: [String] = []
    var query = ""
    var results: [String] = []
    var error: String?

    static func update(_ state: inout ExampleState, with message: Message) -> Effect? {
        switch message {
        case let message as CounterMessage:
            switch message {
            case let .increment(amount): state.count += amount
            case let .failed(description): state.error = description
            }
            return nil
        case let loaded as Loaded:
            state.loaded.append(loaded.text)
            return nil
        case is LoadingFinished:
            state.loaded.append("finished")
            return nil
        case let results as ResultsLoaded:
            state.results = results.results
            return nil
        case Form.sync:
            return { dispatch in
                fetchAmount { amount in dispatch(CounterMessage.increment(amount: amount)) }
            }
        case Form.async:
            return Effects.run { dispatch in
                let amount = try await api.fetchAmount()
                dispatch(CounterMessage.increment(amount: amount))
            } catch: { error, dispatch in
                dispatch(CounterMessage.failed(error.localizedDescription))
            }
        case Form.combined:
            return Effects.concat(
                Effects.run { dispatch in dispatch(Loaded(try await api.load())) },
                Effects.send(LoadingFinished())
            )
        case let query as QueryChanged:
            state.query = query.text
            return Effects.run(id: SearchID(), cancelInFlight: true) { dispatch in
                try await Task.sleep(nanoseconds: 300_000_000)
                dispatch(ResultsLoaded(try await api.search(query.text)))
            }
        case is SearchCancelled:
            return Effects.cancel(id: SearchID())
        default:
            return nil
        }
    }
}

@Suite("README: Effects")
struct ReadmeEffectsExamplesTests {
    @Test func everyFormRuns() async {
        let store = Store(initialState: ExampleState())
        store.dispatch(Form.sync)
        store.dispatch(Form.async)
        store.dispatch(Form.combined)
        var counts = store.values(\.count).makeAsyncIterator()
        while let count = await counts.next(), count < 7 {}
        var loaded = store.values(\.loaded).makeAsyncIterator()
        while let entries = await loaded.next(), entries.count < 2 {}
        #expect(store.state.count == 7)
        #expect(store.state.loaded == ["loaded", "finished"])
    }

    @Test func onlyTheLatestSearchSurvives() async {
        let store = Store(initialState: ExampleState())
        store.dispatch(QueryChanged(text: "sw"))
        store.dispatch(QueryChanged(text: "swift"))
        for await results in store.values(\.results) where !results.isEmpty {
            #expect(results == ["SWIFT"])
            break
        }
    }

    @Test func watchingStateFromSwiftConcurrency() async {
        let store = Store(initialState: ExampleState())
        let label = Locked("")
        store.dispatch(CounterMessage.increment(amount: 4))
        for await count in store.values(\.count) {
            label.withValue { $0 = "\(count)" }
            break
        }
        #expect(label.current == "4")
    }
}
