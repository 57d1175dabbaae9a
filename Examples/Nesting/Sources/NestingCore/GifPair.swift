import Swivelish

/// Two gif viewers of one type side by side: each one's answer reaches that viewer only.
public struct GifPair: State, Equatable, Sendable {
    /// The left viewer, of cats.
    public var left = GifViewer(id: 0, topic: "cats")
    /// The right viewer, of dogs.
    public var right = GifViewer(id: 1, topic: "dogs")

    /// A viewer of cats beside one of dogs, neither showing a picture yet.
    public init() {}

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout GifPair, with message: Message) -> Effect? {
        makeSerialUpdate(\.left, \.right)(&state, message)
    }
}
