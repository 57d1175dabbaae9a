import Foundation
import Swivelish

/// A counter with a loading flag and effects of every kind, to test the test store with.
struct Counter: State, Equatable {
    var count = 0
    var isLoading = false
    var history: [Int] = []
    var names: [String: Int] = [:]

    enum Action: Message, Equatable {
        case increment
        case add(Int)
        case fetch  // async effect: dispatches .loaded(42)
        case fetchWithCallback  // closure effect: dispatches .loaded(7) from another thread, later
        case loaded(Int)
        case fetchForever  // async effect that runs until cancelled
        case cancelFetch
        case twoStep  // concat of .add(1) and .add(2)
        case name(String)
    }

    static func update(_ state: inout Counter, with message: Message) -> Effect? {
        guard let action = message as? Action else { return nil }
        switch action {
        case .increment:
            state.count += 1
            state.history.append(state.count)
            return nil
        case let .add(amount):
            state.count += amount
            return nil
        case .fetch:
            state.isLoading = true
            return Effects.run { dispatch in
                await Task.yield()
                dispatch(Action.loaded(42))
            }
        case .fetchWithCallback:
            state.isLoading = true
            return { dispatch in
                // Late enough that a test has begun to wait for it, even on a loaded machine (20 ms was not,
                // once, for TestStoreWaitingTests' woken receive).
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(250)) {
                    dispatch(Action.loaded(7))
                }
            }
        case let .loaded(amount):
            state.isLoading = false
            state.count += amount
            return nil
        case .fetchForever:
            state.isLoading = true
            return Effects.run(id: "forever") { _ in
                // Until cancelled, however long the machine keeps the test waiting (a single long sleep
                // ended on its own once, in a ThreadSanitizer run that held the test for over a minute).
                while true {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                }
            }
        case .cancelFetch:
            state.isLoading = false
            return Effects.cancel(id: "forever")
        case .twoStep:
            return Effects.concat(Effects.send(Action.add(1)), Effects.send(Action.add(2)))
        case let .name(name):
            state.names[name] = state.count
            return nil
        }
    }
}
