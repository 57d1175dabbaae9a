import Swivelish

/// A list of gif viewers, one for each topic added.
public struct GifList: State, Equatable, Sendable {
    public var viewers: IdentifiedArray<GifViewer> = []
    public var nextID = 0

    public init() {}

    public enum Action: Message, Equatable {
        case add(topic: String)
    }

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
