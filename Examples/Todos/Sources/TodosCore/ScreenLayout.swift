/// The lines of the interactive screen, fitted to a terminal's size.
///
/// ```
/// Swivelish todos  (filter: all, 1 of 3 done)
///
/// > 1. [ ] Buy milk
///   2. [x] Call mom
///   3. [ ] Walk the dog
///
/// Open: Call mom  (1-9: remind in so many seconds)
///
/// j/k up/down  space toggle  a add  e edit  d delete  f filter
/// J/K reorder  Enter open  1-9 remind  c close  q quit
/// ```
///
/// No line is wider than ``width`` (each is cut there), so none wraps. When the rows do not all fit in
/// ``height``, those around the cursor are shown.
public struct ScreenLayout: Equatable, Sendable {
    /// The terminal's width in columns.
    public let width: Int

    /// The terminal's height in rows.
    public let height: Int

    /// Creates the layout of a terminal `width` columns wide and `height` rows high (negative counts
    /// as 0).
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// Every line of the screen, top row first, at most ``height`` of them.
    public func lines(list: TodoList, ui: InteractiveState) -> [String] {
        let done = list.todos.count { $0.isDone }
        let title = "Swivelish todos  (filter: \(list.filter.rawValue), \(done) of \(list.todos.count) done)"
        let bottom = [""] + [detailLine(list), statusLine(list, ui), ""] + helpLines(ui)
        let rows = rowLines(list, ui, room: max(height - 2 - bottom.count, 1))
        let lines = [title, ""] + rows + bottom
        return lines.prefix(height).map { String($0.prefix(width)) }
    }

    private func rowLines(_ list: TodoList, _ ui: InteractiveState, room: Int) -> [String] {
        let visible = list.visibleTodos
        guard let cursor = ui.cursorRow(in: list) else {
            return [list.filter == .all ? "  (no todos: press a to add one)" : "  (no \(list.filter.rawValue) todos)"]
        }
        let all = visible.enumerated().map { index, todo in
            (index == cursor ? "> " : "  ") + "\(index + 1). " + todo.line
        }
        guard all.count > room else { return all }
        let start = min(max(cursor - room / 2, 0), all.count - room)
        return Array(all[start..<start + room])
    }

    private func detailLine(_ list: TodoList) -> String {
        guard let detail = list.detail, let todo = list.openTodo else { return "No todo open (Enter opens one)" }
        let reminder: String
        if let left = detail.secondsLeft {
            reminder = "reminder in \(left)s"
        } else if detail.isReminderDue {
            reminder = "REMINDER DUE"
        } else {
            reminder = "1-9: remind in so many seconds"
        }
        return "Open: \(todo.title)  (\(reminder))"
    }

    private func statusLine(_ list: TodoList, _ ui: InteractiveState) -> String {
        switch ui.mode {
        case let .adding(text): "Add: \(text)_"
        case let .editing(_, text): "Edit: \(text)_"
        case .browsing: list.saveError.map { "Not saved: \($0)" } ?? ""
        }
    }

    private func helpLines(_ ui: InteractiveState) -> [String] {
        guard ui.mode == .browsing else { return ["Enter save   Esc cancel   Backspace erase"] }
        return [
            "j/k up/down  space toggle  a add  e edit  d delete  f filter",
            "J/K reorder  Enter open  1-9 remind  c close  q quit",
        ]
    }
}
