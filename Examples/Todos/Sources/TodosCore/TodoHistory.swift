import Swivelish

/// The history screen of one todo: what happened to it in this session, pushed over its detail by
/// `history` (the `h` key), as a ``TodoRoute/history(_:)``.
///
/// It holds the todo's id only. The events are kept once, in ``TodoList/histories``, recorded by the list's
/// `update` for every todo whether its history is shown or not; the screen shows them as they are now, so a
/// todo toggled while its history is on top adds a line to it.
public struct TodoHistory: State, Equatable, Codable {
    /// The id of the todo whose history this is.
    public var todoID: Int

    /// The history screen of the todo with `todoID`.
    public init(todoID: Int) {
        self.todoID = todoID
    }

    /// Ignores every message: the screen has nothing of its own to change.
    public static func update(_ state: inout TodoHistory, with message: Message) -> Effect? {
        nil
    }
}
