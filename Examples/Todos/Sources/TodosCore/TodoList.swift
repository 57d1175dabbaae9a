import Swivelish

/// The whole app: the todos, the filter, the screens pushed over the list, the settings every row reads,
/// each todo's history, and whether the last save failed.
///
/// Its `update` is three layers, each a Swivelish idiom:
///
/// - `updateElements(\.todos, ...)` gives an `ElementMessage<Todo>` to that todo's own `update`
///   (``Todo/Action/toggle``, ``Todo/Action/rename(_:)``);
/// - inside it, `updateStack(\.path, ...)` gives a `ScreenMessage<TodoRoute>` to that screen's `update`
///   (a ``TodoDetail``'s reminder), pops a screen that sends `Dismiss` (`back`), and cancels the countdown of
///   a detail it pops;
/// - inside that, the list's own logic: the settings' messages (`makeSerialUpdate(\.settings)`), ``Action``,
///   and what a child asks of it, each matched in one pattern with the child's id: a row's
///   ``Todo/Action/delete`` (`message.as(Todo.Action.self, at: \TodoList.todos)`) and a detail's
///   ``TodoDetail/Action/showHistory`` (`message.as(TodoDetail.Action.self, at: \TodoList.path)`).
///
/// When a message changed ``todos``, the update records what happened to each in ``histories``, and returns
/// an effect that saves them through the store's ``TodoStorage`` (`dispatch.dependencies.todoStorage`); a
/// save that fails sends ``Action/saveFailed(_:)``. When it changed the ``session`` (the settings, the
/// screens), it returns a save of the session too, once changes pause (``TodoSession``).
public struct TodoList: State, Equatable {
    /// The todos, in the user's order.
    public var todos: IdentifiedArray<Todo>

    /// Which todos the list shows.
    public var filter: TodoFilter = .all

    /// The screens over the list, bottom first: at most one todo's detail, at the bottom, then its history,
    /// then the settings, each with the id the stack made for it. Empty while only the list shows.
    public var path = ScreenStack<TodoRoute>()

    /// The settings every row reads, kept once here and changed only by ``TodoSettings/Action``.
    public var settings = TodoSettings()

    /// What happened to each todo in this session, by the todo's id, oldest first: what its history screen
    /// lists. A deleted todo's goes with it. Not saved in the todo file.
    public var histories: [Int: [TodoEvent]] = [:]

    /// Why the last save failed; `nil` when it succeeded (or nothing was saved yet).
    public var saveError: String?

    /// The id the next todo added gets.
    public var nextID: Int

    /// Creates a list of `todos`, showing all of them, with no screen over it and the default settings.
    public init(todos: [Todo] = []) {
        self.todos = IdentifiedArray(todos)
        nextID = (todos.map(\.id).max() ?? 0) + 1
    }

    /// What can be done to the list.
    public enum Action: Message, Equatable {
        /// Adds a todo at the end, not done.
        case add(title: String)
        /// Moves the todo with `id` to where the todo with `target` is now.
        case move(id: Int, toPositionOf: Int)
        /// Shows only the todos `filter` shows.
        case setFilter(TodoFilter)
        /// Shows the detail of the todo with `id`: pops every screen (cancelling the countdown of a detail
        /// open), then pushes the todo's detail. When that todo's detail is open already, pops only the screens
        /// above it, and its countdown goes on.
        case open(id: Int)
        /// Pushes the settings screen, unless it is on top.
        case showSettings
        /// Pops every screen, cancelling the detail's countdown: only the list shows.
        case close
        /// A save failed, for `reason`: sent by the save effect.
        case saveFailed(String)
        /// A save succeeded: sent by the save effect only after one failed.
        case saved
    }

    /// Routes messages to the todos and the screens, applies the settings' messages, ``Action``, a row's
    /// ``Todo/Action/delete`` and a detail's ``TodoDetail/Action/showHistory``; records what happened to the
    /// todos in ``histories`` and saves them when they changed.
    public static func update(_ state: inout TodoList, with message: Message) -> Effect? {
        let before = state.todos
        let sessionBefore = state.session
        var effect = updateElements(\.todos, of: &state, with: message) { state, message in
            updateStack(\.path, of: &state, with: message) { state, message in
                // The settings are a sub-state: their own messages, also those their store
                // (`store.scope(\.settings)`) dispatches.
                let settingsEffect = makeSerialUpdate(\.settings)(&state, message)
                // A child asks its list: the child's message, with its id, in one pattern.
                if case let (id, .delete)? = message.as(Todo.Action.self, at: \TodoList.todos) {
                    state.delete(id: id)
                } else if case let (id, .showHistory)? = message.as(TodoDetail.Action.self, at: \TodoList.path) {
                    state.showHistory(ofDetail: id)
                } else if let action = message as? Action {
                    state.apply(action)
                }
                return settingsEffect
            }
        }
        if state.todos != before {
            state.recordHistories(from: before)
            effect = Effects.concat(effect, save(Array(state.todos), afterFailure: state.saveError != nil))
        }
        // The session's save waits for a pause: it runs beside the others, not after them.
        let session = state.session
        guard session != sessionBefore, let saveSession = save(session) else { return effect }
        return effect.map { Effects.merge($0, saveSession) } ?? saveSession
    }

    private mutating func apply(_ action: Action) {
        switch action {
        case let .add(title):
            todos.append(Todo(id: nextID, title: title))
            nextID += 1
        case let .move(id, target):
            guard let source = todos.ids.firstIndex(of: id),
                let destination = todos.ids.firstIndex(of: target)
            else { return }
            todos.move(from: source, to: destination)
        case let .setFilter(filter):
            self.filter = filter
        case let .open(id):
            guard todos[id: id] != nil else { return }
            if let open = openDetail, open.detail.todoID == id {
                path.pop(to: open.id)  // the open one: what is over it goes, its countdown goes on
            } else {
                path.popToRoot()  // the countdown of the detail open, if any, is cancelled
                path.push(.detail(TodoDetail(todoID: id)))
            }
        case .showSettings:
            if case .settings(_)? = path.last { return }
            path.push(.settings(SettingsScreen()))
        case .close:
            path.popToRoot()
        case let .saveFailed(reason):
            saveError = reason
        case .saved:
            saveError = nil
        }
    }

    /// Pushes the history of the todo whose detail is the screen `id`, when that detail is on top.
    private mutating func showHistory(ofDetail id: ScreenID) {
        guard path.ids.last == id, let detail = path[id: id]?.detail else { return }
        path.push(.history(TodoHistory(todoID: detail.todoID)))
    }

    /// Deletes the todo with `id`, popping its screens (its detail, its history) and those above them (which
    /// cancels its detail's countdown).
    private mutating func delete(id: Int) {
        if let (screen, _) = zip(path.ids, path).first(where: { $0.1.todoID == id }) {
            path.pop(from: screen)
        }
        todos.remove(id: id)
    }

    /// Records in ``histories`` what happened to each todo since `before`: added, renamed, done or not done;
    /// a deleted todo's history goes.
    private mutating func recordHistories(from before: IdentifiedArray<Todo>) {
        for id in before.ids where todos[id: id] == nil {
            histories[id] = nil
        }
        for todo in todos {
            guard let old = before[id: todo.id] else {
                histories[todo.id, default: []].append(.added(todo.title))
                continue
            }
            if old.title != todo.title {
                histories[todo.id, default: []].append(.renamed(todo.title))
            }
            if old.isDone != todo.isDone {
                histories[todo.id, default: []].append(todo.isDone ? .done : .notDone)
            }
        }
    }

    /// The effect that saves `todos` through the store's ``TodoStorage``; it sends
    /// ``Action/saveFailed(_:)`` if the save fails, and ``Action/saved`` if it succeeds after a failure.
    private static func save(_ todos: [Todo], afterFailure: Bool) -> Effect {
        { dispatch in
            do {
                try dispatch.dependencies.todoStorage.save(todos)
                if afterFailure {
                    dispatch(Action.saved)
                }
            } catch {
                dispatch(Action.saveFailed(String(describing: error)))
            }
        }
    }

    /// The todos the filter shows, in order: the rows of the list, numbered from 1.
    public var visibleTodos: [Todo] {
        todos.filter { filter.shows($0) }
    }

    /// The todo shown at `row` (1 for the first row), or `nil` when there is no such row.
    public func todo(atRow row: Int) -> Todo? {
        let visible = visibleTodos
        guard row >= 1, row <= visible.count else { return nil }
        return visible[row - 1]
    }

    /// The row at which `id` is shown (1 for the first), or `nil` when the filter hides it.
    public func row(of id: Int) -> Int? {
        visibleTodos.firstIndex { $0.id == id }.map { $0 + 1 }
    }

    /// The screen on top and its id; `nil` while only the list shows.
    public var topScreen: (id: ScreenID, screen: TodoRoute)? {
        guard let id = path.ids.last, let screen = path.last else { return nil }
        return (id, screen)
    }

    /// The detail open, and its screen's id: the bottom screen when it is a detail (on top, or under its
    /// history or the settings); `nil` when none is open.
    public var openDetail: (id: ScreenID, detail: TodoDetail)? {
        guard let id = path.ids.first, let detail = path.first?.detail else { return nil }
        return (id, detail)
    }

    /// The todo whose detail is open, if any.
    public var openTodo: Todo? {
        openDetail.flatMap { todos[id: $0.detail.todoID] }
    }
}
