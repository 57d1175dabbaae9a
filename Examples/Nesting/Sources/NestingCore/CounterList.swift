import Swivelish

/// A list of counters: the list adds them, each row is a `Counter` with a store of its own, and a row's
/// "remove" is the list's to handle (a child asks its parent).
public struct CounterList: State, Equatable, Sendable {
    /// The counters, in the order they were inserted.
    public var counters: IdentifiedArray<Counter> = []
    /// The id the next counter gets: kept with the state, so that ids are never reused.
    public var nextID = 0

    /// An empty list.
    public init() {}

    /// What the list's own buttons send.
    public enum Action: Message, Equatable {
        /// Adds a counter at the end.
        case insert
    }

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout CounterList, with message: Message) -> Effect? {
        updateElements(\.counters, of: &state, with: message) { state, message in
            if message.as(Action.self) == .insert {
                state.counters.append(Counter(id: state.nextID))
                state.nextID += 1
            }
            if case let (id, .remove)? = message.as(Counter.Action.self, at: \CounterList.counters) {
                state.counters.remove(id: id)
            }
            return nil
        }
    }
}
