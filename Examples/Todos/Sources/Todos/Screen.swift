import Dispatch
import TodosCore
import ExampleTerminal

/// The interactive screen: the lines of a ``ScreenLayout``, drawn at the top of the terminal, each at
/// an absolute position (`ESC [ row ; 1 H`), cleared to its end (`ESC [ K`), none wider than the
/// terminal; the rest of the screen below is cleared (`ESC [ J`).
///
/// Each draw works out all the lines from the latest list and interface state the screen was given, and
/// writes only those that differ from what it drew last, in place: a redraw never clears the whole
/// screen, so it does not flicker, except after a resize (``redraw()``, on SIGWINCH, or a size found
/// changed), where the terminal may have cut or rewrapped what it showed, and every line is drawn again.
///
/// Every draw happens in turn on one serial queue, so redraws from the store's subscriber (on the
/// delivering thread), from keys (on the main thread) and from SIGWINCH (on a dispatch queue) never
/// interleave.
///
/// `@unchecked Sendable`: `queue` serialises every draw and guards every `var`.
final class Screen: @unchecked Sendable {
    private let terminal: Terminal
    private let queue = DispatchQueue(label: "Todos.Screen")
    private var list: TodoList
    private var ui: InteractiveState
    private var isClosed = false
    /// The lines on the screen, and the size they were drawn for.
    private var drawn: (lines: [String], columns: Int, rows: Int)?

    /// The size to assume when the terminal does not say.
    private static let defaultSize = (columns: 80, rows: 24)

    /// Clears the screen and draws `list` at its top.
    init(terminal: Terminal, list: TodoList, ui: InteractiveState) {
        self.terminal = terminal
        self.list = list
        self.ui = ui
        queue.sync { draw(clearing: true) }
    }

    /// Shows `list`.
    func show(list: TodoList) {
        queue.sync {
            self.list = list
            draw(clearing: false)
        }
    }

    /// Shows `todo` as it is now, if the list shown has it: for the store of its row.
    func show(todo: Todo) {
        queue.sync {
            guard list.todos[id: todo.id] != nil else { return }
            list.todos[id: todo.id] = todo
            draw(clearing: false)
        }
    }

    /// Shows `settings`, which every row and the settings screen show: for the store of the settings.
    func show(settings: TodoSettings) {
        queue.sync {
            list.settings = settings
            draw(clearing: false)
        }
    }

    /// Shows `ui`: the cursor, and the title being typed.
    func show(ui: InteractiveState) {
        queue.sync {
            self.ui = ui
            draw(clearing: false)
        }
    }

    /// Clears the screen and draws it all again, fitted to the terminal's current size.
    func redraw() {
        queue.sync { draw(clearing: true) }
    }

    /// Draws a last time with `list`, and leaves the cursor below the last line, for the prompt to
    /// follow; later calls to any method draw nothing.
    func close(list: TodoList, ui: InteractiveState) {
        queue.sync {
            guard !isClosed else { return }
            self.list = list
            self.ui = ui
            draw(clearing: false)
            isClosed = true
        }
    }

    private func draw(clearing: Bool) {
        guard !isClosed else { return }
        let size = terminal.size() ?? Self.defaultSize
        let lines = ScreenLayout(width: size.columns, height: size.rows).lines(list: list, ui: ui)
        var previous = drawn.flatMap { $0.columns == size.columns && $0.rows == size.rows ? $0.lines : nil }
        var text = ""
        if clearing || previous == nil {
            text = "\u{1B}[H\u{1B}[2J"
            previous = []
        }
        for (row, line) in lines.enumerated() where row >= previous!.count || previous![row] != line {
            text += Self.moveTo(row: row) + "\u{1B}[K" + line
        }
        if lines.count < previous!.count {
            text += Self.moveTo(row: lines.count) + "\u{1B}[J"
        }
        drawn = (lines, size.columns, size.rows)
        guard !text.isEmpty else { return }
        text += Self.moveTo(row: max(lines.count - 1, 0)) + "\u{1B}[\((lines.last?.count ?? 0) + 1)G"
        terminal.output(text)
    }

    /// Moves the cursor to the first column of `row`, 0 for the top row.
    private static func moveTo(row: Int) -> String {
        "\u{1B}[\(row + 1);1H"
    }
}
