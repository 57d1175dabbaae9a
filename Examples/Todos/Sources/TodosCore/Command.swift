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
/// | `history`               | `.history`                       |
/// | `settings`              | `.settings`                      |
/// | `set mark ✓`            | `.setMark("✓")`                  |
/// | `set ids on`            | `.setShowsIDs(true)`             |
/// | `remind 3`              | `.remind(seconds: 3)`            |
/// | `back`                  | `.back`                          |
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
    /// Shows the detail of the todo at `row`, over the list alone.
    case open(row: Int)
    /// Pushes the history of the todo whose detail is on top.
    case history
    /// Pushes the settings screen.
    case settings
    /// Makes `mark` the done mark every row shows.
    case setMark(String)
    /// Shows or hides every row's id.
    case setShowsIDs(Bool)
    /// Starts the open todo's reminder: it is due after `seconds`.
    case remind(seconds: Int)
    /// Pops the screen on top (a detail's countdown is cancelled).
    case back
    /// Pops every screen, cancelling the detail's reminder.
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
    /// A message for a screen is addressed to it by its id: `remind` to the open detail, `history` to the
    /// detail on top (which asks the list to push its history), and `back` is `Dismiss` sent to the screen on
    /// top, which its stack pops.
    ///
    /// - Throws: ``CommandError/noSuchRow(_:rowCount:)`` for a row the list does not show,
    ///   ``CommandError/noTodoOpen`` for ``remind(seconds:)`` with no detail open,
    ///   ``CommandError/noDetailOnTop`` for ``history`` when no detail is on top, and
    ///   ``CommandError/noScreenOpen`` for ``back`` and ``close`` when only the list shows.
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
        case .history:
            guard let top = list.topScreen, top.screen.detail != nil else { throw .noDetailOnTop }
            return ScreenMessage<TodoRoute>(id: top.id, TodoDetail.Action.showHistory)
        case .settings:
            return TodoList.Action.showSettings
        case let .setMark(mark):
            return TodoSettings.Action.setDoneMark(mark)
        case let .setShowsIDs(shows):
            return TodoSettings.Action.setShowsIDs(shows)
        case let .remind(seconds):
            guard let open = list.openDetail else { throw .noTodoOpen }
            return ScreenMessage<TodoRoute>(id: open.id, TodoDetail.Action.remind(seconds: seconds))
        case .back:
            guard let top = list.topScreen else { throw .noScreenOpen }
            return ScreenMessage<TodoRoute>(id: top.id, Dismiss())
        case .close:
            guard !list.path.isEmpty else { throw .noScreenOpen }
            return TodoList.Action.close
        case .wait, .list, .quit:
            return nil
        }
    }
}
