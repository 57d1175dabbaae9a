import Swivelish

/// Two counters of one type side by side. A message through `scope(\.top)` reaches `top` only.
public struct CounterPair: State, Equatable, Sendable {
    /// The upper counter.
    public var top = Counter(id: 0)
    /// The lower counter.
    public var bottom = Counter(id: 1)

    /// Two counters at 0.
    public init() {}

    /// What the pair's own button sends.
    public enum Action: Message, Equatable {
        /// Sets both counters back to 0.
        case reset
    }

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout CounterPair, with message: Message) -> Effect? {
        if message.as(Action.self) == .reset {
            state = CounterPair()
            return nil
        }
        return makeSerialUpdate(\.top, \.bottom)(&state, message)
    }
}
