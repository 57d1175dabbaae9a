/// What happened to a todo in this session: a line of its history screen (``TodoHistory``).
///
/// ``TodoList`` records them in ``TodoList/histories`` as its `update` changes the todos. They are not
/// saved in the todo file: a todo loaded from it has no history until something happens to it.
public enum TodoEvent: Equatable, Sendable {
    /// It was added, with this title.
    case added(String)
    /// It was given this title.
    case renamed(String)
    /// It was marked done.
    case done
    /// It was marked not done again.
    case notDone

    /// `added as "Buy milk"`, `renamed to "Buy oat milk"`, `done`, `not done`.
    public var text: String {
        switch self {
        case let .added(title): "added as \(String(reflecting: title))"
        case let .renamed(title): "renamed to \(String(reflecting: title))"
        case .done: "done"
        case .notDone: "not done"
        }
    }
}
