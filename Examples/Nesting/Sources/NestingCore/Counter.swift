import Swivelish

/// A counter: the Elm Architecture tutorial's first component, which knows nothing of where it is used.
public struct Counter: State, Identifiable, Equatable, Sendable {
    /// The counter's id, among the counters of a list.
    public let id: Int
    /// What the counter shows.
    public var count = 0

    /// A counter with `id` at `count`.
    public init(id: Int, count: Int = 0) {
        self.id = id
        self.count = count
    }

    /// What a counter's buttons send.
    public enum Action: Message, Equatable {
        /// Adds 1.
        case increment
        /// Takes 1 away.
        case decrement
        /// Asks whoever holds the counter to remove it: a list handles it, a pair ignores it.
        case remove
    }

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout Counter, with message: Message) -> Effect? {
        switch message.as(Action.self) {
        case .increment?: state.count += 1
        case .decrement?: state.count -= 1
        case .remove?, nil: break
        }
        return nil
    }
}
