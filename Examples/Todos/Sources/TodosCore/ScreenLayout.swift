/// The lines of the interactive screen, fitted to a terminal's size: the list, then the screen on top of
/// its stack, if any.
///
/// ```
/// Swivelish todos  (filter: all, 1 of 3 done)
///
/// > 1. [ ] Buy milk
///   2. [x] Call mom
///   3. [ ] Walk the dog
///
/// History of Call mom:
///   added as "Call mom"
///   done
///
/// j/k up/down  space toggle  a add  e edit  d delete  f filter
/// J/K reorder  Enter open  s settings  q quit
/// Esc back  c close
/// ```
///
/// The rows stay in sight under every screen (a settings change shows on them at once). Below them: `No
/// todo open` when only the list shows; the detail's reminder (`Open: Call mom  (reminder in 3s)`); the
/// history's last ``historyLines`` events; or the settings. The last help line names the keys of the screen
/// on top.
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

    /// The most events of a history shown: the latest, under a line that counts the earlier ones.
    public static let historyLines = 4

    /// Every line of the screen, top row first, at most ``height`` of them.
    public func lines(list: TodoList, ui: InteractiveState) -> [String] {
        let done = list.todos.count { $0.isDone }
        let title = "Swivelish todos  (filter: \(list.filter.rawValue), \(done) of \(list.todos.count) done)"
        let bottom = [""] + screenLines(list) + [statusLine(list, ui), ""] + helpLines(list, ui)
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
            (index == cursor ? "> " : "  ") + "\(index + 1). " + todo.line(with: list.settings)
        }
        guard all.count > room else { return all }
        let start = min(max(cursor - room / 2, 0), all.count - room)
        return Array(all[start..<start + room])
    }

    /// The lines of the screen on top of the list.
    private func screenLines(_ list: TodoList) -> [String] {
        switch list.topScreen?.screen {
        case nil:
            return ["No todo open (Enter opens one)"]
        case let .detail(detail)?:
            let reminder: String
            if let left = detail.secondsLeft {
                reminder = "reminder in \(left)s"
            } else if detail.isReminderDue {
                reminder = "REMINDER DUE"
            } else {
                reminder = "1-9: remind in so many seconds"
            }
            return ["Open: \(list.title(ofTodo: detail.todoID))  (\(reminder))"]
        case let .history(history)?:
            let events = list.histories[history.todoID] ?? []
            let shown = events.suffix(Self.historyLines)
            var lines = ["History of \(list.title(ofTodo: history.todoID)):"]
            if events.isEmpty {
                lines.append("  (nothing yet in this session)")
            } else if shown.count < events.count {
                lines.append("  (\(events.count - shown.count) earlier)")
            }
            return lines + shown.map { "  " + $0.text }
        case .settings?:
            return ["Settings: \(list.settings.summary)"]
        }
    }

    private func statusLine(_ list: TodoList, _ ui: InteractiveState) -> String {
        switch ui.mode {
        case let .adding(text): "Add: \(text)_"
        case let .editing(_, text): "Edit: \(text)_"
        case .browsing: list.saveError.map { "Not saved: \($0)" } ?? ""
        }
    }

    private func helpLines(_ list: TodoList, _ ui: InteractiveState) -> [String] {
        guard ui.mode == .browsing else { return ["Enter save   Esc cancel   Backspace erase"] }
        let listKeys = [
            "j/k up/down  space toggle  a add  e edit  d delete  f filter",
            "J/K reorder  Enter open  s settings  q quit",
        ]
        switch list.topScreen?.screen {
        case nil: return listKeys
        case .detail?: return listKeys + ["1-9 remind  h history  Esc back  c close"]
        case .history?: return listKeys + ["Esc back  c close"]
        case .settings?: return listKeys + ["m mark  i ids  Esc back  c close"]
        }
    }
}
