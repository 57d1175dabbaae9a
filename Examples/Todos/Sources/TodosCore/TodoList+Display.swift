import Swivelish

extension Todo {
    /// The todo as a row shows it: `[x] Buy milk` when done, `[ ] Buy milk` when not.
    public var line: String {
        (isDone ? "[x] " : "[ ] ") + title
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
        return [summary] + visible.enumerated().map { "  \($0.offset + 1). \($0.element.line)" }
    }

    /// `2. [x] Buy milk` when the filter shows the todo at row 2; `[x] Buy milk (hidden by the filter)`
    /// when it hides it.
    public func rowLine(_ todo: Todo) -> String {
        guard let row = row(of: todo.id) else { return todo.line + " (hidden by the filter)" }
        return "\(row). \(todo.line)"
    }

    /// What changed from `old` to this state, one line per change, as the scripted mode prints it.
    ///
    /// ```
    /// added: 3. [ ] Buy milk
    /// changed: 2. [x] Call mom
    /// deleted: [ ] Walk the dog
    /// moved:                      (then the listing's rows)
    /// filter: active              (then the listing)
    /// opened: Buy milk
    /// reminder: 3s left
    /// reminder due: Buy milk
    /// closed: Buy milk
    /// ```
    ///
    /// A failed save is not a line here: the session reports ``saveError`` on standard error.
    public func changes(from old: TodoList) -> [String] {
        var lines: [String] = []
        if let detail = old.detail, detail.todoID != self.detail?.todoID {
            lines.append("closed: \(old.todos[id: detail.todoID]?.title ?? "todo \(detail.todoID)")")
        }
        for todo in old.todos where todos[id: todo.id] == nil {
            lines.append("deleted: \(todo.line)")
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
        lines += detailChanges(from: old)
        return lines
    }

    private func detailChanges(from old: TodoList) -> [String] {
        guard let detail else { return [] }
        let title = todos[id: detail.todoID]?.title ?? "todo \(detail.todoID)"
        var lines: [String] = []
        let previous = old.detail?.todoID == detail.todoID ? old.detail : nil
        if previous == nil {
            lines.append("opened: \(title)")
        }
        if let left = detail.secondsLeft, left != previous?.secondsLeft {
            lines.append("reminder: \(left)s left")
        }
        if detail.isReminderDue, previous?.isReminderDue != true {
            lines.append("reminder due: \(title)")
        }
        return lines
    }
}

/// Everything of a ``TodoList`` that the interactive screen draws, except what is inside each todo: the
/// order of the todos, the filter, the detail and the save error.
///
/// The interactive session redraws from a subscription to ``TodoList/structure`` with `skipRepeats`,
/// and from one store per row (`store.scope(\.todos, id:)`) for what changes inside one todo: toggling
/// or renaming a todo notifies that row's subscriber only.
public struct ListStructure: Equatable, Sendable {
    /// The ids of the todos, in order.
    public var ids: IdentifiedArray<Todo>.IDs
    /// Which todos the list shows.
    public var filter: TodoFilter
    /// The open todo's detail, if any.
    public var detail: TodoDetail?
    /// Why the last save failed, if it did.
    public var saveError: String?
}

extension TodoList {
    /// The list's ``ListStructure``: what changes when todos are added, deleted or moved, when the filter
    /// changes, when the detail opens, ticks or closes, and when a save fails.
    public var structure: ListStructure {
        ListStructure(ids: todos.ids, filter: filter, detail: detail, saveError: saveError)
    }
}
