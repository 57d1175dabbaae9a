import Swivelish

/// What the interactive mode keeps besides the store's ``TodoList``: where the cursor is, and the title
/// being typed. It turns each key into the messages to dispatch.
///
/// ```swift
/// var ui = InteractiveState()
/// let result = ui.handle(.character(" "), in: store.state)  // toggles the row under the cursor
/// result.messages.forEach(store.dispatch)
/// ```
public struct InteractiveState: Equatable, Sendable {
    /// What the keys do.
    public enum Mode: Equatable, Sendable {
        /// Keys move the cursor and act on the list.
        case browsing
        /// Keys type the title of a new todo.
        case adding(String)
        /// Keys type the new title of the todo with `id`.
        case editing(id: Int, text: String)
    }

    /// The cursor's row, from 0; kept within the rows shown by ``cursorRow(in:)``.
    public var cursor = 0

    /// What the keys do now.
    public var mode = Mode.browsing

    /// Creates the state of a new session: browsing, on the first row.
    public init() {}

    /// What a key asks for.
    public struct KeyResult {
        /// The messages to dispatch, in order.
        public var messages: [any Message] = []
        /// The exit status, when the key ends the session.
        public var quitStatus: Int32?
    }

    /// The cursor's row among the rows `list` shows (from 0), or `nil` when it shows none.
    public func cursorRow(in list: TodoList) -> Int? {
        let count = list.visibleTodos.count
        return count == 0 ? nil : min(max(cursor, 0), count - 1)
    }

    /// Applies `key`: moves the cursor or edits the title typed, and returns the messages to dispatch to
    /// the store holding `list`.
    public mutating func handle(_ key: Key, in list: TodoList) -> KeyResult {
        var result = KeyResult()
        switch key {
        case .controlC:
            result.quitStatus = 130
            return result
        case .controlD where mode == .browsing:
            result.quitStatus = 0
            return result
        default:
            break
        }
        switch mode {
        case .browsing:
            browse(key, in: list, &result)
        case let .adding(text):
            if let text = type(key, into: text) {
                mode = .adding(text)
            } else if key == .enter, let title = trimmed(text) {
                result.messages.append(TodoList.Action.add(title: title))
                cursor = list.visibleTodos.count  // the new row, when the filter shows it
                mode = .browsing
            } else if key == .enter || key == .escape || key == .controlD {
                mode = .browsing
            }
        case let .editing(id, text):
            if let text = type(key, into: text) {
                mode = .editing(id: id, text: text)
            } else if key == .enter, let title = trimmed(text) {
                result.messages.append(ElementMessage<Todo>(id: id, Todo.Action.rename(title)))
                mode = .browsing
            } else if key == .enter || key == .escape || key == .controlD {
                mode = .browsing
            }
        }
        return result
    }

    private mutating func browse(_ key: Key, in list: TodoList, _ result: inout KeyResult) {
        let visible = list.visibleTodos
        let row = cursorRow(in: list)
        let todo = row.map { visible[$0] }
        cursor = row ?? 0
        switch key {
        case .up, .character("k"):
            cursor = max(cursor - 1, 0)
        case .down, .character("j"):
            cursor = min(cursor + 1, max(visible.count - 1, 0))
        case .character(" "), .character("x"):
            if let todo { result.messages.append(ElementMessage<Todo>(id: todo.id, Todo.Action.toggle)) }
        case .character("a"):
            mode = .adding("")
        case .character("e"):
            if let todo { mode = .editing(id: todo.id, text: todo.title) }
        case .character("d"):
            if let todo { result.messages.append(ElementMessage<Todo>(id: todo.id, Todo.Action.delete)) }
        case .character("f"):
            result.messages.append(TodoList.Action.setFilter(list.filter.next))
        case .character("K"):
            if let todo, let row, row > 0 {
                result.messages.append(TodoList.Action.move(id: todo.id, toPositionOf: visible[row - 1].id))
                cursor = row - 1
            }
        case .character("J"):
            if let todo, let row, row + 1 < visible.count {
                result.messages.append(TodoList.Action.move(id: todo.id, toPositionOf: visible[row + 1].id))
                cursor = row + 1
            }
        case .enter, .character("o"):
            if let todo { result.messages.append(TodoList.Action.open(id: todo.id)) }
        case .character("s"):
            result.messages.append(TodoList.Action.showSettings)
        case .character("q"):
            result.quitStatus = 0
        case .escape, .character("b"):
            // `Dismiss` to the screen on top, which its stack pops, as the screen's own back button would.
            if let top = list.topScreen { result.messages.append(ScreenMessage<TodoRoute>(id: top.id, Dismiss())) }
        case .character("c"):
            if !list.path.isEmpty { result.messages.append(TodoList.Action.close) }
        default:
            screenKey(key, in: list, &result)
        }
    }

    /// A key of the screen on top: a detail's reminder and history, the settings screen's settings.
    private func screenKey(_ key: Key, in list: TodoList, _ result: inout KeyResult) {
        switch (key, list.topScreen?.screen) {
        case (.character("h"), .detail?):
            if let top = list.topScreen {
                result.messages.append(ScreenMessage<TodoRoute>(id: top.id, TodoDetail.Action.showHistory))
            }
        case (.character("m"), .settings?):
            let marks = TodoSettings.suggestedMarks
            let next = marks.firstIndex(of: list.settings.doneMark).map { (marks.index(after: $0)) % marks.count } ?? 0
            result.messages.append(TodoSettings.Action.setDoneMark(marks[next]))
        case (.character("i"), .settings?):
            result.messages.append(TodoSettings.Action.setShowsIDs(!list.settings.showsIDs))
        case let (.character(digit), _) where ("1"..."9").contains(digit):
            // The open detail's reminder, whichever screen is on top of it.
            if let open = list.openDetail, let seconds = digit.wholeNumberValue {
                result.messages.append(
                    ScreenMessage<TodoRoute>(id: open.id, TodoDetail.Action.remind(seconds: seconds)))
            }
        default:
            break
        }
    }

    /// `text` with the character typed or the last one erased, or `nil` for a key that does not type.
    private func type(_ key: Key, into text: String) -> String? {
        switch key {
        case let .character(character): text + String(character)
        case .backspace: String(text.dropLast())
        default: nil
        }
    }

    private func trimmed(_ text: String) -> String? {
        let title = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return title.isEmpty ? nil : title
    }
}
