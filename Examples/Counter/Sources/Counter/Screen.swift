import CounterCore
import Dispatch
import ExampleTerminal

/// The interactive screen: the lines of a ``ScreenLayout``, drawn at the top of the terminal, each at
/// an absolute position, none wider than the terminal.
///
/// A line is redrawn alone when its value changes (``show(count:)``, ``show(status:)``): the cursor
/// moves to the line's row (`ESC [ row ; 1 H`), clears it (`ESC [ K`) and writes the new text. Since no
/// line ever wraps and no move is relative, a line always lands on its own row, whatever was drawn
/// before. When the terminal's size changed since the last draw, or on ``redraw()`` (the session calls
/// it on SIGWINCH), the whole block is drawn again on a cleared screen, fitted to the new width.
/// Lines below the terminal's last row are left out.
///
/// Every draw happens in turn on one serial queue, so redraws from the store's subscribers (on the
/// delivering thread) and from SIGWINCH (on a dispatch queue) never interleave, and each draws the
/// latest values the screen was given.
///
/// `@unchecked Sendable`: `queue` serialises every draw and guards every `var`.
final class Screen: @unchecked Sendable {
    private let terminal: Terminal
    private let queue = DispatchQueue(label: "Counter.Screen")
    private var count: Int
    private var status: [String]
    /// The size the block was last drawn for.
    private var size: (columns: Int, rows: Int)
    private var isClosed = false

    /// The size to assume when the terminal does not say.
    private static let defaultSize = (columns: 80, rows: 24)

    /// Clears the screen and draws the block at its top.
    ///
    /// - Parameters:
    ///   - count: The count to show.
    ///   - status: The forms of the status line, longest first (``AppState/statusLineForms``).
    init(terminal: Terminal, count: Int, status: [String]) {
        self.terminal = terminal
        self.count = count
        self.status = status
        size = terminal.size() ?? Self.defaultSize
        queue.sync { drawAll() }
    }

    /// Shows `count` on the count line.
    func show(count: Int) {
        queue.sync {
            self.count = count
            draw(row: ScreenLayout.countRow)
        }
    }

    /// Shows the longest of `status` that fits on the status line.
    func show(status: [String]) {
        queue.sync {
            self.status = status
            draw(row: ScreenLayout.statusRow)
        }
    }

    /// Clears the screen and draws the whole block again, fitted to the terminal's current size: for
    /// SIGWINCH, after which what the terminal shows is anyone's guess (it may have cut or rewrapped
    /// lines).
    func redraw() {
        queue.sync { drawAll() }
    }

    /// Draws the block a last time with `count` and `status`, and leaves the cursor at the end of its
    /// last line, for the prompt to follow; later calls to any method draw nothing.
    func close(count: Int, status: [String]) {
        queue.sync {
            guard !isClosed else { return }
            self.count = count
            self.status = status
            drawAll()
            isClosed = true
        }
    }

    /// Draws one line, or the whole block if the terminal's size changed since the last draw.
    private func draw(row: Int) {
        guard !isClosed else { return }
        let current = terminal.size() ?? Self.defaultSize
        guard current == size else {
            drawAll()
            return
        }
        let lines = ScreenLayout(width: size.columns).lines(count: count, status: status)
        guard row < min(lines.count, size.rows) else { return }
        terminal.output(Self.moveTo(row: row) + "\u{1B}[K" + lines[row])
    }

    private func drawAll() {
        guard !isClosed else { return }
        size = terminal.size() ?? Self.defaultSize
        let lines = ScreenLayout(width: size.columns).lines(count: count, status: status).prefix(size.rows)
        var text = "\u{1B}[H\u{1B}[2J"
        for (row, line) in lines.enumerated() {
            text += Self.moveTo(row: row) + line
        }
        terminal.output(text)
    }

    /// Moves the cursor to the first column of `row`, 0 for the top row.
    private static func moveTo(row: Int) -> String {
        "\u{1B}[\(row + 1);1H"
    }
}
