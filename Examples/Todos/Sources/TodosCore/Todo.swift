import Swivelish

/// One todo: a row of the list, with its own `update` for what is done to one row.
///
/// It is addressed by its ``id`` through an `ElementMessage`:
///
/// ```swift
/// store.dispatch(ElementMessage<Todo>(id: 2, Todo.Action.toggle))
/// ```
///
/// What a row cannot do to itself, it asks of its list: ``Action/delete`` (a row's delete button) is handled
/// by ``TodoList``, which matches it by pattern.
public struct Todo: State, Identifiable, Equatable, Codable {
    /// The todo's id: unique in its list, never reused while the list is open.
    public var id: Int

    /// What is to be done.
    public var title: String

    /// Whether it is done.
    public var isDone: Bool

    /// Creates a todo.
    ///
    /// - Parameters:
    ///   - id: Its id, unique in its list.
    ///   - title: What is to be done.
    ///   - isDone: Whether it is done; not yet by default.
    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }

    /// What can be done to one todo.
    public enum Action: Message, Equatable {
        /// Marks it done, or not done again.
        case toggle
        /// Gives it a new title.
        case rename(String)
        /// Asks the list to delete it: the row's delete button. The row leaves it to ``TodoList``, which
        /// deletes the row (and closes its detail if it is open).
        case delete
    }

    /// Applies ``Action``; ignores other messages, and ``Action/delete``, which is the list's to handle.
    public static func update(_ state: inout Todo, with message: Message) -> Effect? {
        switch message as? Action {
        case .toggle?:
            state.isDone.toggle()
        case let .rename(title)?:
            state.title = title
        case .delete?, nil:
            break
        }
        return nil
    }
}
