import Swivelish

/// Two counters of one type side by side. A message through `scope(\.top)` reaches `top` only.
public struct CounterPair: State, Equatable, Sendable {
    public var top = Counter(id: 0)
    public var bottom = Counter(id: 1)

    public init() {}

    public enum Action: Message, Equatable {
        case reset
    }

    public static func update(_ state: inout CounterPair, with message: Message) -> Effect? {
        if message.as(Action.self) == .reset {
            state = CounterPair()
            return nil
        }
        return makeSerialUpdate(\.top, \.bottom)(&state, message)
    }
}
