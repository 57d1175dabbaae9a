import Swivelish

/// What the user can ask for, by a line of a script (or, for some, a key of the interactive mode).
///
/// Rows are numbered from 1, in the order the list shows them with its current filter.
///
/// | Line                    | Command                          |
/// |-------------------------|----------------------------------|
/// | `add Buy milk`          | `.add(title: "Buy milk")`        |
/// | `toggle 2`              | `.toggle(row: 2)`                |
/// | `edit 2 Buy oat milk`   | `.edit(row: 2, title: ...)`      |
/// | `delete 1`              | `.delete(row: 1)`                |
/// | `filter active`         | `.filter(.active)`               |
/// | `move 3 1`              | `.move(row: 3, toRow: 1)`        |
/// | `open 2`                | `.open(row: 2)`                  |
/// | `remind 3`              | `.remind(seconds: 3)`            |
/// | `close`                 | `.close`                         |
/// | `wait 2`                | `.wait(seconds: 2)`              |
/// | `list`                  | `.list`                          |
/// | `quit`                  | `.quit`                          |
public enum Command: Equatable, Sendable {
    /// Adds a todo at the end.
    case add(title: String)
    /// Marks the todo at `row` done, or not done.
    case toggle(row: Int)
    /// Renames the todo at `row`.
    case edit(row: Int, title: String)
    /// Deletes the todo at `row`.
    case delete(row: Int)
    /// Shows only some todos.
    case filter(TodoFilter)
    /// Moves the todo at `row` to where the todo at `toRow` is.
    case move(row: Int, toRow: Int)
    /// Opens the detail of the todo at `row`.
    case open(row: Int)
    /// Starts the open todo's reminder: it is due after `seconds`.
    case remind(seconds: Int)
    /// Closes the detail, cancelling its reminder.
    case close
    /// Lets `seconds` pass on the scripted session's clock (the interactive mode's clock is real time).
    case wait(seconds: Int)
    /// Prints the list.
    case list
    /// Ends the session.
    case quit

    /// The message that carries the command out on `list`, or `nil` for ``wait(seconds:)``, ``list``
    /// and ``quit``, which the session handles.
    ///
    /// - Throws: ``CommandError/noSuchRow(_:rowCount:)`` for a row the list does not show, and
    ///   ``CommandError/noTodoOpen`` for ``remind(seconds:)`` with no detail open.
    public func message(for list: TodoList) throws(CommandError) -> (any Message)? {
        func id(ofRow row: Int) throws(CommandError) -> Int {
            guard let todo = list.todo(atRow: row) else {
                throw .noSuchRow(row, rowCount: list.visibleTodos.count)
            }
            return todo.id
        }
        switch self {
        case let .add(title):
            return TodoList.Action.add(title: title)
        case let .toggle(row):
            return ElementMessage<Todo>(id: try id(ofRow: row), Todo.Action.toggle)
        case let .edit(row, title):
            return ElementMessage<Todo>(id: try id(ofRow: row), Todo.Action.rename(title))
        case let .delete(row):
            return ElementMessage<Todo>(id: try id(ofRow: row), Todo.Action.delete)
        case let .filter(filter):
            return TodoList.Action.setFilter(filter)
        case let .move(row, toRow):
            return TodoList.Action.move(id: try id(ofRow: row), toPositionOf: try id(ofRow: toRow))
        case let .open(row):
            return TodoList.Action.open(id: try id(ofRow: row))
        case let .remind(seconds):
            guard list.detail != nil else { throw .noTodoOpen }
            return TodoDetail.Action.remind(seconds: seconds)
        case .close:
            guard list.detail != nil else { throw .noTodoOpen }
            return TodoList.Action.close
        case .wait, .list, .quit:
            return nil
        }
    }
}
