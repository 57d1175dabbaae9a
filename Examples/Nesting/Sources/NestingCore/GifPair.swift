import Swivelish

/// Two gif viewers of one type side by side: each one's answer reaches that viewer only.
public struct GifPair: State, Equatable, Sendable {
    public var left = GifViewer(id: 0, topic: "cats")
    public var right = GifViewer(id: 1, topic: "dogs")

    public init() {}

    public static func update(_ state: inout GifPair, with message: Message) -> Effect? {
        makeSerialUpdate(\.left, \.right)(&state, message)
    }
}
