import Swivelish

/// The four nesting examples of the Elm Architecture tutorial in one state: each part is a component
/// written alone, given a scoped store of its own.
public struct Nesting: State, Equatable, Sendable {
    /// The counter pair.
    public var counterPair = CounterPair()
    /// The list of counters.
    public var counterList = CounterList()
    /// The gif pair.
    public var gifPair = GifPair()
    /// The list of gif viewers.
    public var gifList = GifList()

    /// The four examples, each as it starts.
    public init() {}

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout Nesting, with message: Message) -> Effect? {
        makeSerialUpdate(\.counterPair, \.counterList, \.gifPair, \.gifList)(&state, message)
    }
}
