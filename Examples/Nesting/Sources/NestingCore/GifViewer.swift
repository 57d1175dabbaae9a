import Swivelish

/// A viewer of pictures of one topic: it asks its client for another when told, and shows the answer.
///
/// Its effect knows nothing of where the viewer lives; the answer comes back to the viewer that asked,
/// whether it is one of a pair or a row of a list.
public struct GifViewer: State, Identifiable, Equatable, Sendable {
    public let id: Int
    public var topic: String
    public var gif: String?
    public var isLoading = false

    public init(id: Int, topic: String) {
        self.id = id
        self.topic = topic
    }

    public enum Action: Message, Equatable {
        case requestMore
        case loaded(String)
    }

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
