import Swivelish

/// The four nesting examples of the Elm Architecture tutorial in one state: each part is a component
/// written alone, given a scoped store of its own.
public struct Nesting: State, Equatable, Sendable {
    public var counterPair = CounterPair()
    public var counterList = CounterList()
    public var gifPair = GifPair()
    public var gifList = GifList()

    public init() {}

    public static func update(_ state: inout Nesting, with message: Message) -> Effect? {
        makeSerialUpdate(\.counterPair, \.counterList, \.gifPair, \.gifList)(&state, message)
    }
}
