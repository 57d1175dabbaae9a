import Swivelish

extension Todo {
    /// The todo as a row shows it with `settings`: `[x] Buy milk` when done, `[ ] Buy milk` when not; the
    /// done mark is ``TodoSettings/doneMark`` (`[✓] Buy milk`), and the id follows the brackets when
    /// ``TodoSettings/showsIDs`` (`[ ] #3 Buy milk`).
    public func line(with settings: TodoSettings) -> String {
        "[" + (isDone ? settings.doneMark : " ") + "] " + (settings.showsIDs ? "#\(id) " : "") + title
    }
}

extension TodoList {
    /// The list as `list` prints it: a summary, then each row the filter shows, numbered, indented.
    ///
    /// ```
    /// 2 of 3 shown (filter: all), 1 done
    ///   1. [ ] Buy milk
    ///   2. [x] Call mom
    /// ```
    public var listing: [String] {
        let visible = visibleTodos
        let done = todos.count { $0.isDone }
        let summary = "\(visible.count) of \(todos.count) shown (filter: \(filter.rawValue)), \(done) done"
        return [summary] + visible.enumerated().map { "  \($0.offset + 1). \($0.element.line(with: settings))" }
    }

    /// `2. [x] Buy milk` when the filter shows the todo at row 2; `[x] Buy milk (hidden by the filter)`
    /// when it hides it.
    public func rowLine(_ todo: Todo) -> String {
        guard let row = row(of: todo.id) else { return todo.line(with: settings) + " (hidden by the filter)" }
        return "\(row). \(todo.line(with: settings))"
    }

    /// The title of the todo with `id`, or `todo 4` when there is none.
    func title(ofTodo id: Int) -> String {
        todos[id: id]?.title ?? "todo \(id)"
    }

    /// What changed from `old` to this state, one line per change, as the scripted mode prints it.
    ///
    /// ```
    /// closed: Buy milk            (a screen popped: a detail; `closed: history of Buy milk`, `closed: settings`)
    /// added: 3. [ ] Buy milk
    /// changed: 2. [x] Call mom
    /// deleted: [ ] Walk the dog
    /// moved:                      (then the listing's rows)
    /// filter: active              (then the listing)
    /// settings: mark ✓            (a setting changed, then the listing: every row shows it)
    /// opened: Buy milk            (a detail pushed)
    /// reminder: 3s left
    /// reminder due: Buy milk
    /// history: Buy milk           (its history pushed, then its events, indented)
    /// settings: mark x, ids off   (the settings screen pushed)
    /// ```
    ///
    /// Screens popped come first, top first; screens pushed or changed last, bottom first. A failed save is
    /// not a line here: the session reports ``saveError`` on standard error.
    public func changes(from old: TodoList) -> [String] {
        var lines: [String] = []
        for (id, screen) in zip(old.path.ids, old.path).reversed() where path[id: id] == nil {
            lines.append("closed: " + old.name(of: screen))
        }
        for todo in old.todos where todos[id: todo.id] == nil {
            lines.append("deleted: \(todo.line(with: old.settings))")
        }
        for todo in todos {
            guard let before = old.todos[id: todo.id] else {
                lines.append("added: \(rowLine(todo))")
                continue
            }
            if before != todo {
                lines.append("changed: \(rowLine(todo))")
            }
        }
        let common = Set(old.todos.ids).intersection(todos.ids)
        if old.todos.ids.filter(common.contains) != todos.ids.filter(common.contains) {
            lines.append("moved:")
            lines += listing.dropFirst()
        }
        if filter != old.filter {
            lines.append("filter: \(filter.rawValue)")
            lines += listing
        }
        if settings != old.settings {
            lines.append("settings: " + settingsChanges(from: old.settings))
            lines += listing
        }
        for (id, screen) in zip(path.ids, path) {
            lines += screenChanges(screen, from: old.path[id: id])
        }
        return lines
    }

    /// `Buy milk` for a detail, `history of Buy milk`, `settings`: a screen as a `closed:` line names it.
    private func name(of screen: TodoRoute) -> String {
        switch screen {
        case let .detail(detail): title(ofTodo: detail.todoID)
        case let .history(history): "history of " + title(ofTodo: history.todoID)
        case .settings: "settings"
        }
    }

    /// `mark ✓`, `ids on`, `mark ✓, ids on`: the settings that changed since `old`.
    private func settingsChanges(from old: TodoSettings) -> String {
        var changed: [String] = []
        if settings.doneMark != old.doneMark { changed.append("mark \(settings.doneMark)") }
        if settings.showsIDs != old.showsIDs { changed.append("ids \(settings.showsIDs ? "on" : "off")") }
        return changed.joined(separator: ", ")
    }

    /// The lines of `screen`, pushed (`previous` is `nil`) or changed since `previous`, the same screen
    /// (same id) before.
    private func screenChanges(_ screen: TodoRoute, from previous: TodoRoute?) -> [String] {
        switch screen {
        case let .detail(detail):
            let title = title(ofTodo: detail.todoID)
            let before = previous?.detail
            var lines = previous == nil ? ["opened: \(title)"] : []
            if let left = detail.secondsLeft, left != before?.secondsLeft {
                lines.append("reminder: \(left)s left")
            }
            if detail.isReminderDue, before?.isReminderDue != true {
                lines.append("reminder due: \(title)")
            }
            return lines
        case let .history(history):
            guard previous == nil else { return [] }
            let events = histories[history.todoID] ?? []
            return ["history: \(title(ofTodo: history.todoID))"]
                + (events.isEmpty ? ["  (nothing yet in this session)"] : events.map { "  \($0.text)" })
        case .settings:
            return previous == nil ? ["settings: \(settings.summary)"] : []
        }
    }
}

/// Everything of a ``TodoList`` that the interactive screen draws, except what is inside each todo and the
/// settings: the order of the todos, the filter, the screens over the list, the events of the history on
/// top, and the save error.
///
/// The interactive session redraws from a subscription to ``TodoList/structure`` with `skipRepeats`, from
/// one store per row (`store.scope(\.todos, id:)`) for what changes inside one todo, and from the store of
/// the settings (`store.scope(\.settings)`): toggling or renaming a todo notifies that row's subscriber only
/// (and the structure's when its history is on top).
public struct ListStructure: Equatable, Sendable {
    /// The ids of the todos, in order.
    public var ids: IdentifiedArray<Todo>.IDs
    /// Which todos the list shows.
    public var filter: TodoFilter
    /// The screens over the list.
    public var path: ScreenStack<TodoRoute>
    /// The events of the todo whose history is on top; `nil` when no history is on top.
    public var shownHistory: [TodoEvent]?
    /// Why the last save failed, if it did.
    public var saveError: String?
}

extension TodoList {
    /// The list's ``ListStructure``: what changes when todos are added, deleted or moved, when the filter
    /// changes, when a screen is pushed, changes (a detail's countdown ticks) or is popped, when something
    /// happens to the todo whose history is on top, and when a save fails.
    public var structure: ListStructure {
        var shownHistory: [TodoEvent]?
        if case let .history(history)? = path.last {
            shownHistory = histories[history.todoID] ?? []
        }
        return ListStructure(
            ids: todos.ids, filter: filter, path: path, shownHistory: shownHistory, saveError: saveError)
    }
}
