import Swivelish
import SwivelishPersistence

/// What the app keeps between runs besides the todos: the settings, and the screens open over the list.
///
/// Saved as JSON to ``path(forTodoFile:)``, beside the todo file, through the store's
/// `Persistence<TodoSession>` (`dispatch.dependencies.persistence(of: TodoSession.self)`): ``TodoList``'s
/// `update` returns a debounced save (`Effects.save`) after each message that changed the session, and the
/// app saves the last one when it quits. A reminder is not part of it: a detail is saved without its
/// countdown, which ran in the run that started it, so a countdown's ticks save nothing.
public struct TodoSession: Codable, Equatable, Sendable {
    /// The settings every row reads.
    public var settings: TodoSettings

    /// The screens open over the list, with their ids.
    public var path: ScreenStack<TodoRoute>

    /// A session with `settings` and the screens of `path`.
    ///
    /// - Parameters:
    ///   - settings: The settings.
    ///   - path: The screens open over the list.
    public init(settings: TodoSettings = TodoSettings(), path: ScreenStack<TodoRoute> = ScreenStack()) {
        self.settings = settings
        self.path = path
    }

    /// How long ``TodoList``'s save of the session waits for the next change: quick changes are saved once.
    public static let saveDelay = Duration.milliseconds(500)

    /// The session file of the todo file at `todoFile`: `todos.session.json` for `todos.json`, and
    /// `PATH.session.json` for a path that does not end in `.json`.
    ///
    /// - Parameter todoFile: The todo file's path.
    /// - Returns: The session file's path.
    public static func path(forTodoFile todoFile: String) -> String {
        (todoFile.hasSuffix(".json") ? String(todoFile.dropLast(".json".count)) : todoFile) + ".session.json"
    }
}

extension TodoList {
    /// The settings and the screens open, each detail without its reminder: what is saved between runs.
    public var session: TodoSession {
        var path = path
        for id in path.ids {
            if case var .detail(detail)? = path[id: id], detail.secondsLeft != nil || detail.isReminderDue {
                detail.secondsLeft = nil
                detail.isReminderDue = false
                path[id: id] = .detail(detail)
            }
        }
        return TodoSession(settings: settings, path: path)
    }

    /// A list of `todos` with the settings and the screens of `session`, saved by an earlier run. A screen of
    /// a todo that is no longer in the list (deleted in the file, or another file) is dropped, with the
    /// screens above it; a detail comes back without a reminder.
    ///
    /// - Parameters:
    ///   - todos: The todos.
    ///   - session: The session saved.
    public init(todos: [Todo], session: TodoSession) {
        self.init(todos: todos)
        settings = session.settings
        path = session.session(keepingScreensOf: self.todos)
        path = self.session.path  // without reminders: their countdowns ran in the run that saved them
    }

    /// The effect that saves `session` once ``TodoSession/saveDelay`` has passed without another change, and
    /// sends ``Action/saveFailed(_:)`` if it fails.
    static func save(_ session: TodoSession) -> Effect? {
        // Clocks need macOS 13: the Todos app is a terminal program for Linux and macOS 13 or later.
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return nil }
        return Effects.save(session, debouncedFor: TodoSession.saveDelay) { error in
            Action.saveFailed(error.description)
        }
    }
}

extension TodoSession {
    /// ``path`` without the screens of todos `todos` does not hold, and those above them.
    fileprivate func session(keepingScreensOf todos: IdentifiedArray<Todo>) -> ScreenStack<TodoRoute> {
        var path = path
        if let gone = zip(path.ids, path).first(where: { $0.1.todoID.map { todos[id: $0] == nil } ?? false }) {
            path.pop(from: gone.0)
        }
        return path
    }
}
