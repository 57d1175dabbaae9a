import Swivelish

/// A counter: the Elm Architecture tutorial's first component, which knows nothing of where it is used.
public struct Counter: State, Identifiable, Equatable, Sendable {
    public let id: Int
    public var count = 0

    public init(id: Int, count: Int = 0) {
        self.id = id
        self.count = count
    }

    public enum Action: Message, Equatable {
        case increment
        case decrement
        /// Asks whoever holds the counter to remove it: a list handles it, a pair ignores it.
        case remove
    }

    public static func update(_ state: inout Counter, with message: Message) -> Effect? {
        switch message.as(Action.self) {
        case .increment?: state.count += 1
        case .decrement?: state.count -= 1
        case .remove?, nil: break
        }
        return nil
    }
}
