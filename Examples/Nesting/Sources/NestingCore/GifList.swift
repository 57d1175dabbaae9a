import Swivelish

/// A list of gif viewers, one for each topic added.
public struct GifList: State, Equatable, Sendable {
    /// The viewers, in the order they were added.
    public var viewers: IdentifiedArray<GifViewer> = []
    /// The id the next viewer gets: kept with the state, so that ids are never reused.
    public var nextID = 0

    /// An empty list.
    public init() {}

    /// What the list's own controls send.
    public enum Action: Message, Equatable {
        /// Adds a viewer of `topic` at the end.
        case add(topic: String)
    }

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout GifList, with message: Message) -> Effect? {
        updateElements(\.viewers, of: &state, with: message) { state, message in
            if case let .add(topic)? = message.as(Action.self) {
                state.viewers.append(GifViewer(id: state.nextID, topic: topic))
                state.nextID += 1
            }
            return nil
        }
    }
}
