import Dispatch
import Swivelish
import SwivelishTesting
import Testing

// The "Testing" section of README.md, compiled and run. Its CounterState is the README's counter with
// the loading effect; the request stands in for a network call that answers 42.

private enum CounterMessage: Message, Equatable {
    case increment(amount: Int)
    case requestAndIncrement
}

private func request(_ completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async { completion(42) }
}

private struct CounterState: State, Equatable {
    var count: Int = 0
    var isLoading: Bool = false

    static func update(_ state: inout CounterState, with message: Message) -> Effect? {
        guard let message = message as? CounterMessage else { return nil }
        switch message {
        case let .increment(amount):
            state.count += amount
            state.isLoading = false
            return nil
        case .requestAndIncrement:
            state.isLoading = true
            return { dispatch in
                request { amount in dispatch(CounterMessage.increment(amount: amount)) }
            }
        }
    }
}

@Test func fetchAddsTheAmount() async {
    let store = TestStore(initialState: CounterState())

    store.send(CounterMessage.increment(amount: 1)) { $0.count = 1 }
    store.send(CounterMessage.requestAndIncrement) { $0.isLoading = true }
    await store.receive(CounterMessage.increment(amount: 42)) {
        $0.count = 43
        $0.isLoading = false
    }
    await store.finish()
}
