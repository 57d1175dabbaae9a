import Swivelish

/// The whole app: the todos, the filter, the detail of the open todo, and whether the last save failed.
///
/// Its `update` is three layers, each a Swivelish idiom:
///
/// - `updateElements(\.todos, ...)` gives an `ElementMessage<Todo>` to that todo's own `update`
///   (``Todo/Action/toggle``, ``Todo/Action/rename(_:)``);
/// - inside it, `updatePresented(\.$detail, ...)` gives every message to the open ``TodoDetail`` while
///   it is open, and cancels its countdown when it is closed;
/// - inside that, the list's own logic: ``Action``, and what a row asks of it, matched in one pattern
///   (`message.as(Todo.Action.self, at: \TodoList.todos)`): a row's ``Todo/Action/delete``.
///
/// When a message changed ``todos``, the update also returns an effect that saves them through the
/// store's ``TodoStorage`` (`dispatch.dependencies.todoStorage`); a save that fails sends
/// ``Action/saveFailed(_:)``.
public struct TodoList: State, Equatable {
    /// The todos, in the user's order.
    public var todos: IdentifiedArray<Todo>

    /// Which todos the list shows.
    public var filter: TodoFilter = .all

    /// The detail of the open todo; `nil` while none is open.
    @Presented public var detail: TodoDetail?

    /// Why the last save failed; `nil` when it succeeded (or nothing was saved yet).
    public var saveError: String?

    /// The id the next todo added gets.
    public var nextID: Int

    /// Creates a list of `todos`, showing all of them, with none open.
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
        /// Opens the detail of the todo with `id`, closing the one open, if any; does nothing when it is
        /// the one open (its countdown goes on).
        case open(id: Int)
        /// Closes the detail, cancelling its countdown.
        case close
        /// A save failed, for `reason`: sent by the save effect.
        case saveFailed(String)
        /// A save succeeded: sent by the save effect only after one failed.
        case saved
    }

    /// Routes messages to the todos and the detail, applies ``Action`` and a row's ``Todo/Action/delete``,
    /// and saves the todos when they changed.
    public static func update(_ state: inout TodoList, with message: Message) -> Effect? {
        let before = state.todos
        let effect = updateElements(\.todos, of: &state, with: message) { state, message in
            updatePresented(\.$detail, of: &state, with: message) { state, message in
                // A row asks its list to delete it: the row's message, with its id, in one pattern.
                if case let (id, .delete)? = message.as(Todo.Action.self, at: \TodoList.todos) {
                    state.delete(id: id)
                } else if let action = message as? Action {
                    state.apply(action)
                }
                return nil
            }
        }
        guard state.todos != before else { return effect }
        return Effects.concat(effect, save(Array(state.todos), afterFailure: state.saveError != nil))
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
            guard todos[id: id] != nil, detail?.id != id else { return }  // opening the open one: no-op
            detail = TodoDetail(todoID: id)  // another id: the countdown of the one open, if any, is cancelled
        case .close:
            detail = nil
        case let .saveFailed(reason):
            saveError = reason
        case .saved:
            saveError = nil
        }
    }

    /// Deletes the todo with `id`, closing its detail if it is open (which cancels its countdown).
    private mutating func delete(id: Int) {
        if detail?.todoID == id {
            detail = nil
        }
        todos.remove(id: id)
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

    /// The todo whose detail is open, if any.
    public var openTodo: Todo? {
        detail.flatMap { todos[id: $0.todoID] }
    }
}
