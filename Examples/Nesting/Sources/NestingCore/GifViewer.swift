import Swivelish

/// A viewer of pictures of one topic: it asks its client for another when told, and shows the answer.
///
/// Its effect knows nothing of where the viewer lives; the answer comes back to the viewer that asked,
/// whether it is one of a pair or a row of a list.
public struct GifViewer: State, Identifiable, Equatable, Sendable {
    /// The viewer's id, among the viewers of a list.
    public let id: Int
    /// What the pictures are of.
    public var topic: String
    /// The picture shown; `nil` until the first answer.
    public var gif: String?
    /// Whether a picture was asked for and has not come yet.
    public var isLoading = false

    /// A viewer of `topic` showing nothing yet.
    public init(id: Int, topic: String) {
        self.id = id
        self.topic = topic
    }

    /// What the viewer's button and its effect send.
    public enum Action: Message, Equatable {
        /// Asks the client for another picture.
        case requestMore
        /// The client's answer: the picture to show.
        case loaded(String)
    }

    /// Applies `message` to `state`; returns the effect it starts, if any.
    public static func update(_ state: inout GifViewer, with message: Message) -> Effect? {
        switch message.as(Action.self) {
        case .requestMore?:
            state.isLoading = true
            let topic = state.topic
            return { dispatch in
                dispatch(Action.loaded(dispatch.dependencies.gifClient.fetch(topic)))
            }
        case let .loaded(gif)?:
            state.gif = gif
            state.isLoading = false
            return nil
        case nil:
            return nil
        }
    }
}
