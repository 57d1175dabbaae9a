import Swivelish

/// A screen the list pushes on its stack, ``TodoList/path``: a todo's detail, its history over it, or the
/// settings.
///
/// Its `update` gives each message to the state of its case with `updateCase`, without a `switch` that only
/// forwards. A message reaches a screen addressed by the screen's id, as
/// `ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 3))`.
public enum TodoRoute: State, Equatable, Codable {
    /// The detail of a todo, with its reminder.
    case detail(TodoDetail)
    /// The history of a todo.
    case history(TodoHistory)
    /// The settings.
    case settings(SettingsScreen)

    /// Gives `message` to the screen's state.
    public static func update(_ state: inout TodoRoute, with message: Message) -> Effect? {
        updateCase(&state, with: message, cases: TodoRoute.detail, TodoRoute.history, TodoRoute.settings)
    }

    /// The detail, when this screen is one.
    public var detail: TodoDetail? {
        if case let .detail(detail) = self { detail } else { nil }
    }

    /// The id of the todo the screen shows: its detail's or its history's; `nil` for the settings.
    public var todoID: Int? {
        switch self {
        case let .detail(detail): detail.todoID
        case let .history(history): history.todoID
        case .settings: nil
        }
    }
}
