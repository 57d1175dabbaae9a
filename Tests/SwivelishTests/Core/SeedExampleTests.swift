import Dispatch
import Swivelish
import Testing

// The examples of the Swivel README, line for line, with `print` captured so the output can be
// compared with the README's comments.

private enum CounterMessage: Message {
    case increment(amount: Int)
    case decrement(amount: Int)
}

private struct CounterState: State {
    var count: Int = 0

    static func update(_ state: inout CounterState, with message: Message) -> Effect? {
        guard let message = message as? CounterMessage else { return nil }

        switch message {
        case let .increment(amount):
            state.count += amount
            return nil

        case let .decrement(amount):
            state.count -= amount
            return nil
        }
    }
}

@Suite("The Swivel README's examples")
struct SeedExampleTests {
    @Test func defaultSubscriptionPrintsEveryDispatch() {
        let output = Locked<[String]>([])
        @Sendable func print(_ line: String) { output.append(line) }

        let store = Store(initialState: CounterState(count: 0))

        let unsubscribe = store.subscribe(\CounterState.count) { count in
            print("Count: \(count)")
        }

        store.dispatch(CounterMessage.increment(amount: 1))
        store.dispatch(CounterMessage.increment(amount: 2))
        store.dispatch(CounterMessage.increment(amount: 0))
        store.dispatch(CounterMessage.increment(amount: 0))

        #expect(output.current == ["Count: 0", "Count: 1", "Count: 3", "Count: 3", "Count: 3"])
        unsubscribe()
    }

    @Test func skipRepeatsWithoutImmediatelyPrintsChangesOnly() {
        let output = Locked<[String]>([])
        @Sendable func print(_ line: String) { output.append(line) }

        let store = Store(initialState: CounterState(count: 0))

        let unsubscribe = store.subscribe(\CounterState.count, immediately: false, skipRepeats: true) { count in
            print("Count: \(count)")
        }

        store.dispatch(CounterMessage.increment(amount: 1))
        store.dispatch(CounterMessage.increment(amount: 2))
        store.dispatch(CounterMessage.increment(amount: 0))
        store.dispatch(CounterMessage.increment(amount: 0))

        #expect(output.current == ["Count: 1", "Count: 3"])
        unsubscribe()
    }

    @Test func decrementMessage() {
        let store = Store(initialState: CounterState(count: 5))
        store.dispatch(CounterMessage.decrement(amount: 2))
        #expect(store.state.count == 3)
    }
}

// MARK: - Effects

/// Lets one answer of `request` go: the test decides when the answer arrives, so that it can first check
/// the state before it, however slow the machine.
private let answerRequest = DispatchSemaphore(value: 0)

/// Stands in for the README's `request(_:completion:)`: answers on another thread, later (once
/// `answerRequest` is signalled).
private func request(_ url: String, completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async {
        answerRequest.wait()
        completion(url.count)
    }
}

private enum LoadingCounterMessage: Message {
    case increment(amount: Int)
    case requestAndIncrement
}

private enum CounterEffect {
    static func requestAndIncrement() -> Effect {
        return { dispatch in
            request("https://pastebin.com/raw/uQ8LH0Gr") { (result: Int) in
                dispatch(LoadingCounterMessage.increment(amount: result))
            }
        }
    }
}

private struct LoadingCounterState: State {
    var count: Int = 0
    var isLoading: Bool = false

    static func update(_ state: inout LoadingCounterState, with message: Message) -> Effect? {
        guard let message = message as? LoadingCounterMessage else { return nil }

        switch message {
        case let .increment(amount):
            state.count += amount
            state.isLoading = false
            return nil

        case .requestAndIncrement:
            state.isLoading = true
            return CounterEffect.requestAndIncrement()  // <-- Returning an Effect
        }
    }
}

extension SeedExampleTests {
    @Test func effectDispatchesFromAnotherThreadLater() {
        let store = Store(initialState: LoadingCounterState())
        let changed = DispatchSemaphore(value: 0)
        let seen = Locked<[Bool]>([])
        let unsubscribe = store.subscribe(\LoadingCounterState.isLoading, immediately: false, skipRepeats: true) {
            seen.append($0)
            changed.signal()
        }
        defer { unsubscribe() }

        store.dispatch(LoadingCounterMessage.requestAndIncrement)
        #expect(store.state.isLoading)
        answerRequest.signal()

        #expect(wait(for: changed) { seen.current.count == 2 })
        #expect(seen.current == [true, false])
        #expect(store.state.count == "https://pastebin.com/raw/uQ8LH0Gr".count)
    }
}

// MARK: - Sub-states

private struct UserState: State {
    var name = ""
    static func update(_ state: inout UserState, with message: Message) -> Effect? {
        guard let message = message as? SignIn else { return nil }
        state.name = message.name
        return nil
    }
}

private struct AuthState: State {
    var isSignedIn = false
    static func update(_ state: inout AuthState, with message: Message) -> Effect? {
        guard message is SignIn else { return nil }
        state.isSignedIn = true
        return nil
    }
}

private struct DocumentState: State {
    var title = "Untitled"
    static func update(_ state: inout DocumentState, with message: Message) -> Effect? {
        guard let message = message as? SignIn else { return nil }
        state.title = "\(message.name)'s document"
        return nil
    }
}

private struct SignIn: Message {
    var name: String
}

private struct AppState: State {
    var user: UserState
    var auth: AuthState
    var document: DocumentState

    static func update(_ state: inout AppState, with message: Message) -> Effect? {
        let update = makeSerialUpdate(\.user, \.auth, \.document)
        return update(&state, message)
    }
}

extension SeedExampleTests {
    @Test func serialUpdateUpdatesEverySubstate() {
        let store = Store(initialState: AppState(user: UserState(), auth: AuthState(), document: DocumentState()))
        store.dispatch(SignIn(name: "Akio"))
        #expect(store.state.user.name == "Akio")
        #expect(store.state.auth.isSignedIn)
        #expect(store.state.document.title == "Akio's document")
    }
}
